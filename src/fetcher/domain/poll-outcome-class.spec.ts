import { pollOutcomeClass } from './poll-outcome-class';

describe('pollOutcomeClass', () => {
  it.each([
    ['parsed', '200'],
    ['parse-error', '200'],
    ['not-modified', '304'],
    ['same-hash', 'same_hash'],
    ['http-404', '4xx'],
    ['gone', '4xx'],
    ['http-429', '4xx'],
    ['bot-challenge', '4xx'],
    ['http-503', '5xx'],
    ['timeout', 'timeout'],
    ['network', 'refused'],
    ['blocked', 'other'],
    ['too-large', 'other'],
    ['http-301', 'other'],
    ['internal-error', 'other'],
  ])('%s is %s', (label, outcomeClass) => {
    expect(pollOutcomeClass(label)).toBe(outcomeClass);
  });
});
