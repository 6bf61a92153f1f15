/**
 * Ends a jest run with the plain line `N passed, N failed` that CI reads. Written when the
 * process exits, so that it follows jest's own summary; with it, the run's fast-check seed.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const seed = `fast-check seed ${process.env.FC_SEED}: FC_SEED=${process.env.FC_SEED} npm test replays every property`;
    const line = `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed\n${seed}\n`;
    process.once('exit', () => process.stderr.write(line));
  }
}
module.exports = SummaryReporter;
