import { base32 } from './base32';

describe('base32', () => {
  // The test vectors of RFC 4648 §10, lower-cased and without their padding.
  it.each([
    ['', ''],
    ['f', 'my'],
    ['fo', 'mzxq'],
    ['foo', 'mzxw6'],
    ['foob', 'mzxw6yq'],
    ['fooba', 'mzxw6ytb'],
    ['foobar', 'mzxw6ytboi'],
  ])('encodes %j as %j', (input, expected) => {
    expect(base32(Buffer.from(input))).toBe(expected);
  });

  it('encodes every byte value', () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(base32(bytes)).toMatch(/^[a-z2-7]{410}$/);
    expect(base32(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]))).toBe('77777777');
  });
});
