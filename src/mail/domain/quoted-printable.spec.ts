import PostalMime from 'postal-mime';
import { quotedPrintable } from './quoted-printable';

/** What a mail client reads of a text part in this encoding (postal-mime, as the inbound side parses). */
async function decoded(encoded: string): Promise<string> {
  const message = `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${encoded}`;
  return (await PostalMime.parse(message)).text ?? '';
}

/** A deterministic mix of what posts hold: prose, "=", accents, emoji, CJK, long lines, stray line ends. */
function samples(count: number): string[] {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pieces = [
    'word ',
    'a=b ',
    '<a href="x">',
    'é',
    'ß',
    '💌',
    '東京',
    '\t',
    '  ',
    '\n',
    '\r\n',
    '\r',
    '=',
    '.',
    'x'.repeat(90),
  ];
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * 60) },
      () => pieces[Math.floor(random() * pieces.length)],
    ).join(''),
  );
}

describe('quotedPrintable', () => {
  it('is read back as the same text by a MIME parser, line breaks as one kind', async () => {
    for (const text of samples(400)) {
      // Trailing whitespace of the whole text is kept by the encoding, but parsers trim the part's end.
      expect((await decoded(quotedPrintable(text))).replace(/\s+$/, '')).toBe(
        text.replace(/\r\n|\r/g, '\n').replace(/\s+$/, ''),
      );
    }
  });

  it('keeps every line within 76 characters, in printable ASCII, with no space or tab at its end', () => {
    for (const text of samples(400)) {
      for (const line of quotedPrintable(text).split('\r\n')) {
        expect(line.length).toBeLessThanOrEqual(76);
        expect(line).toMatch(/^[\t\x20-\x7E]*$/);
        expect(line).not.toMatch(/[\t ]$/);
      }
    }
  });

  it('never cuts an escape in two at a soft break', () => {
    // 74 letters then escapes: the first break falls inside "=C3=A9" unless moved before it.
    const encoded = quotedPrintable(`${'a'.repeat(74)}${'é'.repeat(40)}`);
    for (const line of encoded.split('\r\n')) expect(line).toMatch(/^(?:[^=]|=[0-9A-F]{2})*=?$/);
    expect(encoded.split('\r\n')[0]).toBe(`${'a'.repeat(74)}=`);
  });

  it('writes "=" and line-ending spaces escaped, and plain prose as itself', () => {
    expect(quotedPrintable('x = 1 \nplain prose')).toBe('x =3D 1=20\r\nplain prose');
  });
});
