/** Ends a jest run with the `N passed, N failed` line CI reads (at exit, after jest's summary), and the run's fast-check seed. */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const seed = `fast-check seed ${process.env.FC_SEED}: FC_SEED=${process.env.FC_SEED} npm test replays every property`;
    const line = `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed\n${seed}\n`;
    process.once('exit', () => process.stderr.write(line));
  }
}
module.exports = SummaryReporter;
