// Runs the longest spec files first, so that the two workers end together instead of one of them
// finishing a two-minute end-to-end file alone. Jest orders by the durations in its cache, but a fresh
// clone (CI) has none and falls back to file size, which starts the slowest end-to-end files late.
// A file without a cached duration is given an estimate: the figure below when it is one of the known
// slow files (seconds, measured in CI; delivery.spec.ts: its share of the 125 s it took before its
// catch-up and bad-input tests moved to files of their own), else a typical duration for its tier.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const KNOWN_SECONDS = {
  'test/e2e/scale/ping-queue.spec.ts': 150,
  'test/e2e/scale/poll-claims.spec.ts': 110,
  'test/e2e/delivery.spec.ts': 80,
  'test/e2e/spine.spec.ts': 86,
  'test/e2e/db-cli.spec.ts': 74,
  'test/e2e/graceful-stop.spec.ts': 49,
  'test/e2e/cli-output.spec.ts': 44,
  'test/e2e/fetcher.spec.ts': 40,
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
