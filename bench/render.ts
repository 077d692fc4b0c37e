import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { htmlToText } from '../src/content';
import { entryView } from '../src/mail/domain/email-views';
import { EntryEmail } from '../src/mail/email-models';
import { EmailTemplates } from '../src/mail/email-templates';
import { peakMemoryMiB, reportBench, timeMs } from './support/report';

/**
 * Entry emails, HTML and text parts, rendered from the layouts compiled once (MJML at start, Handlebars
 * per email, the text layout from the same view) against the naive way: fill the MJML source, run MJML
 * for every email and convert its HTML to text. Same data, same run.
 */
const OURS_COUNT = 5000;
const BASELINE_COUNT = 200;
const directory = join(__dirname, '..', '..', 'templates', 'email');

function model(i: number): EntryEmail {
  return {
    dedupKey: `bench:${i}`,
    to: { userId: 'u', email: `reader${i}@example.com` },
    subscriptionId: 's',
    feed: {
      id: 'f',
      title: `Example Blog ${i}`,
      url: 'https://blog.example/feed.xml',
      siteUrl: 'https://blog.example/',
    },
    entry: {
      title: `Post number ${i} <with> "quotes" & {{braces}}`,
      link: `https://blog.example/posts/${i}`,
      author: 'Ada',
      published: new Date('2026-11-22T08:00:00Z'),
      html: `<p>${'Some words of a typical post. '.repeat(60)}</p>`,
    },
  };
}

function view(i: number) {
  return {
    ...entryView(model(i)),
    subject: `Post number ${i}`,
    preview: 'Some words of a typical post.',
    footerNote: 'You get this email because you subscribed to Example Blog with Tidings.',
    unsubscribeUrl: `https://tidings.example/unsubscribe/${i}`,
    settingsUrl: 'https://tidings.example/',
  };
}

async function main(): Promise<void> {
  const templates = new EmailTemplates(directory).warm();
  let oursBytes = 0;
  const oursMs = await timeMs(() => {
    for (let i = 0; i < OURS_COUNT; i += 1) {
      const fields = view(i);
      oursBytes += templates.render('entry', fields).length + templates.renderText('entry', fields).length;
    }
  });

  const mjml = require('mjml') as (source: string, options: object) => { html: string };
  const filePath = join(directory, 'entry.mjml');
  const fillSource = Handlebars.create().compile(readFileSync(filePath, 'utf8'), { strict: true });
  let baselineBytes = 0;
  const baselineMs = await timeMs(() => {
    for (let i = 0; i < BASELINE_COUNT; i += 1) {
      const { html } = mjml(fillSource(view(i)), { filePath, validationLevel: 'skip' });
      baselineBytes += html.length + htmlToText(html).length;
    }
  });

  reportBench({
    name: 'render',
    ours: (OURS_COUNT / oursMs) * 1000,
    baseline: (BASELINE_COUNT / baselineMs) * 1000,
    unit: 'emails/s',
    higherIsBetter: true,
    extra: {
      ours_emails: OURS_COUNT,
      baseline_emails: BASELINE_COUNT,
      ours_avg_bytes: oursBytes / OURS_COUNT,
      baseline_avg_bytes: baselineBytes / BASELINE_COUNT,
      peak_rss_mib: peakMemoryMiB(),
    },
  });
}

main().catch((error: Error) => {
  console.error(`render: ${error.stack ?? error.message}`);
  process.exit(1);
});
