import type { CommandLanguage } from '../../mail/email-models';
import type { FilterRule } from './filter-entries';
import { FATE_WORDS, FateWords, ruleInWords } from './post-fate-words';

/**
 * What the planner decided for one post and one reader: left out by a filter, a repeat of a story
 * another feed told first, skipped while the subscription was paused, emailed on its own (or in a
 * burst), or put in the reader's digest.
 */
export type FateKind = 'filtered' | 'repeat' | 'paused' | 'emailed' | 'digest';

/** A fate as recorded, with what the record page needs to put it into words. */
export interface RecordedFate {
  seenAt: Date;
  fate: FateKind;
  rule: FilterRule | null;
  cadence: string | null;
  /** For a repeat: the post that told the story first and its feed's name (null when no longer known). */
  firstTelling: { title: string; feedName: string } | null;
  /** The email that carries the post, as the outbox has it now (null: none, or not yet for a digest). */
  email: EmailState | null;
  /** For a digest not sent yet: the local date of the issue it waits for (null when unknown). */
  digestDate: string | null;
  /** When the post left the feed soon after it was seen (never retracted by email). */
  removedAt?: Date | null;
}

/** An outbox email as far as its reader's record goes. */
export interface EmailState {
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
  messageId: string;
  /** Delay reports (DSN `Action: delayed`) the provider sent back after taking the email. */
  softBounces?: number;
  /** When the provider first deferred it (null: never, or before this was recorded: then `createdAt`). */
  deferredSince?: Date | null;
}

/** How a line reads at a glance: left out, still on its way, in the inbox, or lost. */
export type FateTone = 'left-out' | 'waiting' | 'sent' | 'failed';

/** The reason the delivery planner gives an email it holds for the origin's copy (`realtimeTelling`). */
export const ORIGIN_HOLD_REASON = 'the reader also follows the site it links to';

/** One post's fate for its reader, in words of `language`; times in the reader's timezone. */
export function fateInWords(
  fate: RecordedFate,
  timezone: string,
  language: CommandLanguage,
): { tone: FateTone; words: string } {
  const words = FATE_WORDS[language];
  const at = (date: Date) => formatInstant(date, timezone, language);
  const decision = decisionInWords(fate, words, at);
  if (!fate.removedAt) return decision;
  return { tone: decision.tone, words: `${decision.words} ${words.removed(at(fate.removedAt))}` };
}

function decisionInWords(
  fate: RecordedFate,
  words: FateWords,
  at: (date: Date) => string,
): { tone: FateTone; words: string } {
  switch (fate.fate) {
    case 'filtered':
      return { tone: 'left-out', words: words.filtered(ruleInWords(fate.rule, words)) };
    case 'repeat':
      return {
        tone: 'left-out',
        words: fate.firstTelling
          ? words.repeatOf(fate.firstTelling.title, fate.firstTelling.feedName)
          : words.repeatUnknown,
      };
    case 'paused':
      return { tone: 'left-out', words: words.paused };
    case 'digest':
      if (!fate.email)
        return {
          tone: 'waiting',
          words: words.waitingForDigest(
            fate.cadence && words.cadence(fate.cadence),
            fate.digestDate && formatIssueDate(fate.digestDate, words.locale),
          ),
        };
      return emailInWords(fate.email, words, at, words.inDigest(fate.cadence && words.cadence(fate.cadence)));
    case 'emailed':
      if (!fate.email) return { tone: 'left-out', words: words.takenBack };
      return emailInWords(
        fate.email,
        words,
        at,
        fate.email.kind === 'digest' ? words.inBurst : words.inOwnEmail,
      );
  }
}

function emailInWords(
  email: EmailState,
  words: FateWords,
  at: (date: Date) => string,
  carrier: string,
): { tone: FateTone; words: string } {
  switch (email.status) {
    case 'sent': {
      const sent = words.sent(at(email.sentAt ?? email.createdAt), carrier, email.messageId);
      if (!email.softBounces) return { tone: 'sent', words: sent };
      return { tone: 'waiting', words: `${sent} ${words.delayedAfterSending}` };
    }
    case 'held':
      return { tone: 'waiting', words: words.heldForCredits };
    case 'failed':
      return { tone: 'failed', words: words.bounced(providerReason(email.lastError)) };
    case 'suppressed':
      return { tone: 'failed', words: words.suppressed };
    case 'sending':
      return { tone: 'waiting', words: words.sending };
    default:
      if (email.attempts > 0 || DOMAIN_HOLD.test(email.lastError ?? ''))
        return {
          tone: 'waiting',
          words: words.deferred(
            at(email.deferredSince ?? email.createdAt),
            providerReason(email.lastError),
            at(email.nextAttemptAt),
          ),
        };
      if (email.lastError?.includes(ORIGIN_HOLD_REASON))
        return { tone: 'waiting', words: words.heldForOrigin(at(email.nextAttemptAt)) };
      return { tone: 'waiting', words: words.queued(at(email.nextAttemptAt)) };
  }
}

/** The outbox's note of a domain held after its server deferred mail (`DeliveryPacer`): "DOMAIN held until ISO: …". */
const DOMAIN_HOLD = /^\S+ held until \S+: /;

/**
 * What the provider said, without the outbox's own words around it ("deferred: ", "bounced: ", a
 * domain's hold) and, for a DSN, without its diagnostic type: "bounced: 5.2.1 smtp; 550 5.2.1 Mailbox
 * disabled" reads "550 5.2.1 Mailbox disabled".
 */
export function providerReason(lastError: string | null): string | null {
  if (!lastError) return null;
  const reason = lastError.replace(DOMAIN_HOLD, '').replace(/^(deferred|bounced): /, '');
  const dsn = /^(\d\.\d{1,3}\.\d{1,3})(?: [a-z-]+;)? ?(.*)$/i.exec(reason);
  if (!dsn) return reason;
  const [, status, diagnostic] = dsn;
  return diagnostic.includes(status) ? diagnostic : `${status} ${diagnostic}`.trim();
}

/**
 * An issue's local date as `locale` writes it: "2026-11-22" → "22 Nov 2026" ("22.11.2026" in German),
 * "2026-11-22 06:00" → "22 Nov 2026, 06:00", "2026-11" → "November 2026". Already local: no timezone.
 */
export function formatIssueDate(date: string, locale: string): string {
  const parts = /^(\d{4})-(\d{2})(?:-(\d{2})(?: (\d{2}):(\d{2}))?)?$/.exec(date);
  if (!parts) return date;
  const [year, month, day = 1, hour = 0, minute = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const instant = new Date(Date.UTC(year!, month! - 1, day, hour, minute));
  const style: Intl.DateTimeFormatOptions =
    parts[3] === undefined
      ? { year: 'numeric', month: 'long' }
      : { dateStyle: 'medium', timeStyle: parts[4] === undefined ? undefined : 'short' };
  return new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' }).format(instant);
}

/** "28 Nov 2026, 14:05" in that timezone, as `language` writes it ("28 nov. 2026, 14:05"). */
export function formatInstant(date: Date, timezone: string, language: CommandLanguage): string {
  return new Intl.DateTimeFormat(FATE_WORDS[language].locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  }).format(date);
}
