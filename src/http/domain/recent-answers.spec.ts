import { RecentAnswers } from './recent-answers';

describe('RecentAnswers', () => {
  let now = 0;
  const answers = () =>
    new RecentAnswers<string[]>({ answeredMs: 60_000, failedMs: 10_000, capacity: 2, now: () => now });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => (now = 0));

  it('asks once while an answer is fresh, and again once it is not', async () => {
    const recent = answers();
    let asked = 0;
    const lookUp = async () => [`192.0.2.${(asked += 1)}`];
    expect(await recent.ask('feeds.example', lookUp)).toEqual(['192.0.2.1']);
    now = 59_999;
    expect(await recent.ask('feeds.example', lookUp)).toEqual(['192.0.2.1']);
    now = 60_000;
    expect(await recent.ask('feeds.example', lookUp)).toEqual(['192.0.2.2']);
    expect(asked).toBe(2);
  });

  it('shares a question under way with everyone who asks it meanwhile', async () => {
    const recent = answers();
    let asked = 0;
    let answer!: (addresses: string[]) => void;
    const lookUp = () => {
      asked += 1;
      return new Promise<string[]>((resolve) => (answer = resolve));
    };
    const first = recent.ask('feeds.example', lookUp);
    now = 120_000; // a slow answer is still the one under way
    const second = recent.ask('feeds.example', lookUp);
    answer(['192.0.2.7']);
    expect(await Promise.all([first, second])).toEqual([['192.0.2.7'], ['192.0.2.7']]);
    expect(asked).toBe(1);
  });

  it('remembers a failure for less time than an answer, and tells each asker', async () => {
    const recent = answers();
    let asked = 0;
    const lookUp = async (): Promise<string[]> => {
      asked += 1;
      throw new Error('getaddrinfo ENOTFOUND nowhere.example');
    };
    await expect(recent.ask('nowhere.example', lookUp)).rejects.toThrow('ENOTFOUND');
    now = 9_999;
    await expect(recent.ask('nowhere.example', lookUp)).rejects.toThrow('ENOTFOUND');
    expect(asked).toBe(1);
    now = 10_000;
    await expect(recent.ask('nowhere.example', lookUp)).rejects.toThrow('ENOTFOUND');
    expect(asked).toBe(2);
  });

  it('forgets the oldest question when full', async () => {
    const recent = answers();
    const asked: string[] = [];
    const lookUp = (name: string) => async () => {
      asked.push(name);
      return [name];
    };
    for (const name of ['a.example', 'b.example', 'c.example', 'b.example', 'a.example'])
      await recent.ask(name, lookUp(name));
    await settle();
    expect(asked).toEqual(['a.example', 'b.example', 'c.example', 'a.example']);
  });
});
