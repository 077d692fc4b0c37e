import { Script, createContext } from 'node:vm';

/**
 * Regular expressions written by users run with a time limit: JavaScript's engine backtracks, so a
 * pattern such as `(a+)+$` can take exponential time. A `vm` script can be interrupted by a timeout,
 * a bare `RegExp#test` cannot.
 */
export const REGEX_TIME_LIMIT_MS = 50;
export const MAX_REGEX_LENGTH = 500;

const context = createContext({ pattern: '', input: '', result: false });
const script = new Script('result = new RegExp(pattern, "iu").test(input)');

export type TimedMatch = 'match' | 'no-match' | 'timeout';

/**
 * Tests `input` against `pattern` (case-insensitive, Unicode), giving up after the time limit. The limit
 * is wall-clock time, so a busy machine can stall even a fast match past it: a timeout counts only when
 * a second run, given ten times as long, also times out (two runs of 50 ms both timed out on a loaded
 * CI machine, and a reader's filter then let through a post it should have kept out).
 */
export function testWithTimeLimit(pattern: string, input: string, limitMs = REGEX_TIME_LIMIT_MS): TimedMatch {
  context.pattern = pattern;
  context.input = input;
  try {
    for (const timeout of [limitMs, limitMs * 10]) {
      try {
        script.runInContext(context, { timeout });
        return context.result ? 'match' : 'no-match';
      } catch (error) {
        if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      }
    }
    return 'timeout';
  } finally {
    context.input = '';
  }
}

/** Inputs that make backtracking patterns blow up: long runs that almost match, then fail. */
const ADVERSARIAL_INPUTS = ['a', '0', ' ', 'x', 'ab', '.', '-'].map((unit) => `${unit.repeat(1000)}\u0000!`);

/** Why a user's pattern is refused, or null when it is acceptable. */
export function regexProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'the regular expression is empty';
  if (pattern.length > MAX_REGEX_LENGTH)
    return `the regular expression is longer than ${MAX_REGEX_LENGTH} characters`;
  try {
    new RegExp(pattern, 'iu');
  } catch (error) {
    return `invalid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
  if (hasNestedQuantifier(pattern))
    return 'the regular expression repeats a repetition, which can run forever';
  for (const input of ADVERSARIAL_INPUTS) {
    if (testWithTimeLimit(pattern, input) === 'timeout')
      return 'the regular expression is too slow (it can run forever on some text)';
  }
  return null;
}

/** A quantified group that itself contains a quantifier, e.g. `(a+)+` or `(\w*x)*`: star height above one. */
function hasNestedQuantifier(pattern: string): boolean {
  const groupIsRepeating: boolean[] = [];
  const markEnclosingGroup = () => {
    if (groupIsRepeating.length) groupIsRepeating[groupIsRepeating.length - 1] = true;
  };
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') i += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') groupIsRepeating.push(false);
    else if (char === ')') {
      const containsRepetition = groupIsRepeating.pop() ?? false;
      if (containsRepetition && /[+*{]/.test(pattern[i + 1] ?? '')) return true;
      if (containsRepetition) markEnclosingGroup();
    } else if (/[+*{]/.test(char)) markEnclosingGroup();
  }
  return false;
}
