import { parentPort } from 'node:worker_threads';
import { FeedParseError, parseFeed } from './domain/parse-feed';
import type { ParseJob, WorkerMessage } from './feed-parser';

/** Read once before the thread says it is ready, so that its first real parse does not pay for warming up. */
const WARM_UP_FEED =
  '<rss version="2.0"><channel><title>t</title><item><title>i</title><link>https://w.example/</link></item></channel></rss>';

/** A `FeedParser` worker thread: one parse per message, its feed or its error posted back. */
parentPort?.on('message', ({ body, options }: ParseJob) => {
  const reply = (outcome: WorkerMessage) => parentPort!.postMessage(outcome);
  parseFeed(Buffer.from(body.buffer, body.byteOffset, body.byteLength), options).then(
    (feed) => reply({ feed }),
    (error: Error) =>
      reply(error instanceof FeedParseError ? { parseError: error.reason } : { failure: error.message }),
  );
});
void parseFeed(WARM_UP_FEED).finally(() => parentPort?.postMessage({ ready: true } satisfies WorkerMessage));
