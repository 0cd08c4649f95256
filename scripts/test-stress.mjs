// `npm run test:stress`: the whole suite three times in a row while two busy loops load both
// cores, as a busy CI machine would. A test that passes only when the machine is idle (a sleep,
// a tight timeout) fails here. Prints each pass's outcome and time; non-zero if any failed.
import { spawn } from 'node:child_process';

const PASSES = Number(process.env.STRESS_PASSES ?? 3);
const LOOPS = Number(process.env.STRESS_LOOPS ?? 2);

const loops = Array.from({ length: LOOPS }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopLoops = () => {
  for (const loop of loops) loop.kill('SIGKILL');
};
process.on('exit', stopLoops);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopLoops();
    process.exit(130);
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];
for (let pass = 1; pass <= PASSES; pass += 1) {
  console.log(`\n=== stress pass ${pass} of ${PASSES} (${LOOPS} busy loops)`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(npm, ['test'], { stdio: 'inherit' });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  results.push({ pass, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
stopLoops();

console.log('\nnpm run test:stress:');
for (const { pass, ok, seconds } of results)
  console.log(`  pass ${pass}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
