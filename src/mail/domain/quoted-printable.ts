/** RFC 2045's longest encoded line, the soft break's "=" included. */
const LINE_LENGTH = 76;

/**
 * Beside "=" (escaped first, on its own: HTML is full of them), what cannot travel as itself: any
 * character but TAB, SP and printable ASCII (RFC 2045 6.7 rules 1–2), in runs; and TABs and SPACEs that
 * end a line, which transports may strip (rule 3).
 */
const ESCAPED = /[^\t\r\n\x20-\x7E]+|[\t ]+(?=\r\n|$)/g;

/**
 * A text part in quoted-printable, its line breaks as CRLF: what nodemailer's encoder makes, in a few
 * whole-string passes (regular expressions and Buffer's hex) instead of a JavaScript loop over each
 * byte and each line, which was an eighth of a digest worker's CPU.
 */
export function quotedPrintable(text: string): string {
  const escaped = text
    .replace(/\r\n|\r|\n/g, '\r\n')
    .replaceAll('=', '=3D')
    .replace(ESCAPED, (run) => Buffer.from(run, 'utf8').toString('hex').toUpperCase().replace(/../g, '=$&'));
  return escaped.split('\r\n').map(softWrapped).join('\r\n');
}

/** A line cut into pieces of at most 75 characters and a soft break, never inside an "=XX" escape. */
function softWrapped(line: string): string {
  if (line.length <= LINE_LENGTH) return line;
  const pieces: string[] = [];
  let start = 0;
  while (line.length - start > LINE_LENGTH) {
    let end = start + LINE_LENGTH - 1;
    if (line[end - 1] === '=') end -= 1;
    else if (line[end - 2] === '=') end -= 2;
    pieces.push(`${line.slice(start, end)}=`);
    start = end;
  }
  pieces.push(line.slice(start));
  return pieces.join('\r\n');
}
