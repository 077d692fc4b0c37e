import { EmailState, fateInWords, formatIssueDate, RecordedFate, ORIGIN_HOLD_REASON } from './post-fate';

const seenAt = new Date('2026-11-21T16:30:00Z');
const base: RecordedFate = {
  seenAt,
  fate: 'emailed',
  rule: null,
  cadence: null,
  firstTelling: null,
  email: null,
  digestDate: null,
};
const email = (state: Partial<EmailState>): EmailState => ({
  kind: 'entry',
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: seenAt,
  nextAttemptAt: seenAt,
  sentAt: null,
  messageId: '<m1@tidings.test>',
  ...state,
});
const words = (fate: Partial<RecordedFate>, timezone = 'UTC') =>
  fateInWords({ ...base, ...fate }, timezone, 'en');

describe('fateInWords', () => {
  it.each([
    [{ rule: 'include', words: ['rust', 'wasm'] }, 'Filtered out: none of your words (rust, wasm) is in it.'],
    [{ rule: 'exclude', word: 'crypto' }, 'Filtered out: it has your excluded word “crypto”.'],
    [{ rule: 'regex', pattern: '^Release' }, 'Filtered out: it does not match your pattern ^Release.'],
    [{ rule: 'keep-recent', count: 3 }, 'Filtered out: only the 3 most recent posts of a batch are kept.'],
    [{ rule: 'keep-random', count: 5 }, 'Filtered out: 5 random posts of a batch are kept.'],
  ] as const)('names the filter %j', (rule, expected) => {
    expect(words({ fate: 'filtered', rule: { ...rule } as never })).toEqual({
      tone: 'left-out',
      words: expected,
    });
  });

  it('names the post and feed that told the story first, or says it is no longer known', () => {
    expect(words({ fate: 'repeat', firstTelling: { title: 'Apples', feedName: 'Example Blog' } }).words).toBe(
      'Not sent again: the same story as “Apples” from Example Blog.',
    );
    expect(words({ fate: 'repeat' }).words).toBe(
      'Not sent again: the same story as a post of another of your feeds.',
    );
    expect(words({ fate: 'paused' })).toEqual({
      tone: 'left-out',
      words: 'Skipped: the subscription was paused.',
    });
  });

  it('says which digest a post waits for, and which one carried it', () => {
    expect(words({ fate: 'digest', cadence: 'daily', digestDate: '2026-11-22' })).toEqual({
      tone: 'waiting',
      words: 'Waiting for the daily digest of 22 Nov 2026.',
    });
    const sentAt = new Date('2026-11-22T06:00:00Z');
    expect(
      words(
        { fate: 'digest', cadence: 'daily', email: email({ kind: 'digest', status: 'sent', sentAt }) },
        'Europe/Paris',
      ).words,
    ).toBe('Sent at 22 Nov 2026, 07:00 in your daily digest (Message-ID <m1@tidings.test>).');
  });

  it.each([
    [
      { status: 'sent', sentAt: new Date('2026-11-21T16:31:00Z') },
      'sent',
      'Sent at 21 Nov 2026, 16:31 in its own email (Message-ID <m1@tidings.test>).',
    ],
    [
      { status: 'sent', sentAt: new Date('2026-11-21T16:31:00Z'), softBounces: 1 },
      'waiting',
      'Sent at 21 Nov 2026, 16:31 in its own email (Message-ID <m1@tidings.test>). Your mail provider then reported a delay in delivering it; it may still arrive.',
    ],
    [{ status: 'held' }, 'waiting', 'Waiting for credits: it goes out once your balance can pay for it.'],
    [{ status: 'failed', lastError: '550 5.1.1 no such user' }, 'failed', 'Bounced: 550 5.1.1 no such user.'],
    [
      { status: 'failed', lastError: 'bounced: 5.2.1 smtp; 550 5.2.1 Mailbox disabled' },
      'failed',
      'Bounced: 550 5.2.1 Mailbox disabled.',
    ],
    [{ status: 'failed', lastError: 'bounced: 5.1.1' }, 'failed', 'Bounced: 5.1.1.'],
    [
      { status: 'suppressed' },
      'failed',
      'Not sent: your address is suppressed after an earlier bounce or complaint.',
    ],
    [
      {
        attempts: 2,
        lastError: 'deferred: 451 4.7.1 try later',
        nextAttemptAt: new Date('2026-11-21T17:00:00Z'),
      },
      'waiting',
      'Deferred by your mail provider since 21 Nov 2026, 16:30 (451 4.7.1 try later); next try at 21 Nov 2026, 17:00.',
    ],
    [
      {
        lastError: 'example.com held until 2026-11-21T17:00:00.000Z: 421 4.7.0 Too many connections',
        nextAttemptAt: new Date('2026-11-21T17:00:00Z'),
      },
      'waiting',
      'Deferred by your mail provider since 21 Nov 2026, 16:30 (421 4.7.0 Too many connections); next try at 21 Nov 2026, 17:00.',
    ],
    [
      {
        lastError: `held until 2026-11-21T16:50:00.000Z: ${ORIGIN_HOLD_REASON}`,
        nextAttemptAt: new Date('2026-11-21T16:50:00Z'),
      },
      'waiting',
      'Held until 21 Nov 2026, 16:50: you also follow the site it links to, whose own copy goes instead if it comes meanwhile.',
    ],
    [{}, 'waiting', 'Queued to send at 21 Nov 2026, 16:30.'],
  ] as const)('puts an email %j into words', (state, tone, expected) => {
    expect(words({ email: email(state) })).toEqual({ tone, words: expected });
  });

  it('calls a burst one email with the others of its poll, and a withdrawn copy taken back', () => {
    expect(words({ email: email({ kind: 'digest', status: 'sent', sentAt: seenAt }) }).words).toMatch(
      /in one email with the others of its poll/,
    );
    expect(words({})).toEqual({ tone: 'left-out', words: 'Not sent: its email was taken back.' });
  });

  it('adds that the feed removed the post, whatever became of it', () => {
    const sent = email({ status: 'sent', sentAt: seenAt });
    expect(words({ email: sent, removedAt: new Date('2026-11-21T20:00:00Z') }).words).toMatch(
      /\(Message-ID <m1@tidings.test>\)\. The feed removed it at 21 Nov 2026, 20:00; no email takes it back\.$/,
    );
  });

  it.each([
    [
      'fr',
      'Envoyé le 21 nov. 2026, 17:30 dans votre résumé de 6 heures (Message-ID <m1@tidings.test>).',
      'Filtré : il contient votre mot exclu « crypto ».',
      'Attend le résumé quotidien du 22 nov. 2026.',
    ],
    [
      'de',
      'Gesendet am 21.11.2026, 17:30 in Ihrer 6-Stunden-Zusammenfassung (Message-ID <m1@tidings.test>).',
      'Herausgefiltert: es enthält Ihr ausgeschlossenes Wort „crypto“.',
      'Wartet auf die Tageszusammenfassung vom 22.11.2026.',
    ],
    [
      'es',
      'Enviada el 21 nov 2026, 17:30 en su resumen de 6 horas (Message-ID <m1@tidings.test>).',
      'Filtrado: contiene su palabra excluida «crypto».',
      'Esperando el resumen diario del 22 nov 2026.',
    ],
  ] as const)('speaks %s, with its own way of writing dates', (language, sent, filtered, waiting) => {
    const inWords = (fate: Partial<RecordedFate>) =>
      fateInWords({ ...base, ...fate }, 'Europe/Berlin', language).words;
    const digest = { fate: 'digest', cadence: 'every-6h' } as const;
    expect(inWords({ ...digest, email: email({ kind: 'digest', status: 'sent', sentAt: seenAt }) })).toBe(
      sent,
    );
    expect(inWords({ fate: 'filtered', rule: { rule: 'exclude', word: 'crypto' } })).toBe(filtered);
    expect(inWords({ fate: 'digest', cadence: 'daily', digestDate: '2026-11-22' })).toBe(waiting);
  });
});

describe('formatIssueDate', () => {
  it.each([
    ['2026-11-22', 'en-GB', '22 Nov 2026'],
    ['2026-11-22 06:00', 'en-GB', '22 Nov 2026, 06:00'],
    ['2026-11', 'en-GB', 'November 2026'],
    ['2026-11-22', 'de-DE', '22.11.2026'],
    ['2026-11', 'fr-FR', 'novembre 2026'],
    ['someday', 'en-GB', 'someday'],
  ])('writes %s in %s as %s', (date, locale, expected) => {
    expect(formatIssueDate(date, locale)).toBe(expected);
  });
});
