/** Message-ID handling for threading (RFC 5322 §3.6.4). */
const MAX_ID_LENGTH = 255;
const MAX_IDS = 50;
/** References we send: the first message and the latest ones, as RFC 5322 suggests trimming. */
const MAX_REFERENCES = 20;

/** The `<id>` tokens of an In-Reply-To or References header, in order, without duplicates. */
export function parseMessageIds(header: string | null | undefined): string[] {
  const ids = (header ?? '').match(/<[^<>\s]{1,253}>/g) ?? [];
  return [...new Set(ids)].filter((id) => id.length <= MAX_ID_LENGTH).slice(-MAX_IDS);
}

/** What we send in References for a thread whose messages carry these ids (oldest first). */
export function threadReferences(ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  return unique.length <= MAX_REFERENCES ? unique : [unique[0], ...unique.slice(-(MAX_REFERENCES - 1))];
}

export function replySubject(subject: string | null | undefined): string {
  const clean = (subject ?? '').replace(/\s+/g, ' ').trim().slice(0, 250);
  if (!clean) return 'Re: your message to Tidings';
  return /^(re|aw|sv|antw):/i.test(clean) ? clean : `Re: ${clean}`;
}
