/** Ends a jest run with the plain line `N passed, N failed` that CI reads. */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    process.stderr.write(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed\n`);
  }
}
module.exports = SummaryReporter;
