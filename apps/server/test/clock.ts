/** A clock tests can move: services read `now()`, tests call `advance`. */
export class TestClock {
  private current: Date;
  constructor(start = new Date()) {
    this.current = new Date(start);
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
