// Runs the longest spec files first, so that the workers end together instead of one of them
// finishing a two-minute end-to-end file alone. Jest orders by the durations in its cache, but a fresh
// clone (CI) has none and falls back to file size, which starts the slowest end-to-end files late.
// A file without a cached duration is given an estimate: the figure below when it is one of the known
// slow files (seconds, measured with three workers on 2 cores, 2026-11-28), else a typical duration for its tier.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const KNOWN_SECONDS = {
  'test/integration/delivery/fan-out-size.spec.ts': 89,
  'test/e2e/reader-rhythm.spec.ts': 59,
  'test/e2e/same-story.spec.ts': 54,
  'test/integration/delivery/digest-batches.spec.ts': 50,
  'test/e2e/scale/poll-claims.spec.ts': 38,
  'test/integration/db/long-id-lists.spec.ts': 38,
  'test/e2e/email-rendering.spec.ts': 30,
  'test/e2e/delivery.spec.ts': 30,
  'test/e2e/scale/shared-politeness.spec.ts': 27,
  'test/e2e/database-down.spec.ts': 26,
  'test/e2e/spine.spec.ts': 24,
  'test/e2e/dashboard-pages.spec.ts': 23,
  'test/e2e/graceful-stop.spec.ts': 23,
  'test/e2e/deliver-to.spec.ts': 22,
  'test/e2e/scale/redis-outage.spec.ts': 22,
  'test/integration/support/reply-commands.spec.ts': 20,
  'test/e2e/db-cli.spec.ts': 20,
  'test/e2e/scale/fetched-once.spec.ts': 20,
  'test/integration/support/inbound-mail.spec.ts': 20,
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
