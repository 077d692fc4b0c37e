import { useTidingsWorld } from '../support/tidings-world';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FeedServer, rssFeed } from '../support/feed-server';
import { scratchDirectory } from '../support/scratch-directory';
import { CapturedEmail } from '../support/smtp-capture';
import { testDialects } from '../support/test-database';

/** Three readers whose clocks change within the month: Sydney forward on 4 Oct, Berlin back on 25 Oct, New York back on 1 Nov. */
const READERS = {
  sydney: 'Australia/Sydney',
  berlin: 'Europe/Berlin',
  newYork: 'America/New_York',
} as const;
type Reader = keyof typeof READERS;

/** Each reader follows one feed per cadence; digests at 02:00 (skipped or doubled on change days), weekly on Sundays. */
const CADENCES = {
  '2h': { mode: 'every-2h', subject: 'Your 2-hour digest' },
  '4h': { mode: 'every-4h', subject: 'Your 4-hour digest' },
  '6h': { mode: 'every-6h', subject: 'Your 6-hour digest' },
  '12h': { mode: 'every-12h', subject: 'Your 12-hour digest' },
  daily: { mode: 'daily', subject: 'Your daily digest' },
  weekly: { mode: 'weekly', subject: 'Your weekly digest' },
  monthly: { mode: 'monthly', subject: 'Your monthly digest' },
} as const;
type Cadence = keyof typeof CADENCES;
const FEEDS = ['realtime', ...(Object.keys(CADENCES) as Cadence[])] as const;

/** Each poll finds post n (its place in this list) on every feed; real-time readers get it at once. */
const POLLS = [
  '2026-10-01T09:30:00Z',
  '2026-10-03T13:30:00Z', // Sydney 23:30 AEST, before its clocks jump from 02:00 to 03:00
  '2026-10-24T23:30:00Z', // Berlin 01:30 CEST, before 02:00 comes twice
  '2026-10-25T00:30:00Z', // Berlin 02:30 CEST, after the first 02:00
  '2026-11-01T05:30:00Z', // New York 01:30 EDT, before 01:00 comes twice
  '2026-11-02T12:00:00Z', // then the service is down for four weeks
];

/**
 * `digests send --at` at these instants, and what each reader receives then: `cadence:posts` per email
 * (none: nothing at all). Every other period of every cadence, with posts or not, sends nothing.
 */
const SENDS: Array<{ at: string } & Partial<Record<Reader, string>>> = [
  {
    at: '2026-10-01T10:00:00Z', // Sydney 20:00, Berlin 12:00, New York 06:00
    sydney: '2h:1 4h:1',
    berlin: '2h:1 4h:1 6h:1 12h:1',
    newYork: '2h:1 6h:1',
  },
  {
    at: '2026-10-02T07:00:00Z', // after 02:00 in every zone: the daily issues
    sydney: '6h:1 12h:1 daily:1',
    berlin: 'daily:1',
    newYork: '4h:1 12h:1 daily:1',
  },
  {
    at: '2026-10-03T16:00:00Z', // Sydney 03:00 AEDT: the skipped 02:00's issues go at the end of the gap
    sydney: '2h:2 4h:2 6h:2 12h:2 daily:2 weekly:1,2',
    berlin: '2h:2 4h:2 6h:2',
    newYork: '2h:2 4h:2 6h:2 12h:2',
  },
  {
    at: '2026-10-12T07:00:00Z', // a week on: what waited goes once, in the latest issue
    berlin: '12h:2 daily:2 weekly:1,2',
    newYork: 'daily:2 weekly:1,2',
  },
  {
    at: '2026-10-25T00:00:00Z', // Berlin's first 02:00 (CEST)
    berlin: '2h:3 daily:3 weekly:3',
    newYork: '2h:3 4h:3',
  },
  {
    at: '2026-10-25T01:00:00Z', // Berlin's second 02:00 (CET): the same issues, nothing again though post 4 waits
    sydney: '2h:3,4 4h:3,4 6h:3,4 12h:3,4',
  },
  {
    at: '2026-10-25T03:00:00Z', // Berlin 04:00 CET
    berlin: '2h:4 4h:3,4',
    newYork: '2h:4',
  },
  {
    at: '2026-10-31T07:00:00Z', // the 31st at 02:00 in every zone: one monthly issue each
    sydney: 'daily:3,4 monthly:1,2,3,4',
    berlin: '6h:3,4 12h:3,4 daily:4 monthly:1,2,3,4',
    newYork: '4h:4 6h:3,4 12h:3,4 daily:3,4 weekly:3,4 monthly:1,2,3,4',
  },
  {
    at: '2026-11-01T06:00:00Z', // New York 01:00 EST, when 02:00 EDT would have been: not its 02:00 yet
    sydney: 'weekly:3,4',
    berlin: 'weekly:4',
  },
  {
    at: '2026-11-01T07:00:00Z', // New York 02:00 EST
    sydney: '2h:5 6h:5',
    berlin: '2h:5 4h:5',
    newYork: '2h:5 daily:5 weekly:5',
  },
  {
    at: '2026-11-30T08:00:00Z', // back after four weeks: one issue per cadence; monthly on the 30th, the month's last day
    sydney: '2h:6 4h:5,6 6h:6 12h:5,6 daily:5,6 weekly:5,6 monthly:5,6',
    berlin: '2h:6 4h:6 6h:5,6 12h:5,6 daily:5,6 weekly:5,6 monthly:5,6',
    newYork: '2h:6 4h:5,6 6h:5,6 12h:5,6 daily:6 weekly:6 monthly:5,6',
  },
  { at: '2026-11-30T09:00:00Z' }, // none doubled
];

const address = (reader: Reader) => `${reader.toLowerCase()}@example.com`;

/**
 * The issue's "what done looks like", through the real `tidings` processes and SMTP: across a month with
 * a clock change in each reader's zone, exactly one email per period that had posts, none otherwise,
 * and one issue after downtime. `src/delivery/domain/digest-cadences.spec.ts` sweeps every hour on plain data.
 */
describe.each(testDialects())('every cadence in three timezones across a month, on %s', (dialect) => {
  const world = useTidingsWorld(dialect, { FETCH_HOST_GAP_MS: '0' });
  const { tidings } = world;

  it('sends one email per period that had posts, none for the others, one after downtime', async () => {
    for (const feed of FEEDS) publish(world.feeds, feed, 0);
    for (const [reader, timezone] of Object.entries(READERS))
      await tidings(
        'users',
        'add',
        address(reader as Reader),
        '--timezone',
        timezone,
        '--digest-hour',
        '2',
        '--digest-weekday',
        '0',
      );
    // Sydney's feeds come from a file written by hand; the others import the file Sydney's exported.
    const handWritten = join(scratchDirectory(), 'month-feeds.opml');
    writeFileSync(handWritten, opmlOf(world.feeds));
    expect(await tidings('opml', 'import', address('sydney'), handWritten)).toMatch(/^imported 8 feeds/);
    const exported = await tidings('opml', 'export', address('sydney'));
    expect(exported).toContain('tidings:mode="monthly" tidings:dayOfMonth="31"');
    const exportedFile = join(scratchDirectory(), 'month-feeds-exported.opml');
    writeFileSync(exportedFile, exported);
    // Their digests below show the modes and the day of the month came through.
    for (const reader of ['berlin', 'newYork'] as const)
      expect(await tidings('opml', 'import', address(reader), exportedFile)).toMatch(/^imported 8 feeds/);
    await tidings('poll', '--once', '--all', '--at', '2026-09-30T12:00:00Z');

    const steps = [
      ...POLLS.map((at, index) => ({ at, post: index + 1 })),
      ...SENDS.map((send) => ({ ...send, post: 0 })),
    ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    for (const step of steps) {
      const before = world.smtp.messages.length;
      if (step.post) {
        for (const feed of FEEDS) publish(world.feeds, feed, step.post, step.at);
        expect(await tidings('poll', '--once', '--all', '--at', step.at)).toContain(
          '(0 failed), 8 new entries',
        );
        const realtime = (await world.smtp.waitFor(before + 3)).slice(before);
        expect(realtime.map((email) => `${email.envelope.to[0]} ${email.parsed.subject}`).sort()).toEqual(
          Object.keys(READERS)
            .map((reader) => `${address(reader as Reader)} realtime post ${step.post}`)
            .sort(),
        );
        continue;
      }
      const send = step as (typeof SENDS)[number];
      const expected = Object.keys(READERS).flatMap((reader) =>
        issuesIn(reader as Reader, send[reader as Reader]),
      );
      await tidings('digests', 'send', '--at', send.at);
      const sent = (await world.smtp.waitFor(before + expected.length)).slice(before);
      expect({ at: send.at, emails: sent.map(issueOf).sort() }).toEqual({
        at: send.at,
        emails: expected.sort(),
      });
    }
    expect(world.smtp.messages).toHaveLength(POLLS.length * 3 + countIssues());
  });
});

/** Post n of a feed, and the ones before it; published ten minutes before the poll that finds it. */
function publish(feeds: FeedServer, feed: string, upTo: number, at?: string): void {
  const posts = Array.from({ length: upTo }, (_, index) => upTo - index).map((n) => ({
    title: `${feed} post ${n}`,
    link: `https://${feed}.example/${n}`,
    date: new Date(Date.parse(at ?? POLLS[n - 1]) - 600_000).toUTCString(),
    description: `Post ${n} of the ${feed} feed.`,
  }));
  feeds.set(`/${feed}.xml`, { body: rssFeed(`The ${feed} feed`, posts, `https://${feed}.example/`) });
}

function opmlOf(feeds: FeedServer): string {
  const outlines = FEEDS.map((feed) => {
    const mode = feed === 'realtime' ? 'realtime' : CADENCES[feed].mode;
    const day = feed === 'monthly' ? ' tidings:dayOfMonth="31"' : '';
    return `<outline type="rss" text="${feed}" xmlUrl="${feeds.url(`/${feed}.xml`)}" tidings:mode="${mode}"${day}/>`;
  });
  return (
    '<?xml version="1.0"?><opml version="2.0" xmlns:tidings="https://tidings.example/ns/opml/1">' +
    `<head><title>month</title></head><body>${outlines.join('')}</body></opml>`
  );
}

/** `2h:3,4 daily:4` as the `reader subject: posts` lines of the emails it names. */
function issuesIn(reader: Reader, issues: string | undefined): string[] {
  return (issues ?? '')
    .split(' ')
    .filter(Boolean)
    .map((issue) => {
      const [cadence, posts] = issue.split(':');
      return `${address(reader)} ${CADENCES[cadence as Cadence].subject}: ${posts}`;
    });
}

/** An email as `reader subject: posts` (the numbers of the posts it names). */
function issueOf(email: CapturedEmail): string {
  const numbers = [...(email.parsed.text ?? '').matchAll(/ post (\d+)/g)].map((match) => Number(match[1]));
  const posts = [...new Set(numbers)].sort((a, b) => a - b).join(',');
  return `${email.envelope.to[0]} ${email.parsed.subject}: ${posts}`;
}

function countIssues(): number {
  return SENDS.flatMap((send) =>
    Object.keys(READERS).flatMap((reader) => issuesIn(reader as Reader, send[reader as Reader])),
  ).length;
}
