// Runs the longest spec files first, so that the workers end together instead of one of them
// finishing a two-minute end-to-end file alone. Jest orders by the durations in its cache, but a fresh
// clone (CI) has none and falls back to file size, which starts the slowest end-to-end files late.
// A file without a cached duration is given an estimate: the figure below when it is one of the known
// slow files (seconds, measured by `.ci/run` on a fresh clone, 2026-11-28), else a typical duration for its tier.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const KNOWN_SECONDS = {
  'test/e2e/email-rendering.spec.ts': 101,
  'test/e2e/reader-rhythm.spec.ts': 91,
  'test/integration/delivery/fan-out-size.spec.ts': 82,
  'test/e2e/same-story.spec.ts': 82,
  'test/e2e/dashboard-pages.spec.ts': 81,
  'test/e2e/scale/poll-claims.spec.ts': 66,
  'test/e2e/spine.spec.ts': 55,
  'test/e2e/opml-cli.spec.ts': 55,
  'test/integration/delivery/digest-batches.spec.ts': 53,
  'test/e2e/deliver-to.spec.ts': 51,
  'test/e2e/database-down.spec.ts': 50,
  'test/e2e/delivery.spec.ts': 48,
  'test/integration/db/long-id-lists.spec.ts': 48,
  'test/e2e/scale/ping-queue.spec.ts': 46,
  'test/e2e/edited-posts.spec.ts': 44,
  'test/e2e/graceful-stop.spec.ts': 42,
};
const TIER_SECONDS = { e2e: 20, integration: 5, unit: 0.5 };

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const estimate = (test) => {
      const path = relative(test.context.config.rootDir, test.path).split('\\').join('/');
      const tier = path.startsWith('test/e2e/') ? 'e2e' : path.startsWith('test/') ? 'integration' : 'unit';
      return (KNOWN_SECONDS[path] ?? TIER_SECONDS[tier]) * 1000;
    };
    const duration = (test) => this.time(test) ?? estimate(test);
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return duration(b) - duration(a);
    });
  }
}

module.exports = LongestFirstSequencer;
