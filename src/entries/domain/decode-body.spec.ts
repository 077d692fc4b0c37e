import iconv from 'iconv-lite';
import { decodeBody } from './decode-body';

const text = 'Café — naïve ünïcödé';

describe('decodeBody', () => {
  it('reads UTF-8 by default and strips its BOM', () => {
    expect(decodeBody(Buffer.from(text), undefined)).toBe(text);
    expect(decodeBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), undefined)).toBe(
      text,
    );
  });

  it('follows the Content-Type charset', () => {
    expect(decodeBody(iconv.encode('Café', 'latin1'), 'application/rss+xml; charset=ISO-8859-1')).toBe(
      'Café',
    );
    expect(decodeBody(iconv.encode('日本語', 'shift_jis'), 'text/xml; charset="Shift_JIS"')).toBe('日本語');
  });

  it('follows the XML declaration when the header says nothing', () => {
    const xml = `<?xml version="1.0" encoding="windows-1252"?><rss>${'€ “quoted”'}</rss>`;
    expect(decodeBody(iconv.encode(xml, 'windows-1252'), 'application/xml')).toBe(xml);
  });

  it('lets a BOM win over a wrong header', () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    expect(decodeBody(body, 'text/xml; charset=iso-8859-1')).toBe(text);
  });

  it('detects UTF-16 without a BOM from the first bytes', () => {
    expect(decodeBody(iconv.encode('<?xml version="1.0"?><rss/>', 'utf-16be'), undefined)).toBe(
      '<?xml version="1.0"?><rss/>',
    );
  });

  it('falls back to UTF-8 for an unknown charset name', () => {
    expect(decodeBody(Buffer.from(text), 'text/xml; charset=klingon')).toBe(text);
  });
});
