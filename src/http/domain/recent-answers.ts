export interface RecentAnswersOptions {
  /** How long an answer is reused, in milliseconds. */
  answeredMs: number;
  /** How long a failure is reused: a name that does not resolve is not asked again at once. */
  failedMs: number;
  /** The most questions remembered; past it, the oldest is forgotten. */
  capacity: number;
  /** A monotonic clock, in milliseconds. */
  now: () => number;
}

/**
 * Answers to questions (such as which addresses a host name has) remembered for a while, and a question
 * under way shared by everyone who asks it meanwhile: the poller asks once a minute for a host whose
 * feeds it fetches by the hundred, not once a feed.
 */
export class RecentAnswers<T> {
  private readonly entries = new Map<string, { answer: Promise<T>; until: number }>();

  constructor(private readonly options: RecentAnswersOptions) {}

  ask(question: string, lookUp: () => Promise<T>): Promise<T> {
    const known = this.entries.get(question);
    if (known && known.until > this.options.now()) return known.answer;
    this.entries.delete(question);
    if (this.entries.size >= this.options.capacity) this.entries.delete(this.entries.keys().next().value!);
    const entry = { answer: lookUp(), until: Number.POSITIVE_INFINITY };
    this.entries.set(question, entry);
    const keepFor = (ms: number) => () => void (entry.until = this.options.now() + ms);
    entry.answer.then(keepFor(this.options.answeredMs), keepFor(this.options.failedMs));
    return entry.answer;
  }
}
