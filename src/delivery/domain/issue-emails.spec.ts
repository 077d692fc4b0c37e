import type { DigestSection } from '../../mail/email-models';
import { issueEmails } from './issue-emails';

const section = (subscriptionId: string): DigestSection => ({
  feed: {
    id: `feed-${subscriptionId}`,
    title: subscriptionId,
    url: `https://${subscriptionId}.example/feed`,
    siteUrl: null,
  },
  subscriptionId,
  subjectTag: null,
  entries: [],
  headlines: [],
});
const where: Record<string, string> = { a: 'ada@example.com', b: 'lists@ada.example', c: 'ada@example.com' };
const split = (ids: string[]) =>
  issueEmails(
    ids.map(section),
    'ada@example.com',
    (id) => where[id],
    'digest:u1:daily:2026-11-28',
    (address) => address.length.toString(),
  ).map(({ address, dedupKey, sections }) => [address, dedupKey, sections.map((s) => s.subscriptionId)]);

describe('issueEmails', () => {
  it('sends one email per address, the account address first under the issue’s own key', () => {
    expect(split(['b', 'a', 'c'])).toEqual([
      ['ada@example.com', 'digest:u1:daily:2026-11-28', ['a', 'c']],
      ['lists@ada.example', 'digest:u1:daily:2026-11-28:to:17', ['b']],
    ]);
  });

  it('keeps one email, under the issue’s key, when every section goes to one address', () => {
    expect(split(['a', 'c'])).toEqual([['ada@example.com', 'digest:u1:daily:2026-11-28', ['a', 'c']]]);
    expect(split(['b'])).toEqual([['lists@ada.example', 'digest:u1:daily:2026-11-28:to:17', ['b']]]);
  });
});
