import { DeliveryEntry } from './delivery-entry';
import {
  applyFilters,
  judgeEntries,
  keepSelection,
  passesContentFilters,
  SubscriptionFilters,
} from './filter-entries';

const noFilters: SubscriptionFilters = {
  keepRecent: null,
  keepRandom: null,
  includeWords: null,
  excludeWords: null,
  filterRegex: null,
};

function entry(id: string, title: string, published: string | null, extra: Partial<DeliveryEntry> = {}) {
  return {
    id,
    title,
    summary: null,
    content: null,
    publishedAt: published ? new Date(published) : null,
    firstSeenAt: new Date('2026-11-22T00:00:00Z'),
    ...extra,
  };
}

const batch = [
  entry('a', 'Monday post', '2026-11-16T08:00:00Z'),
  entry('b', 'Friday post', '2026-11-20T08:00:00Z'),
  entry('c', 'Undated post', null),
  entry('d', 'Tuesday post', '2026-11-17T08:00:00Z'),
];

describe('keepSelection', () => {
  it('keeps the k most recent, in feed order; an undated entry counts as first seen', () => {
    expect(keepSelection(batch, { keepRecent: 2, keepRandom: null }, Math.random).map((e) => e.id)).toEqual([
      'b',
      'c',
    ]);
  });

  it('keeps k random entries chosen by the random source, in feed order', () => {
    const draws = [0.99, 0];
    const random = () => draws.shift() ?? 0;
    expect(keepSelection(batch, { keepRecent: null, keepRandom: 2 }, random).map((e) => e.id)).toEqual([
      'b',
      'd',
    ]);
  });

  it('keeps k distinct entries for any random source', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const random = () => ((seed * 9301 + 49297) % 233280) / 233280;
      const kept = keepSelection(batch, { keepRecent: null, keepRandom: 3 }, random);
      expect(new Set(kept.map((e) => e.id)).size).toBe(3);
    }
  });

  it('keeps everything when the batch is no larger than k', () => {
    expect(keepSelection(batch, { keepRecent: 10, keepRandom: null }, Math.random)).toHaveLength(4);
    expect(keepSelection(batch, { keepRecent: null, keepRandom: 4 }, Math.random)).toHaveLength(4);
  });
});

describe('passesContentFilters', () => {
  it('matches keywords in the summary and in the content, ignoring markup', () => {
    const withSummary = entry('s', 'A post', null, { summary: 'All about Kubernetes' });
    const withContent = entry('h', 'A post', null, {
      content: '<p>All <b>about</b> <em>Kubernetes</em>&nbsp;</p>',
    });
    const filters = { ...noFilters, includeWords: ['about kubernetes'] };
    expect(passesContentFilters(withSummary, filters)).toBe(true);
    expect(passesContentFilters(withContent, filters)).toBe(true);
    expect(passesContentFilters(withContent, { ...noFilters, includeWords: ['em'] })).toBe(false);
  });

  it('applies the regular expression to title and text', () => {
    const release = entry('r', 'Release v2.4.1', null, { summary: 'Bug fixes' });
    expect(passesContentFilters(release, { ...noFilters, filterRegex: '^release v\\d+' })).toBe(true);
    expect(passesContentFilters(release, { ...noFilters, filterRegex: 'v3\\.' })).toBe(false);
  });

  it('lets an entry through when a pattern runs out of time, without stalling', () => {
    const hostile = entry('x', `${'a'.repeat(40)}!`, null);
    expect(passesContentFilters(hostile, { ...noFilters, filterRegex: '(a+)+$' })).toBe(true);
  });
});

describe('applyFilters', () => {
  it('filters by keywords before choosing the most recent k', () => {
    const kept = applyFilters(batch, { ...noFilters, excludeWords: ['friday'], keepRecent: 2 }, Math.random);
    expect(kept.map((e) => e.id)).toEqual(['c', 'd']);
  });
});

describe('judgeEntries', () => {
  const rules = (filters: Partial<SubscriptionFilters>, options = {}) =>
    judgeEntries(batch, { ...noFilters, ...filters }, () => 0, options).map(({ entry, droppedBy }) => [
      entry.id,
      droppedBy,
    ]);

  it('names the rule that left each entry out, keywords first, then keep-k over what they kept', () => {
    expect(rules({ excludeWords: ['friday', 'monday'], keepRecent: 1 })).toEqual([
      ['a', { rule: 'exclude', word: 'monday' }],
      ['b', { rule: 'exclude', word: 'friday' }],
      ['c', null],
      ['d', { rule: 'keep-recent', count: 1 }],
    ]);
  });

  it('names the include words an entry had none of, and the pattern it did not match', () => {
    expect(
      rules({ includeWords: ['tuesday', 'undated'], filterRegex: 'post$' }).map(([, rule]) => rule),
    ).toEqual([
      { rule: 'include', words: ['tuesday', 'undated'] },
      { rule: 'include', words: ['tuesday', 'undated'] },
      null,
      null,
    ]);
    expect(rules({ filterRegex: '^(monday|friday)' }).map(([, rule]) => rule)).toEqual([
      null,
      null,
      { rule: 'regex', pattern: '^(monday|friday)' },
      { rule: 'regex', pattern: '^(monday|friday)' },
    ]);
  });

  it('names keep-random for the entries the draw left out, and leaves keep-k to digests when asked', () => {
    expect(rules({ keepRandom: 3 }).filter(([, rule]) => rule)).toEqual([
      [expect.any(String), { rule: 'keep-random', count: 3 }],
    ]);
    expect(rules({ keepRandom: 1 }, { contentOnly: true }).every(([, rule]) => rule === null)).toBe(true);
  });

  it('keeps exactly what applyFilters keeps', () => {
    const filters = { ...noFilters, includeWords: ['post'], excludeWords: ['tuesday'], keepRecent: 2 };
    const kept = judgeEntries(batch, filters, Math.random).filter((verdict) => !verdict.droppedBy);
    expect(kept.map(({ entry }) => entry.id)).toEqual(
      applyFilters(batch, filters, Math.random).map((e) => e.id),
    );
  });
});
