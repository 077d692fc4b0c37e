import { cadenceName } from './digest-title';
import type { FilterRule } from './filter-entries';

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
}

/** How a line reads at a glance: left out, still on its way, in the inbox, or lost. */
export type FateTone = 'left-out' | 'waiting' | 'sent' | 'failed';

/** The reason the delivery planner gives an email it holds for the origin's copy (`realtimeTelling`). */
export const ORIGIN_HOLD_REASON = 'the reader also follows the site it links to';

/** One post's fate for its reader, in words; times in the reader's timezone. */
export function fateInWords(fate: RecordedFate, timezone: string): { tone: FateTone; words: string } {
  const { tone, words } = decisionInWords(fate, timezone);
  if (!fate.removedAt) return { tone, words };
  const removed = `The feed removed it at ${formatInstant(fate.removedAt, timezone)}; no email takes it back.`;
  return { tone, words: `${words} ${removed}` };
}

function decisionInWords(fate: RecordedFate, timezone: string): { tone: FateTone; words: string } {
  const at = (date: Date) => formatInstant(date, timezone);
  switch (fate.fate) {
    case 'filtered':
      return { tone: 'left-out', words: `Filtered out: ${ruleInWords(fate.rule)}.` };
    case 'repeat':
      return {
        tone: 'left-out',
        words: fate.firstTelling
          ? `Not sent again: the same story as “${fate.firstTelling.title}” from ${fate.firstTelling.feedName}.`
          : 'Not sent again: the same story as a post of another of your feeds.',
      };
    case 'paused':
      return { tone: 'left-out', words: 'Skipped: the subscription was paused.' };
    case 'digest':
      if (!fate.email) {
        const issue = fate.digestDate ? ` of ${fate.digestDate}` : '';
        const cadence = fate.cadence ? cadenceName(fate.cadence) : 'next';
        return { tone: 'waiting', words: `Waiting for the ${cadence} digest${issue}.` };
      }
      return emailInWords(
        fate.email,
        at,
        `your ${cadenceName(fate.cadence ?? '')} digest`.replace(/ +/, ' '),
      );
    case 'emailed':
      if (!fate.email) return { tone: 'left-out', words: 'Not sent: its email was taken back.' };
      return emailInWords(
        fate.email,
        at,
        fate.email.kind === 'digest' ? 'one email with the others of its poll' : 'its own email',
      );
  }
}

function emailInWords(
  email: EmailState,
  at: (date: Date) => string,
  carrier: string,
): { tone: FateTone; words: string } {
  switch (email.status) {
    case 'sent':
      return {
        tone: 'sent',
        words: `Sent at ${at(email.sentAt ?? email.createdAt)} in ${carrier} (Message-ID ${email.messageId}).`,
      };
    case 'held':
      return { tone: 'waiting', words: 'Waiting for credits: it goes out once your balance can pay for it.' };
    case 'failed':
      return { tone: 'failed', words: `Bounced: ${email.lastError ?? 'your mail provider refused it'}.` };
    case 'suppressed':
      return {
        tone: 'failed',
        words: 'Not sent: your address is suppressed after an earlier bounce or complaint.',
      };
    case 'sending':
      return { tone: 'waiting', words: 'Being sent now.' };
    default:
      if (email.attempts > 0)
        return {
          tone: 'waiting',
          words: `Deferred by your mail provider since ${at(email.createdAt)} (${email.lastError ?? 'no reason given'}); next try at ${at(email.nextAttemptAt)}.`,
        };
      if (email.lastError?.includes(ORIGIN_HOLD_REASON))
        return {
          tone: 'waiting',
          words: `Held until ${at(email.nextAttemptAt)}: you also follow the site it links to, whose own copy goes instead if it comes meanwhile.`,
        };
      return { tone: 'waiting', words: `Queued to send at ${at(email.nextAttemptAt)}.` };
  }
}

export function ruleInWords(rule: FilterRule | null): string {
  if (!rule) return 'a filter of this subscription';
  switch (rule.rule) {
    case 'include':
      return `none of your words (${rule.words.join(', ')}) is in it`;
    case 'exclude':
      return `it has your excluded word “${rule.word}”`;
    case 'regex':
      return `it does not match your pattern ${rule.pattern}`;
    case 'keep-recent':
      return `only the ${rule.count} most recent posts of a batch are kept`;
    case 'keep-random':
      return `${rule.count} random posts of a batch are kept`;
  }
}

/** "28 Nov 2026, 14:05" in that timezone. */
export function formatInstant(date: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  }).format(date);
}
