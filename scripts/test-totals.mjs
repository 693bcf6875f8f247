// Sums the JSON reports of every vitest run of `npm test` into the one closing line CI reads.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? '.test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`(${file}) passed ${report.numPassedTests}, failed ${report.numFailedTests}`);
}
console.log(
  skipped ? `${passed} passed, ${failed} failed, ${skipped} skipped` : `${passed} passed, ${failed} failed`,
);
