// Runs Vitest over every project, prints core coverage, and closes with one
// plain summary line ("N passed, N failed") that CI can read.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync } from 'node:fs';

mkdirSync('coverage', { recursive: true });
const report = 'coverage/vitest-report.json';
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--coverage',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
} catch {
  failed = Math.max(failed, 1);
}
console.log(`vitest: ${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
