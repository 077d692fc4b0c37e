/**
 * `Name: value` lines with folded continuations (RFC 5322 §2.2.3), as in a header section or the
 * field blocks of DSNs (RFC 3464) and feedback reports (RFC 5965); keys lower-cased, the first
 * occurrence of each kept.
 */
export function parseHeaderFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const line of block.replace(/\r\n/g, '\n').split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      fields.set(last, `${fields.get(last)} ${line.trim()}`);
      continue;
    }
    const match = /^([A-Za-z][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$/.exec(line);
    last = match && !fields.has(match[1].toLowerCase()) ? match[1].toLowerCase() : null;
    if (match && last) fields.set(last, match[2].trim());
  }
  return fields;
}
