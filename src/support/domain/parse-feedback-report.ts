import { parseHeaderFields } from './header-fields';
import { parseMessageIds } from './message-ids';

/**
 * A feedback report (ARF, RFC 5965: a multipart/report with a message/feedback-report part), as
 * mailbox providers send them to a feedback-loop address when a reader presses "this is spam". The
 * fields RFC 5965 made standard are read as well as those of the "Version: 0.1" reports that Yahoo,
 * AOL and Microsoft still send. Providers often redact the reader's address, so the email is named by
 * what they keep: the envelope sender (our VERP address), the Reply-To and the original's Message-ID.
 */
export interface FeedbackReport {
  /** Lower case: abuse, fraud, virus, other, not-spam (RFC 5965 §7.3), auth-failure (RFC 6591)… */
  feedbackType: string;
  /** The software that made the report, for the log (`Yahoo!-Mail-Feedback/2.0`). */
  userAgent: string | null;
  /** Addresses of the original that may carry our signed tokens (envelope sender, Return-Path, Reply-To). */
  addresses: string[];
  /** The original's Message-ID, when the report kept it. */
  messageIds: string[];
  /** The tokens of the original's List-Unsubscribe links (HTTPS path and mailto subject), signed by us if ours. */
  unsubscribeTokens: string[];
}

export interface FeedbackReportInput {
  /** Parts of the message as text, with their MIME type. */
  parts: Array<{ mimeType: string; content: string }>;
}

const ORIGINAL_PARTS = /^(message\/(rfc822|global)|text\/rfc822-headers|message\/global-headers)$/;
/** Reports that say the email was not a complaint: "not spam", or an authentication failure (spoofing). */
const NOT_COMPLAINTS = new Set(['not-spam', 'auth-failure']);

/** The report, or null when the message carries no feedback-report part. */
export function parseFeedbackReport(input: FeedbackReportInput): FeedbackReport | null {
  const report = input.parts.find((part) => part.mimeType.toLowerCase() === 'message/feedback-report');
  if (!report) return null;
  const fields = parseHeaderFields(report.content);
  const original = input.parts.find((part) => ORIGINAL_PARTS.test(part.mimeType.toLowerCase()));
  const headers = parseHeaderFields(original ? headerSection(original.content) : '');
  const senders = [fields.get('original-mail-from'), headers.get('return-path'), headers.get('reply-to')];
  return {
    feedbackType: /^[a-z0-9-]+/i.exec(fields.get('feedback-type') ?? '')?.[0].toLowerCase() ?? 'other',
    userAgent: fields.get('user-agent')?.slice(0, 200) || null,
    addresses: [...new Set(senders.flatMap(addressesIn))],
    messageIds: messageIdsIn(headers.get('message-id')),
    unsubscribeTokens: unsubscribeTokensIn(headers.get('list-unsubscribe')),
  };
}

/** Whether the reader complained (abuse, fraud, virus, other…), as opposed to "not spam" or an auth failure. */
export function isComplaint(report: FeedbackReport): boolean {
  return !NOT_COMPLAINTS.has(report.feedbackType);
}

function headerSection(message: string): string {
  const text = message.replace(/\r\n/g, '\n').replace(/^\n+/, '');
  const end = text.indexOf('\n\n');
  return (end === -1 ? text : text.slice(0, end)).slice(0, 200_000);
}

function addressesIn(value: string | undefined): string[] {
  return (value?.match(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g) ?? []).slice(0, 10).map((a) => a.slice(0, 320));
}

/** `<https://…/unsubscribe/TOKEN>, <mailto:unsubscribe@…?subject=unsubscribe%20TOKEN>` → the tokens. */
function unsubscribeTokensIn(value: string | undefined): string[] {
  const links =
    /\/unsubscribe\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)|subject=unsubscribe(?:%20|\+)([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/gi;
  const tokens = [...(value?.slice(0, 10_000).matchAll(links) ?? [])].map((match) => match[1] ?? match[2]);
  return [...new Set(tokens)].slice(0, 4);
}

/** RFC 5965's own example prints its Message-ID without angle brackets: accept a bare id too. */
function messageIdsIn(value: string | undefined): string[] {
  const ids = parseMessageIds(value);
  if (ids.length || !value) return ids;
  const bare = /^\s*([^\s<>@]+@[^\s<>@]+)\s*$/.exec(value)?.[1];
  return bare && bare.length <= 253 ? [`<${bare}>`] : [];
}
