// Preloaded into a server process (`node --import`) by browser tests that need days to pass:
// the process's clock starts at E2E_FAKE_NOW and runs on in real time; each SIGUSR2 moves it on
// by E2E_CLOCK_STEP_MS. Only test servers load this file; the app itself knows nothing about it.
//
// With E2E_CLOCK_RUNS_JOBS=1 the periodic jobs (setInterval) follow the clock too: an interval
// whose next run the jump passed runs at once (once, as after a machine's sleep) instead of at
// its next real-time tick. A test of the minute's reminder job then waits for the mail, not for
// up to a minute of real time.
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

/** Each live interval (by its handle): its callback and when, on the fake clock, it runs next. */
const intervals = new Map();
if (process.env.E2E_CLOCK_RUNS_JOBS === '1') {
  const realSetInterval = globalThis.setInterval;
  const realClearInterval = globalThis.clearInterval;
  const realClearTimeout = globalThis.clearTimeout;
  globalThis.setInterval = (callback, delay = 0, ...args) => {
    const period = Math.max(1, Number(delay) || 0);
    const entry = { run: () => callback(...args), period, next: FakeDate.now() + period };
    const handle = realSetInterval(() => {
      entry.next = FakeDate.now() + period;
      entry.run();
    }, period);
    intervals.set(handle, entry);
    return handle;
  };
  globalThis.clearInterval = (handle) => {
    intervals.delete(handle);
    realClearInterval(handle);
  };
  globalThis.clearTimeout = (handle) => {
    intervals.delete(handle);
    realClearTimeout(handle);
  };
}

process.on('SIGUSR2', () => {
  offset += step;
  const now = FakeDate.now();
  for (const entry of intervals.values()) {
    if (entry.next > now) continue;
    entry.next = now + entry.period;
    setImmediate(entry.run);
  }
});
