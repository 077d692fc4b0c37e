import { earlierTelling, forgottenKeys, StoryOwner, Telling } from './first-telling';

const at = (iso: string) => new Date(iso);
const telling: Telling = {
  entryId: '01B',
  subscriptionId: 'sub-b',
  firstSeenAt: at('2026-11-22T10:00:00Z'),
  keys: ['link-key', 'text-key'],
};
const owner = (fields: Partial<StoryOwner>): StoryOwner => ({
  storyHash: 'link-key',
  entryId: '01A',
  subscriptionId: 'sub-a',
  firstSeenAt: at('2026-11-22T09:00:00Z'),
  ...fields,
});

describe('earlierTelling', () => {
  it('finds the entry of another subscription that told the story first, by any key', () => {
    expect(earlierTelling(telling, [owner({})])).toEqual(owner({}));
    expect(earlierTelling(telling, [owner({ storyHash: 'text-key' })])).toEqual(
      owner({ storyHash: 'text-key' }),
    );
  });

  it('is the first when it holds the keys, when the same feed told it, or when nobody did', () => {
    expect(earlierTelling(telling, [owner({ entryId: '01B', subscriptionId: 'sub-b' })])).toBeNull();
    expect(earlierTelling(telling, [owner({ subscriptionId: 'sub-b' })])).toBeNull();
    expect(earlierTelling(telling, [owner({ storyHash: 'another-story' })])).toBeNull();
    expect(earlierTelling(telling, [])).toBeNull();
  });

  it('forgets a telling after seven days, and then takes its keys over', () => {
    const old = owner({ firstSeenAt: at('2026-11-15T10:00:00Z') });
    expect(earlierTelling(telling, [old])).toBeNull();
    expect(forgottenKeys(telling, [old, owner({ storyHash: 'text-key' })])).toEqual([old]);
  });
});
