import { attachmentRefusal, declaredType, safeFilename } from './attachment-rules';

const file = (bytes: number, filename: string | null = 'a.pdf') => ({
  filename,
  contentType: 'application/pdf',
  content: new Uint8Array(bytes),
});

describe('attachment rules', () => {
  it('refuses more files than the limit, or a file over the size limit, saying which limit', () => {
    const limits = { maxCount: 2, maxBytes: 1000 };
    expect(attachmentRefusal([file(10), file(1000)], limits)).toBeNull();
    expect(attachmentRefusal([file(1), file(1), file(1)], limits)).toBe(
      'the message carries 3 files; support accepts at most 2',
    );
    expect(attachmentRefusal([file(1001, 'scan.pdf')], limits)).toBe(
      'the file scan.pdf is larger than 1000 bytes, the most support accepts per file',
    );
  });

  it('keeps file names that cannot reach a path or break a header, and names nameless parts by type', () => {
    expect(safeFilename('C:\\Users\\ada\\..\\report "final".pdf', 'application/pdf')).toBe(
      'report _final_.pdf',
    );
    expect(safeFilename('../../etc/passwd', 'text/plain')).toBe('passwd');
    expect(safeFilename('.htaccess', 'text/plain')).toBe('htaccess');
    expect(safeFilename(null, 'image/png')).toBe('attachment.png');
    expect(safeFilename('', 'image/svg+xml')).toBe('attachment.svg');
    expect(safeFilename(null, 'nonsense')).toBe('attachment');
  });

  it('stores a declared type without parameters, or octet-stream when it is not a type', () => {
    expect(declaredType('Image/PNG; name="x.png"')).toBe('image/png');
    expect(declaredType('text/html\r\nX-Evil: 1')).toBe('application/octet-stream');
  });
});
