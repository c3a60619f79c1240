/**
 * Ends the jest output with one plain line, "tests: N passed, N failed", that CI reads.
 * Printed at exit so that it comes after jest's own summary.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const tail = skipped ? `, ${skipped} skipped` : '';
    const line = `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`;
    process.once('exit', () => process.stdout.write(line));
  }
}
module.exports = SummaryReporter;
