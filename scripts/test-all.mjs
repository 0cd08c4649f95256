// `npm test`: every suite, and a summary at the end. A failing unit test no longer hides the
// browser tests (as `a && b && c` did): each step runs unless a step it needs failed (the browser
// tests need the build), and the exit code is non-zero if any step failed.
//
// The unit suite and the browser tests run side by side, after the build: both wait on servers,
// databases and processes, and together they keep a 2-core machine ~95 % busy where each alone
// left it a fifth idle (docs/decisions/0065-test-workers.md). The unit suite's output streams;
// the browser tests' is held and printed in one block when they end, so the two never interleave.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The unit step also writes a JSON report, so the names of failed tests can be repeated at the
// very end: a CI log is often read from its tail, after thousands of browser-test lines.
const reportDir = mkdtempSync(join(tmpdir(), 'wordhoard-test-'));
const unitReport = join(reportDir, 'unit.json');

const STEPS = {
  build: { name: 'build', script: 'build' },
  bundle: { name: 'bundle budget', script: 'check:bundle', needs: 'build' },
  unit: {
    name: 'unit and API tests',
    script: 'test:unit',
    args: ['--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  },
  e2e: { name: 'browser tests', script: 'test:e2e', needs: 'build', held: true },
};
const ORDER = ['unit', 'build', 'bundle', 'e2e'];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Runs an npm script; its output goes straight through, or is held and returned. */
const run = (script, args = [], { held = false } = {}) =>
  new Promise((resolve) => {
    const extra = args.length > 0 ? ['--', ...args] : [];
    const child = spawn(npm, ['run', '--silent', script, ...extra], {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    if (held) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.once('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString('utf8') }),
    );
  });

const outcomes = new Map();
async function runStep(key) {
  const step = STEPS[key];
  if (step.needs && outcomes.get(step.needs) !== 'passed') {
    outcomes.set(key, 'not run');
    return;
  }
  const started = Date.now();
  console.log(`\n--- ${step.name} (npm run ${step.script})${step.held ? ': output when it ends' : ''}`);
  const { code, output } = await run(step.script, step.args, { held: step.held });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (step.held) process.stdout.write(`\n--- ${step.name}: output\n${output}`);
  outcomes.set(key, code === 0 ? 'passed' : 'failed');
  console.log(`--- ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
}

const started = Date.now();
await Promise.all([
  runStep('unit'),
  (async () => {
    await runStep('build');
    await runStep('bundle');
    await runStep('e2e');
  })(),
]);

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
} else if (outcomes.get('unit') === 'failed') {
  console.log(
    '\nunit and API tests failed with no failed test in the report: look for "Unhandled Errors" above',
  );
}

console.log(`\nnpm test (${Math.round((Date.now() - started) / 1000)} s):`);
for (const key of ORDER) console.log(`  ${outcomes.get(key).padEnd(8)} ${STEPS[key].name}`);
process.exit([...outcomes.values()].every((outcome) => outcome === 'passed') ? 0 : 1);
