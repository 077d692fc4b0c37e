import { entryIdOfDedupKey } from './outbox-context';

describe('entryIdOfDedupKey', () => {
  it('reads the entry of a real-time email', () => {
    expect(entryIdOfDedupKey('entry:01JD3Z7A1B2C3D4E5F6G7H8J9K:user:01JD3Z6Q8W4N2K5M7P9R1T3V5X')).toBe(
      '01JD3Z7A1B2C3D4E5F6G7H8J9K',
    );
  });

  it.each([
    'digest:01JD3Z7A1B2C3D4E5F6G7H8J9K',
    'entry:short:user:x',
    '',
    'entry:01JD3Z7A1B2C3D4E5F6G7H8J9K',
  ])('finds no entry in %j', (key) => {
    expect(entryIdOfDedupKey(key)).toBeNull();
  });
});
