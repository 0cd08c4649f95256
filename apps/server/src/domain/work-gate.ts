import { AppError, tooManyRequests } from './errors';

/** How much of one kind of heavy work (decoding a picture, reading a package) may run at once. */
export interface WorkGateLimits {
  /** Runs at once in this process, everyone's together. */
  concurrency: number;
  /** Runs at once for one account. */
  perAccount: number;
  /** Waiting, everyone's together; past it the server is busy (503). */
  maxQueued: number;
  /** Waiting for one account; past it that account is asked to slow down (429). */
  maxQueuedPerAccount: number;
  /** What Retry-After says when a request is turned away. */
  retryAfterSeconds: number;
  /** Weight units that may run at once (a picture's estimated decode bytes); Infinity when unweighed. */
  budget?: number;
}

interface Waiter {
  account: string;
  weight: number;
  start: () => void;
}

/**
 * A gate in front of heavy work (docs/decisions/0077-anki-packages-off-the-request-thread.md):
 * at most `concurrency` runs at once and `perAccount` per account, within a weight budget,
 * the rest waiting in arrival order in a bounded queue. One account can fill its own small
 * queue, never everyone's: its extra requests get 429, and a full queue 503, both with
 * Retry-After, before any work starts.
 */
export class WorkGate {
  private running = 0;
  private weightInUse = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly queuedBy = new Map<string, number>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: WorkGateLimits) {}

  /** Runs `work` when the gate lets it; `weight` counts against the budget (refused when over it alone). */
  async run<T>(account: string, work: () => Promise<T>, weight = 0): Promise<T> {
    await this.enter(account, weight);
    try {
      return await work();
    } finally {
      this.leave(account, weight);
    }
  }

  /** How many runs and waiters there are now (metrics and tests). */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }

  /** Why `account`'s run of `weight` cannot start now, or undefined when it can. */
  private blocked(account: string, weight: number): 'full' | 'account' | undefined {
    const budget = this.limits.budget ?? Infinity;
    if (this.running >= this.limits.concurrency) return 'full';
    if ((this.runningBy.get(account) ?? 0) >= this.limits.perAccount) return 'account';
    // Alone, anything may run (what is over the budget by itself is refused before the gate);
    // beside others, only what still fits.
    if (this.running > 0 && this.weightInUse + weight > budget) return 'full';
    return undefined;
  }

  private enter(account: string, weight: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { account, weight, start: resolve };
      this.queue.push(waiter);
      this.queuedBy.set(account, (this.queuedBy.get(account) ?? 0) + 1);
      this.startWaiting();
      if (!this.queue.includes(waiter)) return;
      const overAccount = (this.queuedBy.get(account) ?? 0) > this.limits.maxQueuedPerAccount;
      if (!overAccount && this.queue.length <= this.limits.maxQueued) return;
      this.dequeue(waiter);
      const retryAfter = String(this.limits.retryAfterSeconds);
      reject(
        overAccount
          ? tooManyRequests(this.limits.retryAfterSeconds)
          : new AppError('SERVICE_UNAVAILABLE', {}, { headers: { 'retry-after': retryAfter } }),
      );
    });
  }

  private dequeue(waiter: Waiter): void {
    this.queue.splice(this.queue.indexOf(waiter), 1);
    const queued = (this.queuedBy.get(waiter.account) ?? 1) - 1;
    if (queued === 0) this.queuedBy.delete(waiter.account);
    else this.queuedBy.set(waiter.account, queued);
  }

  private started(account: string, weight: number): void {
    this.running += 1;
    this.weightInUse += weight;
    this.runningBy.set(account, (this.runningBy.get(account) ?? 0) + 1);
  }

  private leave(account: string, weight: number): void {
    this.running -= 1;
    this.weightInUse -= weight;
    const left = (this.runningBy.get(account) ?? 1) - 1;
    if (left === 0) this.runningBy.delete(account);
    else this.runningBy.set(account, left);
    this.startWaiting();
  }

  /**
   * Starts the earliest waiters that may run now. A waiter held only by its own account's runs
   * is passed over, so one account never holds up another's; one held by the budget is not,
   * so a heavy run is never starved by lighter ones behind it.
   */
  private startWaiting(): void {
    for (let index = 0; index < this.queue.length;) {
      const waiter = this.queue[index] as Waiter;
      const reason = this.blocked(waiter.account, waiter.weight);
      if (reason === 'full') return;
      if (reason === 'account') {
        index += 1;
        continue;
      }
      this.dequeue(waiter);
      this.started(waiter.account, waiter.weight);
      waiter.start();
    }
  }
}
