import { isFromReader } from './reader-sender';

describe('isFromReader', () => {
  it('accepts the reader, whatever the case of the address', () => {
    expect(
      isFromReader({ from: 'Reader@Example.com', returnPath: '<reader@example.COM>' }, 'reader@example.com'),
    ).toBe(true);
    expect(isFromReader({ from: 'reader@example.com', returnPath: null }, 'reader@example.com')).toBe(true);
  });

  it('refuses anyone else, by From or by envelope sender', () => {
    expect(
      isFromReader({ from: 'mallory@example.net', returnPath: 'reader@example.com' }, 'reader@example.com'),
    ).toBe(false);
    expect(
      isFromReader({ from: 'reader@example.com', returnPath: 'mallory@example.net' }, 'reader@example.com'),
    ).toBe(false);
    expect(isFromReader({ from: null, returnPath: 'reader@example.com' }, 'reader@example.com')).toBe(false);
  });
});
