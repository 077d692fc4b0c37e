/** The outcome classes of `tidings_polls_total`: what an operator watches, not every label. */
export type PollOutcomeClass = '200' | '304' | 'same_hash' | '4xx' | '5xx' | 'timeout' | 'refused' | 'other';

/**
 * The class of a poll's outcome label (`parsed`, `not-modified`, `http-404`, `network`…): a body that
 * was read is 200 (whether it parsed or not), a connection that could not be made or was cut is
 * `refused`, a fetch the address policy refused or that broke a limit is `other`.
 */
export function pollOutcomeClass(label: string): PollOutcomeClass {
  if (label === 'parsed' || label === 'parse-error') return '200';
  if (label === 'not-modified') return '304';
  if (label === 'same-hash') return 'same_hash';
  if (label === 'timeout') return 'timeout';
  if (label === 'network') return 'refused';
  if (label === 'gone' || label === 'bot-challenge') return '4xx';
  const status = /^http-(\d)\d\d$/.exec(label)?.[1];
  if (status === '4') return '4xx';
  if (status === '5') return '5xx';
  return 'other';
}
