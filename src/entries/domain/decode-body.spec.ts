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

  it('reads UTF-32 with or without a BOM', () => {
    const xml = '<?xml version="1.0" encoding="utf-32"?><rss>Café</rss>';
    const bom = Buffer.from([0xff, 0xfe, 0x00, 0x00]);
    expect(decodeBody(Buffer.concat([bom, iconv.encode(xml, 'utf-32le')]), undefined)).toBe(xml);
    expect(decodeBody(iconv.encode(xml, 'utf-32be'), undefined)).toBe(xml);
    expect(decodeBody(iconv.encode(xml, 'utf-32le'), undefined)).toBe(xml);
  });

  it('reads iso-8859-1 and us-ascii as windows-1252, as browsers do: curly quotes are not control characters', () => {
    const bytes = Buffer.from([0x93, 0x41, 0x94, 0x80]);
    expect(decodeBody(bytes, 'text/xml; charset=iso-8859-1')).toBe('“A”€');
    expect(decodeBody(bytes, 'text/xml; charset=us-ascii')).toBe('“A”€');
  });

  it('detects the charset of a feed that declares none and is not UTF-8', () => {
    const japanese =
      '<rss><channel><item><title>DrecomRSSに記事投稿が反映されない…色々調べてたら、サポートしていないことが判明。</title></item></channel></rss>';
    expect(decodeBody(iconv.encode(japanese, 'shift_jis'), 'application/xml')).toBe(japanese);
    const chinese =
      '<rss><channel><title>我希望你很容易把它翻譯成中文，並有助於改進文件。感謝您閱讀本文。</title></channel></rss>';
    expect(decodeBody(iconv.encode(chinese, 'big5'), undefined)).toBe(chinese);
  });

  it('reads a stray windows-1252 byte in a feed declared UTF-8 as its character, the rest as UTF-8', () => {
    const body = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="utf-8"?><t>café '),
      Buffer.from([0x92]),
      Buffer.from('s</t>'),
    ]);
    expect(decodeBody(body, undefined)).toBe('<?xml version="1.0" encoding="utf-8"?><t>café ’s</t>');
  });

  it('reads a declaration of UTF-16 in ASCII bytes as UTF-8, the mislabel it is', () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><rss>ok</rss>';
    expect(decodeBody(Buffer.from(xml), undefined)).toBe(xml);
  });
});
