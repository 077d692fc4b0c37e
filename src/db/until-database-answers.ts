import { setTimeout as sleep } from 'node:timers/promises';
import { FailureLog } from '../common/failure-log';
import { isDatabaseUnreachable } from '../common/database-errors';

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 2000;
/** Past this the write is given up and the caller's error stands. */
const GIVE_UP_AFTER_MS = 10 * 60_000;

/**
 * Runs `write` again while the database does not answer (pauses of 0.25 s doubling to 2 s, for at most
 * ten minutes), for a write that records what already happened outside, where losing it costs more
 * than waiting: an email the SMTP server accepted is sent again when its row still says "sending".
 * Any other error is thrown at once. Real time, not the app's clock: it waits for a real server.
 */
export async function untilDatabaseAnswers<T>(write: () => Promise<T>, log: FailureLog): Promise<T> {
  const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      const written = await write();
      log.succeeded();
      return written;
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() + pause > giveUpAt) throw error;
      log.failed(error);
      await sleep(pause);
    }
  }
}
