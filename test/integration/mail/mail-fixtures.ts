import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import {
  CommandConfirmationEmail,
  EntryEmail,
  FeedForEmail,
  Recipient,
} from '../../../src/mail/email-models';
import { TestApp } from '../../support/test-app';

export const MAIL_ENV = {
  MAIL_FROM: 'news@tidings.test',
  PUBLIC_URL: 'https://tidings.test',
  SECRET_KEY: 'mail-test-secret-key-0123456789',
};

/** A real user with credits to spare, subscribed to a real feed, through the real services. */
export async function subscribedReader(
  test: Pick<TestApp, 'app'>,
  email: string,
  feedUrl = 'https://blog.example/feed.xml',
) {
  const user = await test.app.get(AccountsService).addUser({ email });
  await test.app.get(BillingService).grantStarterCredits(user.id, 10_000);
  const subscription = await test.app.get(FeedsService).subscribe(user.id, feedUrl, {});
  const feed = await test.app.get(FeedsService).getFeed(subscription.feedId);
  return { user, subscription, feed };
}

export function entryEmail(
  reader: Awaited<ReturnType<typeof subscribedReader>>,
  overrides: {
    key?: string;
    title?: string | null;
    feedTitle?: string | null;
    link?: string;
    html?: string;
  } = {},
): EntryEmail {
  return {
    dedupKey: overrides.key ?? `entry:${Math.random()}:user:${reader.user.id}`,
    to: { userId: reader.user.id, email: reader.user.email },
    subscriptionId: reader.subscription.id,
    feed: {
      id: reader.feed.id,
      title: overrides.feedTitle === undefined ? 'Example Blog' : overrides.feedTitle,
      url: reader.feed.url,
      siteUrl: 'https://blog.example/',
    },
    entry: {
      title: overrides.title === undefined ? 'A fine post' : overrides.title,
      link: overrides.link ?? 'https://blog.example/fine',
      author: 'Ada',
      published: new Date('2026-11-21T08:00:00Z'),
      html: overrides.html ?? '<p>Hello <a href="https://blog.example/more">more</a></p>',
    },
  };
}

/** The answer to a `pause` reply (English) about these subscriptions of one feed. */
export function pauseConfirmation(
  dedupKey: string,
  to: Recipient,
  feed: FeedForEmail,
  subscriptionIds: string[],
): CommandConfirmationEmail {
  return {
    dedupKey,
    to,
    command: 'pause',
    language: 'en',
    feeds: [feed],
    subscriptionIds,
    previousCadence: null,
    inReplyTo: null,
  };
}
