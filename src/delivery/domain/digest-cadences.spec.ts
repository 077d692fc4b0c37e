import { DigestCadence, DigestIssue, DigestSchedule, latestDigestIssue } from './digest-schedule';
import { localTimeOf } from './zoned-time';

/** Three readers whose clocks change in the same five weeks: Sydney forward on 4 Oct, Berlin back on 25 Oct, New York back on 1 Nov. */
const TIMEZONES = ['Australia/Sydney', 'Europe/Berlin', 'America/New_York'];
const CADENCES: DigestCadence[] = [
  'every-2h',
  'every-4h',
  'every-6h',
  'every-12h',
  'daily',
  'weekly',
  'monthly-15',
  'monthly-31',
];
const FROM = Date.parse('2026-09-28T00:00:00Z');
const TO = Date.parse('2026-11-05T00:00:00Z');
const TICK = 60 * 60_000;

const scheduleIn = (timezone: string, hour = 2): DigestSchedule => ({
  timezone,
  hour, // 02:00 is skipped or doubled on the change days of all three zones
  weekday: 0,
  catchUpHour: hour,
  quietEnd: 7 * 60,
});

/** Every distinct issue a scheduler ticking every hour sees, in order (the three zones are whole hours off UTC). */
function issuesSeen(cadence: DigestCadence, schedule: DigestSchedule, ticks: number[]): DigestIssue[] {
  const issues: DigestIssue[] = [];
  const seen = new Map<string, number>();
  for (const t of ticks) {
    const issue = latestDigestIssue(cadence, schedule, new Date(t));
    const known = seen.get(issue.key);
    if (known !== undefined) {
      expect(issue.dueAt.getTime()).toBe(known); // one issue per period, whenever it is asked
      continue;
    }
    seen.set(issue.key, issue.dueAt.getTime());
    issues.push(issue);
  }
  return issues;
}

const seenOverTheMonth = new Map<string, DigestIssue[]>();
/** The issues of the whole span, computed once per cadence and reader. */
function monthOfIssues(cadence: DigestCadence, schedule: DigestSchedule): DigestIssue[] {
  const name = `${cadence} ${schedule.timezone}`;
  if (!seenOverTheMonth.has(name)) seenOverTheMonth.set(name, issuesSeen(cadence, schedule, everyTick()));
  return seenOverTheMonth.get(name)!;
}

const everyTick = (from = FROM, to = TO) =>
  Array.from({ length: Math.floor((to - from) / TICK) + 1 }, (_, i) => from + i * TICK);

/** A small deterministic generator of post times: some periods get posts, others none. */
function postTimes(count: number, seed: number): number[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => FROM + Math.floor(next() * (TO - FROM))).sort((a, b) => a - b);
}

/**
 * What the digest service does, on plain data: at each tick, the latest issue due is claimed once when
 * waiting posts were there at its due time, and takes them all (`hasItemsDueFor`, `claim`, `collectItems`).
 */
function deliver(cadence: DigestCadence, schedule: DigestSchedule, posts: number[], ticks: number[]) {
  const waiting = [...posts];
  const sent = new Map<string, { dueAt: number; posts: number[] }>();
  let claimed = new Set<string>();
  for (const t of ticks) {
    const issue = latestDigestIssue(cadence, schedule, new Date(t));
    const due = issue.dueAt.getTime();
    const taken = waiting.filter((post) => post <= due && post <= t);
    if (taken.length === 0 || claimed.has(issue.key)) continue;
    claimed = new Set([...claimed, issue.key]);
    sent.set(issue.key, { dueAt: due, posts: taken });
    waiting.splice(0, waiting.length, ...waiting.filter((post) => !taken.includes(post)));
  }
  return { sent, waiting };
}

describe.each(TIMEZONES)('digest cadences in %s across a month with a daylight-saving change', (timezone) => {
  const schedule = scheduleIn(timezone);

  it.each(['every-2h', 'every-4h', 'every-6h', 'every-12h'] as const)(
    '%s: one issue at each aligned local hour, every day, change days included',
    (cadence) => {
      const every = Number(cadence.slice(6, -1));
      const issues = monthOfIssues(cadence, schedule);
      const keys = new Set(issues.map((issue) => issue.key));
      for (let t = FROM + 2 * 86_400_000; t < TO - 2 * 86_400_000; t += 86_400_000) {
        const { date } = localTimeOf(new Date(t), timezone);
        const day = `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
        for (let hour = 0; hour < 24; hour += every)
          expect(keys).toContain(`${cadence}:${day}T${String(hour).padStart(2, '0')}`);
      }
      for (const issue of issues) {
        const local = localTimeOf(issue.dueAt, timezone);
        const hour = Number(issue.key.slice(-2));
        // On the local hour itself, or just after a gap the clocks jumped over it.
        expect(local.minuteOfDay).toBeGreaterThanOrEqual(hour * 60);
        expect(local.minuteOfDay).toBeLessThanOrEqual(hour * 60 + 60);
      }
      const gaps = issues.slice(1).map((issue, i) => issue.dueAt.getTime() - issues[i].dueAt.getTime());
      for (const gap of gaps) expect(Math.abs(gap - every * 3_600_000)).toBeLessThanOrEqual(3_600_000);
    },
  );

  it.each([
    ['daily', 1, 1],
    ['weekly', 7, 7],
    ['monthly-15', 30, 31],
    ['monthly-31', 30, 31],
  ] as const)('%s: issues %i to %i days apart, at the local digest hour', (cadence, fewest, most) => {
    const issues = monthOfIssues(cadence, schedule);
    for (const [i, issue] of issues.entries()) {
      expect(Math.floor(localTimeOf(issue.dueAt, timezone).minuteOfDay / 60)).toBeLessThanOrEqual(3);
      if (i === 0) continue;
      const days = (issue.dueAt.getTime() - issues[i - 1].dueAt.getTime()) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(fewest - 1 / 24);
      expect(days).toBeLessThanOrEqual(most + 1 / 24);
    }
  });

  it.each(CADENCES)(
    '%s: exactly one email per period that had posts, none for the others, every post once',
    (cadence) => {
      const posts = postTimes(40, 7);
      const { sent, waiting } = deliver(cadence, schedule, posts, everyTick());
      const periods = monthOfIssues(cadence, schedule);
      const emailed = [...sent.values()].flatMap((issue) => issue.posts);
      expect(emailed.sort((a, b) => a - b)).toEqual(posts.filter((post) => !waiting.includes(post)));
      for (const [key, issue] of sent) {
        const index = periods.findIndex((period) => period.key === key);
        const previousDue = index > 0 ? periods[index - 1].dueAt.getTime() : -Infinity;
        // Each post is in the first issue due after it, and no issue is sent without posts.
        expect(issue.posts.length).toBeGreaterThan(0);
        for (const post of issue.posts) {
          expect(post).toBeGreaterThan(previousDue);
          expect(post).toBeLessThanOrEqual(issue.dueAt);
        }
      }
      const periodsWithPosts = periods.filter((period, i) => {
        const previousDue = i > 0 ? periods[i - 1].dueAt.getTime() : -Infinity;
        return posts.some((post) => post > previousDue && post <= period.dueAt.getTime());
      });
      expect([...sent.keys()]).toEqual(periodsWithPosts.map((period) => period.key));
    },
  );

  it.each(CADENCES)(
    '%s: after 30 hours down, one issue takes what waited; none doubled, none lost',
    (cadence) => {
      const downFrom = Date.parse('2026-10-24T20:00:00Z');
      const downTo = downFrom + 30 * 3_600_000;
      const ticks = everyTick().filter((t) => t < downFrom || t >= downTo);
      const posts = postTimes(60, 11);
      const { sent, waiting } = deliver(cadence, schedule, posts, ticks);
      const emailed = [...sent.values()].flatMap((issue) => issue.posts);
      expect(new Set(emailed).size).toBe(emailed.length);
      expect([...emailed, ...waiting].sort((a, b) => a - b)).toEqual(posts);
      for (const post of waiting) expect(post).toBeGreaterThan(TO - 32 * 86_400_000); // only the last period's
      const afterRestart = [...sent.values()].filter(
        (issue) => issue.dueAt < downTo && issue.dueAt >= downFrom,
      );
      expect(afterRestart.length).toBeLessThanOrEqual(1);
    },
  );
});

describe('monthly digests on a day some months lack', () => {
  const utc = scheduleIn('UTC', 7);
  const monthlyIssues = (cadence: DigestCadence, from: string, to: string) =>
    issuesSeen(cadence, utc, everyTick(Date.parse(from), Date.parse(to))).map(
      (issue) => `${issue.key} ${issue.dueAt.toISOString()}`,
    );

  it('goes out on the month’s last day when it is shorter', () => {
    expect(monthlyIssues('monthly-31', '2027-01-01T00:00:00Z', '2027-05-01T00:00:00Z')).toEqual([
      'monthly-31:2026-12 2026-12-31T07:00:00.000Z',
      'monthly-31:2027-01 2027-01-31T07:00:00.000Z',
      'monthly-31:2027-02 2027-02-28T07:00:00.000Z',
      'monthly-31:2027-03 2027-03-31T07:00:00.000Z',
      'monthly-31:2027-04 2027-04-30T07:00:00.000Z',
    ]);
  });

  it('on the 29th of February in a leap year', () => {
    expect(monthlyIssues('monthly-30', '2028-02-01T00:00:00Z', '2028-03-01T00:00:00Z')).toEqual([
      'monthly-30:2028-01 2028-01-30T07:00:00.000Z',
      'monthly-30:2028-02 2028-02-29T07:00:00.000Z',
    ]);
  });
});

describe('the issues that hold real-time mail', () => {
  it('releases quiet hours once, at their local end, the day they end', () => {
    const paris = { ...scheduleIn('Europe/Paris'), quietEnd: 7 * 60 + 30 };
    expect(latestDigestIssue('quiet', paris, new Date('2026-11-23T06:29:00Z'))).toEqual({
      cadence: 'quiet',
      key: 'quiet:2026-11-22T07:30',
      dueAt: new Date('2026-11-22T06:30:00Z'),
    });
    expect(latestDigestIssue('quiet', paris, new Date('2026-11-23T06:30:00Z')).key).toBe(
      'quiet:2026-11-23T07:30',
    );
  });

  it('releases what quiet hours held at once when they were turned off meanwhile', () => {
    const none = { ...scheduleIn('Asia/Kolkata'), quietEnd: null };
    const now = new Date('2026-11-23T06:29:40Z');
    expect(latestDigestIssue('quiet', none, now)).toEqual({
      cadence: 'quiet',
      key: 'quiet:2026-11-23T11:59',
      dueAt: new Date('2026-11-23T06:29:00Z'),
    });
  });

  it('sends the catch-up at the catch-up hour: the digest hour, or local midnight', () => {
    const tokyo = { ...scheduleIn('Asia/Tokyo'), catchUpHour: 0 };
    expect(latestDigestIssue('catch-up', tokyo, new Date('2026-11-23T15:00:00Z'))).toEqual({
      cadence: 'catch-up',
      key: 'catch-up:2026-11-24',
      dueAt: new Date('2026-11-23T15:00:00Z'),
    });
    const withDigest = { ...tokyo, catchUpHour: 8 };
    expect(latestDigestIssue('catch-up', withDigest, new Date('2026-11-23T15:00:00Z')).key).toBe(
      'catch-up:2026-11-23',
    );
  });
});
