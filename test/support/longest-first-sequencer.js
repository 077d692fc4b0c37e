// Runs the longest spec files first, so that the workers end together instead of one of them
// finishing a two-minute end-to-end file alone. Jest orders by the durations in its cache, but a fresh
// clone (CI) has none and falls back to file size, which starts the slowest end-to-end files late.
// A file without a cached duration is given an estimate: the figure below when it is one of the known
// slow files (seconds, the mean of two runs with four workers on 2 cores, 2026-12-07), else a typical duration for its tier.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const KNOWN_SECONDS = {
  'test/e2e/cadence-month.spec.ts': 143,
  'test/integration/db/long-id-lists.spec.ts': 121,
  'test/e2e/reader-rhythm.spec.ts': 108,
  'test/e2e/same-story.spec.ts': 99,
  'test/e2e/scale/poll-claims.spec.ts': 97,
  'test/e2e/spine.spec.ts': 92,
  'test/e2e/deliver-to.spec.ts': 86,
  'test/e2e/opml-cli.spec.ts': 84,
  'test/e2e/edited-posts.spec.ts': 80,
  'test/e2e/delivery.spec.ts': 70,
  'test/e2e/cli-output.spec.ts': 68,
  'test/e2e/scale/shared-politeness.spec.ts': 54,
  'test/e2e/email-rendering.spec.ts': 53,
  'test/e2e/database-down.spec.ts': 46,
  'test/e2e/dashboard-pages.spec.ts': 43,
  'test/e2e/db-cli.spec.ts': 42,
  'test/e2e/feed-login-cli.spec.ts': 38,
  'test/e2e/scale/fetched-once.spec.ts': 37,
  'test/e2e/scale/redis-outage.spec.ts': 34,
  'test/e2e/delivery-record.spec.ts': 34,
  'test/e2e/fetcher.spec.ts': 33,
  'test/integration/delivery/fan-out-size.spec.ts': 32,
  'test/integration/support/reply-commands.spec.ts': 28,
  'test/integration/support/inbound-mail.spec.ts': 26,
  'test/e2e/scale/ipv6-rate-limits.spec.ts': 26,
  'test/e2e/billing.spec.ts': 26,
  'test/e2e/graceful-stop.spec.ts': 24,
  'test/e2e/install-key.spec.ts': 22,
  'test/e2e/heap-growth.spec.ts': 22,
  'test/e2e/scale/ping-queue.spec.ts': 22,
  'test/e2e/reply-commands.spec.ts': 21,
  'test/integration/push/pings.spec.ts': 20,
  'test/e2e/delivery-bad-input.spec.ts': 19,
  'test/e2e/unsubscribe.spec.ts': 19,
};
const TIER_SECONDS = { e2e: 9, integration: 5, unit: 0.3 };

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
