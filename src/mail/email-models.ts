import type { DeliveryMode } from '../feeds/domain/delivery-modes';

/**
 * What each kind of email says, as data. Other modules describe an email with one of these and hand it
 * to MailService; how it looks (templates, headers, tokens) is the mail module's business alone.
 */
export interface Recipient {
  userId: string;
  email: string;
}

export interface EntryForEmail {
  title: string | null;
  link: string | null;
  author: string | null;
  published: Date | null;
  /** Already rewritten for email by the content module. */
  html: string;
}

export interface FeedForEmail {
  id: string;
  title: string | null;
  url: string;
  siteUrl: string | null;
}

export interface EntryEmail {
  /** One per logical email, e.g. `entry:<entryId>:user:<userId>`. */
  dedupKey: string;
  to: Recipient;
  subscriptionId: string;
  feed: FeedForEmail;
  entry: EntryForEmail;
  /** The reader's tag for the feed: the subject opens with `[tag]`. */
  subjectTag?: string | null;
  /** Sent no sooner than `until` unless withdrawn meanwhile (`MailService.withdrawHeld`). */
  hold?: { until: Date; reason: string };
  /** One line for the reader above the footer (the email that reached their daily budget says so). */
  notice?: string;
}

/** A post the reader got was edited: what changed, briefly (delivery judged it material). */
export interface EntryUpdateEmail {
  /** At most one per post, reader and day: `update:<entryId>:user:<userId>:<date>`. */
  dedupKey: string;
  to: Recipient;
  subscriptionId: string;
  feed: FeedForEmail;
  /** The subscription's subject tag (`[Ars] Updated: …`). */
  subjectTag?: string | null;
  entry: Pick<EntryForEmail, 'title' | 'link'>;
  /** The title before, when it changed. */
  titleBefore: string | null;
  /** Sentences it has now that it did not have, and those it no longer has. */
  added: string[];
  removed: string[];
  /** Changed sentences beyond those listed. */
  more: number;
}

export interface DigestEntry extends EntryForEmail {
  /** Other feeds of the reader that carried the same story ("also in"). */
  alsoIn?: FeedForEmail[];
}

/** A post a digest lists by its title alone, past the ones it shows with an excerpt. */
export type DigestHeadline = Pick<EntryForEmail, 'title' | 'link' | 'published'>;

export interface DigestSection {
  feed: FeedForEmail;
  subscriptionId: string;
  /** The reader's tag for the feed (the digest's subject carries it when every section has it). */
  subjectTag?: string | null;
  /** The newest posts, shown with an excerpt. */
  entries: DigestEntry[];
  /** The section's other posts, newest first: each listed as a linked headline while the email fits Gmail's clip. */
  headlines: DigestHeadline[];
}

export interface DigestEmail {
  dedupKey: string;
  to: Recipient;
  /** e.g. "Your daily digest" / "Your weekly digest" / "12 new posts from Example Blog" (a burst). */
  title: string;
  sections: DigestSection[];
  /** One feed's posts of one poll, sent at once: that feed's list headers, as its single posts have. */
  isBurst?: boolean;
  /** As for `EntryEmail`. */
  notice?: string;
}

/** A real-time email: one post's, or a burst's (a digest of one feed's poll). */
export type RealtimeEmail = { entry: EntryEmail } | { burst: DigestEmail };

export interface SignInEmail {
  dedupKey: string;
  to: { userId: string | null; email: string };
  link: string;
  expiresInMinutes: number;
}

/** The link that confirms another address of the reader for one feed's emails. */
export interface AddressConfirmationEmail {
  dedupKey: string;
  /** The address to confirm, on behalf of the account `userId`. */
  to: Recipient;
  accountEmail: string;
  feed: FeedForEmail;
  link: string;
  /** How many days the link works. */
  validDays: number;
}

export interface LowBalanceEmail {
  dedupKey: string;
  to: Recipient;
  balance: number;
  buyUrl: string;
  /** The price list in words (billing's `pricesInWords`). */
  prices: string;
}

export interface FeedProblemEmail {
  dedupKey: string;
  to: Recipient;
  feed: FeedForEmail;
  problem: 'gone' | 'broken';
  detail: string;
  /** When given, the email carries one-click unsubscription from this subscription. */
  subscriptionId?: string;
  subjectTag?: string | null;
}

export interface SupportReplyEmail {
  dedupKey: string;
  /** `userId` is null when answering someone without an account. */
  to: { userId: string | null; email: string };
  subject: string;
  bodyText: string;
  /** Message-IDs of the thread so far, oldest first: sent as In-Reply-To (last) and References. */
  references: string[];
  /** An automatic acknowledgement (RFC 3834): marked `Auto-Submitted: auto-replied`. */
  isAutoReply?: boolean;
}

/**
 * What a reader can change by replying to one of our emails with a single word: the subscriptions of
 * that email (pause, resume, stop, a cadence), or their own daily budget (`unlimited` lifts it).
 */
export type SubscriptionCommand = 'pause' | 'resume' | 'stop' | DeliveryCadence | 'unlimited';
export type CommandLanguage = 'en' | 'fr' | 'de' | 'es';
export type DeliveryCadence = DeliveryMode;

export interface CommandConfirmationEmail {
  dedupKey: string;
  to: Recipient;
  command: SubscriptionCommand;
  /** The language the reader wrote the command in: the confirmation answers in it. */
  language: CommandLanguage;
  /** The feeds changed; none when the subscriptions were gone already (nothing changed). */
  feeds: FeedForEmail[];
  /** The subscriptions changed: a reply to the confirmation acts on them again (undo). */
  subscriptionIds: string[];
  /** For a change of cadence, the one they all had before (null when they differed). */
  previousCadence: DeliveryCadence | null;
  /** The reader's message: the confirmation is threaded under it. */
  inReplyTo: string | null;
}

/** One post of a reader's delivery record, already in words. */
export interface RecordedPost {
  title: string;
  link: string | null;
  seenAt: string;
  outcome: string;
}

/** The answer to a reply asking "why": what happened to the latest posts of the email's feeds. */
export interface DeliveryRecordEmail {
  dedupKey: string;
  to: Recipient;
  feeds: Array<{ feed: FeedForEmail; subscriptionId: string; posts: RecordedPost[] }>;
  /** Feeds of the email replied to that the answer leaves to their pages (a digest of many feeds). */
  otherFeeds?: number;
  /** The language the reader asked in: the answer is written in it. */
  language: CommandLanguage;
  /** The reader's message: the answer is threaded under it. */
  inReplyTo: string | null;
}
