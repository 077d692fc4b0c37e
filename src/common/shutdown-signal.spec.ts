import { getEventListeners, getMaxListeners } from 'node:events';
import { Clock } from './clock';
import { ShutdownSignal } from './shutdown-signal';

describe('ShutdownSignal', () => {
  it('lets any number of waits listen for stopping (no leak warning past ten), and wakes them all at once', async () => {
    const shutdown = new ShutdownSignal();
    // Node warns (MaxListenersExceededWarning) past this many listeners: ten unless raised.
    expect(getMaxListeners(shutdown.signal)).toBe(Infinity);
    const waits = Array.from({ length: 50 }, () =>
      new Clock().sleepUntil(new Date(Date.now() + 60_000), shutdown.signal),
    );
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(50);
    shutdown.begin();
    await Promise.all(waits);
    expect(shutdown.isStopping).toBe(true);
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
  });
});
