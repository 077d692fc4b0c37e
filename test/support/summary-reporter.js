// Writes the run's counts to $TIDINGS_TEST_SUMMARY (for .ci/run's closing line). A suite that fails to
// load has no failed test of its own, so it counts as one failure.
const { writeFileSync } = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const path = process.env.TIDINGS_TEST_SUMMARY;
    if (!path) return;
    const brokenSuites = results.testResults.filter(
      (suite) => suite.testExecError || (suite.failureMessage && suite.numFailingTests === 0),
    ).length;
    const summary = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + brokenSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    writeFileSync(path, JSON.stringify(summary));
  }
}

module.exports = SummaryReporter;
