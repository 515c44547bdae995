// Sums up vitest JSON reports into one closing line: "N passed, N failed, N skipped".
import fs from 'node:fs';

let passed = 0,
  failed = 0,
  skipped = 0,
  missing = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    missing++;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
}
if (missing > 0) console.log(`${missing} suite report(s) missing: a suite did not run`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing > 0 || passed === 0 ? 1 : 0);
