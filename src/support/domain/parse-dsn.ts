import { parseHeaderFields } from './header-fields';

/**
 * Reads a delivery status notification (RFC 3464: a multipart/report whose message/delivery-status
 * part holds one block of fields per recipient). Permanent failures are `Status: 5.x.x` with
 * `Action: failed`; temporary ones are `4.x.x` or `Action: delayed`. Bounces that skip the standard
 * part (old Exim, some appliances) are read from their text: an enhanced status code next to an
 * SMTP reply code at the start of a line, e.g. "550 5.1.1".
 */
export interface DsnRecipient {
  recipient: string | null;
  action: string | null;
  status: string;
  diagnostic: string | null;
}

export type DsnVerdict = 'permanent' | 'temporary' | 'unknown';

export interface Dsn {
  verdict: DsnVerdict;
  recipients: DsnRecipient[];
}

export interface DsnInput {
  /** Parts of the message as text, with their MIME type. */
  parts: Array<{ mimeType: string; content: string }>;
  text: string;
}

const STATUS = /^([245])\.\d{1,3}\.\d{1,3}$/;

export function parseDsn(input: DsnInput): Dsn {
  const report = input.parts.find((part) =>
    /^message\/(global-)?delivery-status$/.test(part.mimeType.toLowerCase()),
  );
  const recipients = report ? recipientsOfReport(report.content) : recipientsOfText(input.text);
  return { verdict: verdictOf(recipients), recipients };
}

function verdictOf(recipients: DsnRecipient[]): DsnVerdict {
  if (recipients.some((r) => r.status.startsWith('5') && r.action !== 'delayed')) return 'permanent';
  if (recipients.some((r) => r.status.startsWith('4') || r.action === 'delayed')) return 'temporary';
  return 'unknown';
}

function recipientsOfReport(content: string): DsnRecipient[] {
  const blocks = content
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map(parseHeaderFields);
  return blocks
    .filter((fields) => fields.has('status') && (fields.has('final-recipient') || fields.has('action')))
    .flatMap((fields): DsnRecipient[] => {
      const status = /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0] ?? '';
      if (!STATUS.test(status)) return [];
      return [
        {
          recipient: addressOf(fields.get('final-recipient') ?? fields.get('original-recipient')),
          action: fields.get('action')?.toLowerCase().split(/\s/)[0] ?? null,
          status,
          diagnostic: fields.get('diagnostic-code')?.slice(0, 1000) ?? null,
        },
      ];
    });
}

/** `rfc822; reader@example.com` → `reader@example.com`. */
function addressOf(field: string | undefined): string | null {
  if (!field) return null;
  const address = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
  return address.trim().replace(/^<|>$/g, '').slice(0, 320) || null;
}

function recipientsOfText(text: string): DsnRecipient[] {
  const match = /^[ \t]*(([45])\d\d[ -]#?([45]\.\d{1,3}\.\d{1,3})\b.*)$/m.exec(text.slice(0, 100_000));
  if (!match || match[2] !== match[3][0]) return [];
  return [{ recipient: null, action: null, status: match[3], diagnostic: match[1].trim().slice(0, 1000) }];
}
