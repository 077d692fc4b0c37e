import iconv from 'iconv-lite';
import { decodeHtmlBytes } from './decode-html-bytes';

const bytes = (text: string, encoding: string) => iconv.encode(text, encoding);

describe('decodeHtmlBytes', () => {
  it('decodes UTF-8 by default', () => {
    expect(decodeHtmlBytes(bytes('<p>café – ☕</p>', 'utf-8'))).toBe('<p>café – ☕</p>');
  });

  it('follows a byte order mark over any declaration', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), bytes('<p>é</p>', 'utf-16le')]);
    expect(decodeHtmlBytes(utf16, 'text/html; charset=iso-8859-1')).toBe('<p>é</p>');
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('<p>é</p>', 'utf-8')]);
    expect(decodeHtmlBytes(utf8)).toBe('<p>é</p>');
  });

  it('uses the charset of the Content-Type header', () => {
    expect(decodeHtmlBytes(bytes('<p>привет</p>', 'koi8-r'), 'text/html; charset="KOI8-R"')).toBe(
      '<p>привет</p>',
    );
  });

  it('sniffs <meta charset> and http-equiv in the first 1024 bytes', () => {
    const metaCharset = bytes('<meta charset="shift_jis"><p>日本語</p>', 'shift_jis');
    expect(decodeHtmlBytes(metaCharset)).toBe('<meta charset="shift_jis"><p>日本語</p>');
    const httpEquiv = '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2"><p>Łódź</p>';
    expect(decodeHtmlBytes(bytes(httpEquiv, 'iso-8859-2'))).toBe(httpEquiv);
  });

  it('ignores a meta charset beyond the first 1024 bytes', () => {
    const late = `<p>${'x'.repeat(1100)}</p><meta charset="koi8-r"><p>é</p>`;
    expect(decodeHtmlBytes(bytes(late, 'utf-8'))).toBe(late);
  });

  it('falls back to windows-1252 only for invalid UTF-8', () => {
    expect(decodeHtmlBytes(bytes('<p>naïve “quotes”</p>', 'windows-1252'))).toBe('<p>naïve “quotes”</p>');
  });
});
