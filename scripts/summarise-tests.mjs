// Adds up the JSON reports of every test run into one closing line: "tests: N passed, N failed".
// Usage: node summarise-tests.mjs <dir> <expected report file>...; a missing report counts as a failure,
// so a runner that could not start (no report) never looks like a clean run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
/** Runs that failed outside any test: a suite hook, an unhandled error, a global setup. */
const brokenRuns = [];
/** Names of the failed tests: CI shows only the end of the output, so the closing lines name them. */
const failedTests = [];
/** Playwright nests suites in suites; collects every spec whose last result is not the expected one. */
function collectPlaywrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected')
        failedTests.push(`${file}: ${spec.file}:${spec.line} › ${spec.title}`);
    }
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, file);
}
for (const file of expected) {
  const full = path.join(dir, file);
  if (!existsSync(full)) {
    console.log(`missing report: ${file} (that test run did not finish)`);
    missing += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(full, 'utf8'));
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') {
          const where = path.relative(process.cwd(), suite.name);
          failedTests.push(`${file}: ${where} › ${test.fullName ?? test.title}`);
        }
      }
    }
    if (report.success === false && report.numFailedTests === 0) {
      brokenRuns.push(
        `${file}: ${report.numFailedTestSuites} failed suite(s) or an unhandled error, no failed test`,
      );
    }
  } else {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) collectPlaywrightFailures(suite, file);
    if ((report.errors ?? []).length > 0) {
      brokenRuns.push(`${file}: ${report.errors.length} error(s) outside any test`);
    }
  }
}
for (const name of failedTests) console.log(`failed: ${name}`);
for (const broken of brokenRuns) console.log(`broken run: ${broken}`);
console.log(`tests: ${passed} passed, ${failed + missing} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing > 0 || brokenRuns.length > 0 || passed === 0 ? 1 : 0);
