import { parentPort } from 'node:worker_threads';
import { FeedParseError, parseFeed } from './domain/parse-feed';
import type { ParseJob, WorkerMessage } from './feed-parser';

/** A `FeedParser` worker thread: one parse per message, its feed or its error posted back. */
parentPort?.on('message', ({ body, options }: ParseJob) => {
  const reply = (outcome: WorkerMessage) => parentPort!.postMessage(outcome);
  parseFeed(Buffer.from(body.buffer, body.byteOffset, body.byteLength), options).then(
    (feed) => reply({ feed }),
    (error: Error) =>
      reply(error instanceof FeedParseError ? { parseError: error.reason } : { failure: error.message }),
  );
});
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
