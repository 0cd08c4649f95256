// `npm test`: every suite, one after another, and a summary at the end. A failing unit test no
// longer hides the browser tests (as `a && b && c` did): each step runs unless a step it needs
// failed (the browser tests need the build), and the exit code is non-zero if any step failed.
import { spawn } from 'node:child_process';

const STEPS = [
  { name: 'unit and API tests', script: 'test:unit' },
  { name: 'build', script: 'build' },
  { name: 'bundle budget', script: 'check:bundle', needs: 'build' },
  { name: 'browser tests', script: 'test:e2e', needs: 'build' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script) =>
  new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
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
  const code = await run(step.script);
  const seconds = Math.round((Date.now() - started) / 1000);
  outcomes.set(step.script, code === 0 ? 'passed' : 'failed');
  console.log(`--- ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
}

console.log('\nnpm test:');
for (const step of STEPS) console.log(`  ${outcomes.get(step.script).padEnd(8)} ${step.name}`);
process.exit([...outcomes.values()].every((outcome) => outcome === 'passed') ? 0 : 1);
