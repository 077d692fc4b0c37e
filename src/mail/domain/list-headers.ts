/**
 * Headers that Gmail, Yahoo and Outlook's 2024 sender rules look for on subscribed mail: List-Id (one
 * list per feed), RFC 8058 one-click List-Unsubscribe with its POST marker, and Auto-Submitted so that
 * out-of-office robots stay quiet. `Precedence: list`, as list managers write it, keeps the robots that
 * predate Auto-Submitted quiet too, and tells spam filters this is list mail (SpamAssassin's
 * MAILING_LIST_MULTI, which turns off rules such as PDS_BRAND_SUBJ_NAKED_TO: a feed named like the
 * reader's mail domain, "Example Blog is gone" to reader@example.com, scored 1.0 without it).
 */
export interface ListHeaderInput {
  /** A feed id (or another stable name): becomes `<id.lists.domain>`. */
  listKey: string;
  listName: string;
  domain: string;
  unsubscribeUrl: string;
  unsubscribeMailto: string;
}

/**
 * Ready to send as they are (plain ASCII, folded): the transport must not MIME-encode them, or the
 * list id and the URLs inside `<…>` would no longer be readable by receivers.
 */
export function listHeaders(input: ListHeaderInput): Record<string, string> {
  const listId = `${input.listKey.toLowerCase().replace(/[^a-z0-9-]/g, '')}.lists.${input.domain}`;
  return {
    'List-Id': `${asciiOnly(quotePhrase(input.listName))} <${listId}>`,
    'List-Unsubscribe': `<${input.unsubscribeUrl}>,\r\n <${input.unsubscribeMailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    Precedence: 'list',
  };
}

/** The headers `listHeaders` makes, which the transport passes through untouched. */
export const PREPARED_HEADERS: ReadonlySet<string> = new Set([
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
]);

/** "Café №5" → "Cafe No5": a List-Id description is for filters, not for display. */
function asciiOnly(text: string): string {
  return text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
}

/** On every email we send: we are a robot, please do not auto-reply. */
export const AUTOMATED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'OOF, AutoReply',
});

/** A display name as an RFC 5322 quoted string: no line breaks, quotes and backslashes escaped. */
export function quotePhrase(name: string): string {
  const clean = name
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/["\\]/g, '\\$&')
    .trim()
    .slice(0, 200);
  return `"${clean}"`;
}
