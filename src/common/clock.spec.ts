import { getEventListeners } from 'node:events';
import { Clock } from './clock';

describe('Clock.sleepUntil', () => {
  const soon = (ms: number) => new Date(Date.now() + ms);

  it('leaves no listener on the signal once it woke, however many slept on it', async () => {
    const stop = new AbortController();
    await Promise.all(Array.from({ length: 20 }, () => new Clock().sleepUntil(soon(5), stop.signal)));
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('wakes at once when the signal aborts, and leaves no listener then either', async () => {
    const stop = new AbortController();
    const sleeping = new Clock().sleepUntil(soon(60_000), stop.signal);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
    stop.abort();
    await sleeping;
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
