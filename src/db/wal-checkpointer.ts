import { Worker } from 'node:worker_threads';

/** How often the worker copies the write-ahead log back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 1000;

/** What one checkpoint did, in WAL frames (`PRAGMA wal_checkpoint`'s own figures). */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * Plain JavaScript run on the worker (no build step, no TypeScript loader needed): its own connection
 * to the database file, a PASSIVE checkpoint on every tick (it never waits for, nor blocks, the app's
 * readers and writers), each result posted back, and the connection closed on 'stop'.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.path, { timeout: workerData.busyTimeoutMs });
const checkpoint = () => {
  try {
    parentPort.postMessage({ result: db.pragma('wal_checkpoint(PASSIVE)')[0] });
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointerOptions {
  path: string;
  busyTimeoutMs: number;
  intervalMs?: number;
  onCheckpoint?: (result: CheckpointResult) => void;
  /** The worker failed or could not open the file: the app must checkpoint by itself again. */
  onFailure: (message: string) => void;
}

/**
 * Checkpoints a SQLite database in WAL mode on a worker thread. A checkpoint writes the logged pages
 * back into the database file and syncs it: done by SQLite's automatic checkpoint, that work (tens of
 * milliseconds on a busy database) lands on whichever write crosses the threshold, on the event loop.
 * The app's connection runs with `wal_autocheckpoint = 0` while this runs.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly stopped: Promise<void>;

  constructor(options: WalCheckpointerOptions) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        path: options.path,
        busyTimeoutMs: options.busyTimeoutMs,
        intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
        driverPath: require.resolve('better-sqlite3'),
      },
    });
    this.worker.on('message', (message: { result?: CheckpointResult; error?: string }) => {
      if (message.error !== undefined) options.onFailure(message.error);
      else if (message.result) options.onCheckpoint?.(message.result);
    });
    this.worker.on('error', (error) => options.onFailure(error.message));
    this.stopped = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** Closes the worker's connection and waits for the thread to end. */
  async stop(): Promise<void> {
    this.worker.postMessage('stop');
    await this.stopped;
  }
}
