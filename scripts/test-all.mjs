// `npm test`: every suite, one after another, and a summary at the end. A failing unit test no
// longer hides the browser tests (as `a && b && c` did): each step runs unless a step it needs
// failed (the browser tests need the build), and the exit code is non-zero if any step failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The unit step also writes a JSON report, so the names of failed tests can be repeated at the
// very end: a CI log is often read from its tail, after thousands of browser-test lines.
const reportDir = mkdtempSync(join(tmpdir(), 'wordhoard-test-'));
const unitReport = join(reportDir, 'unit.json');

const STEPS = [
  {
    name: 'unit and API tests',
    script: 'test:unit',
    args: ['--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  },
  { name: 'build', script: 'build' },
  { name: 'bundle budget', script: 'check:bundle', needs: 'build' },
  { name: 'browser tests', script: 'test:e2e', needs: 'build' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script, args = []) =>
  new Promise((resolve) => {
    const extra = args.length > 0 ? ['--', ...args] : [];
    const child = spawn(npm, ['run', '--silent', script, ...extra], { stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const outcomes = new Map();
for (const step of STEPS) {
  if (step.needs && outcomes.get(step.needs) !== 'passed') {
    outcomes.set(step.script, 'not run');
    continue;
  }
  const started = Date.now();
  console.log(`\n--- ${step.name} (npm run ${step.script})`);
  const code = await run(step.script, step.args);
  const seconds = Math.round((Date.now() - started) / 1000);
  outcomes.set(step.script, code === 0 ? 'passed' : 'failed');
  console.log(`--- ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
}

const failedUnitTests = () => {
  try {
    const report = JSON.parse(readFileSync(unitReport, 'utf8'));
    return report.testResults.flatMap((file) => {
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      if (failed.length === 0 && file.status === 'failed')
        return [`${file.name}: ${String(file.message).split('\n')[0]}`];
      return failed.map(
        (test) => `${file.name} › ${test.fullName}: ${String(test.failureMessages[0] ?? '').split('\n')[0]}`,
      );
    });
  } catch {
    return [];
  }
};
const unitFailures = failedUnitTests();
rmSync(reportDir, { recursive: true, force: true });
if (unitFailures.length > 0) {
  console.log('\nfailed unit and API tests:');
  for (const failure of unitFailures) console.log(`  ${failure}`);
} else if (outcomes.get('test:unit') === 'failed') {
  console.log(
    '\nunit and API tests failed with no failed test in the report: look for "Unhandled Errors" above',
  );
}

console.log('\nnpm test:');
for (const step of STEPS) console.log(`  ${outcomes.get(step.script).padEnd(8)} ${step.name}`);
process.exit([...outcomes.values()].every((outcome) => outcome === 'passed') ? 0 : 1);
