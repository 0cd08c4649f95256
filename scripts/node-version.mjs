// Whether this Node.js can run Wordhoard, checked first by `npm start` and `npm run admin`
// (scripts/build-if-needed.mjs). Written in syntax every old Node parses (no `??`, `?.`, top-level
// await), so that an old Node reaches the check and says one clear line instead of a stack.

/**
 * The line to print when `version` (process.version, "v20.19.0") is older than the major the
 * package.json "engines" range ("^26.0.0", ">=26") asks for; undefined when it is recent enough
 * or when the range says no major. A newer major passes: it may well run, and the Dockerfile pins
 * the one that is tested (docs/decisions/0083-operator-mistakes-said.md).
 */
export function unsupportedNode(version, engines, executable) {
  const wanted = /(\d+)/.exec(String(engines || ''));
  const running = /^v?(\d+)/.exec(String(version));
  if (!wanted || !running) return undefined;
  if (Number(running[1]) >= Number(wanted[1])) return undefined;
  return (
    'Wordhoard needs Node.js ' +
    wanted[1] +
    ' (package.json "engines": "' +
    engines +
    '"), but this is Node.js ' +
    version +
    (executable ? ' (' + executable + ')' : '') +
    ': install Node.js ' +
    wanted[1] +
    ' and run the command again.'
  );
}
