// Preloaded into a server process (`node --import`) by browser tests that need days to pass:
// the process's clock starts at E2E_FAKE_NOW and runs on in real time; each SIGUSR2 moves it on
// by E2E_CLOCK_STEP_MS. Only test servers load this file; the app itself knows nothing about it.
const RealDate = Date;
const start = RealDate.parse(process.env.E2E_FAKE_NOW ?? '');
if (Number.isNaN(start)) throw new Error('fake-clock: E2E_FAKE_NOW must be an ISO date');
const step = Number(process.env.E2E_CLOCK_STEP_MS ?? 60 * 60 * 1000);
let offset = start - RealDate.now();

class FakeDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = FakeDate;
process.on('SIGUSR2', () => {
  offset += step;
});
