import { isSenderTheReader, normalizeAddress } from './sender-is-reader';

describe('isSenderTheReader', () => {
  const reader = 'reader@example.com';

  it.each([
    ['the reader, From and envelope alike', { from: reader, envelopeSender: reader }],
    [
      'the reader in other cases and brackets',
      { from: 'Reader@EXAMPLE.com', envelopeSender: '<READER@example.com>' },
    ],
    ['the reader with the null sender (an auto-reply)', { from: reader, envelopeSender: '' }],
    [
      'the reader without an envelope (a webhook without Return-Path)',
      { from: reader, envelopeSender: null },
    ],
    [
      'the reader with spaces around',
      { from: ' reader@example.com ', envelopeSender: ' <reader@example.com> ' },
    ],
  ])('accepts %s', (_name, sender) => {
    expect(isSenderTheReader(reader, sender)).toBe(true);
  });

  it.each([
    ['a stranger', { from: 'mallory@example.net', envelopeSender: 'mallory@example.net' }],
    ['a stranger who forges From', { from: reader, envelopeSender: 'mallory@example.net' }],
    ['a stranger who forges the envelope', { from: 'mallory@example.net', envelopeSender: reader }],
    ['a sub-address of the reader', { from: 'reader+tag@example.com', envelopeSender: null }],
    ['the same local part elsewhere', { from: 'reader@example.net', envelopeSender: null }],
    ['no From at all', { from: null, envelopeSender: reader }],
    ['an empty From', { from: '', envelopeSender: reader }],
  ])('refuses %s', (_name, sender) => {
    expect(isSenderTheReader(reader, sender)).toBe(false);
  });

  it('refuses everyone when the reader has no address', () => {
    expect(isSenderTheReader('', { from: '', envelopeSender: '' })).toBe(false);
    expect(isSenderTheReader('not-an-address', { from: 'not-an-address', envelopeSender: null })).toBe(false);
  });
});

describe('normalizeAddress', () => {
  it('lower-cases and strips brackets and spaces', () => {
    expect(normalizeAddress(' <Reader@Example.COM> ')).toBe('reader@example.com');
    expect(normalizeAddress('')).toBe('');
  });
});
