import { regexProblem, testWithTimeLimit } from './timed-regex';

describe('testWithTimeLimit', () => {
  it('matches case-insensitively and with Unicode', () => {
    expect(testWithTimeLimit('release\\s+v\\d+', 'New RELEASE  v12 is out')).toBe('match');
    expect(testWithTimeLimit('^café$', 'CAFÉ')).toBe('match');
    expect(testWithTimeLimit('release', 'nothing here')).toBe('no-match');
  });

  it('stops a catastrophic pattern that would otherwise run for days', () => {
    expect(testWithTimeLimit('(a+)+$', `${'a'.repeat(40)}!`)).toBe('timeout');
  });
});

describe('regexProblem', () => {
  it.each(['rust|wasm', '^\\[release\\]', '(?:foo|bar)\\d{2,4}', 'a+b+c*', '[(+*)]+', '(ab)?c+'])(
    'accepts %s',
    (pattern) => expect(regexProblem(pattern)).toBeNull(),
  );

  it.each([
    ['(a+)+$', /repeats a repetition/],
    ['(\\w*x)*y', /repeats a repetition/],
    ['((ab)+)+$', /repeats a repetition/],
    ['(a|a)*$', /too slow/],
    ['(a|aa)+$', /too slow/],
    ['(', /invalid regular expression/],
    ['', /empty/],
    ['x'.repeat(501), /longer than 500/],
  ])('rejects %s', (pattern, message) => {
    expect(regexProblem(pattern)).toMatch(message);
  });
});
