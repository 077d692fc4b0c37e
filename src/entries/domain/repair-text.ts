import iconv from 'iconv-lite';

/** Neither a C1 control nor a UTF-8 lead byte read as windows-1252: most text, left as it is at once. */
const MAYBE_BROKEN = /[\u0080-\u009f\u00c2-\u00f4]/;
const C1_CONTROL = /[\u0080-\u009f]/;
const C1_CONTROLS = /[\u0080-\u009f]/g;
/** Characters windows-1252 gives the bytes 0x80–0xBF, which UTF-8 uses to continue a character. */
const CONTINUATION =
  '[\\u00a0-\\u00bf\\u20ac\\u201a\\u0192\\u201e\\u2026\\u2020\\u2021\\u02c6\\u2030\\u0160\\u2039\\u0152\\u017d\\u2018\\u2019\\u201c\\u201d\\u2022\\u2013\\u2014\\u02dc\\u2122\\u0161\\u203a\\u0153\\u017e\\u0178\\u0081\\u008d\\u008f\\u0090\\u009d]';
/** A UTF-8 lead byte (0xC2–0xF4) read as windows-1252, followed by continuation bytes read so. */
const MOJIBAKE = new RegExp(`[\\u00c2-\\u00f4]${CONTINUATION}{1,3}`, 'g');
const MOJIBAKE_TEST = new RegExp(MOJIBAKE.source);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text as its author wrote it, from two mistakes publishers make: C1 controls (U+0080–U+009F, which never
 * belong in text) are windows-1252 characters written as their byte values, raw or as `&#146;` (HTML
 * reads them so); and UTF-8 read as windows-1252 then written again (`itâ€™s` for `it’s`) is read back,
 * one character at a time, only where the bytes make exactly one UTF-8 character.
 */
export function repairText(text: string): string {
  if (!MAYBE_BROKEN.test(text)) return text;
  const withoutControls = C1_CONTROL.test(text) ? text.replace(C1_CONTROLS, windows1252Character) : text;
  return MOJIBAKE_TEST.test(withoutControls)
    ? withoutControls.replace(MOJIBAKE, utf8Character)
    : withoutControls;
}

function windows1252Character(control: string): string {
  return iconv.decode(Buffer.of(control.charCodeAt(0)), 'windows-1252');
}

function utf8Character(sequence: string): string {
  const bytes = iconv.encode(sequence, 'windows-1252');
  const expected = bytes[0] >= 0xf0 ? 4 : bytes[0] >= 0xe0 ? 3 : 2;
  if (bytes.length !== expected) return sequence;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return sequence;
  }
}
