import {
  MAX_LATE_ANSWERS,
  type AnswerBody,
  type AnswerResult,
  type AnswerTarget,
  type LateAnswer,
  type SkipResult,
  type TestItem,
  type TestState,
  type User,
} from '@wordhoard/shared';
import { ApiError, NetworkError, type HttpClient } from '../../../shared/http';
import type {
  Disagreement,
  LocalVerdict,
  OfflineStore,
  QueuedAnswer,
  StoredPack,
  SyncOutcome,
} from '../../../shared/offline';
import {
  answerLocally,
  localState,
  packShows,
  sameProgress,
  skipLocally,
  type LocalOutcome,
} from '../lib/localTest';

export interface OfflineTestingDeps {
  http: HttpClient;
  store: OfflineStore;
  /** The signed-in learner, whose test this is. */
  user: () => User | null;
  /** The queue went out: what the screens show of the test is stale. */
  onSynced?: () => void;
  now?: () => Date;
}

const sameItem = (a: TestItem | null | undefined, b: TestItem | null) =>
  a === undefined || (a === null ? b === null : b !== null && sameProgress(a, b));

/** An answer the device turned away without changing the test: a definition typed again. */
const refused = (result: unknown) =>
  typeof result === 'object' &&
  result !== null &&
  (result as { status?: unknown }).status === 'alreadyEntered';

/** The pack's own grading of one submission (an answer or a skip), as the server would grade it. */
type Locally<R> = (pack: StoredPack['pack']) => LocalOutcome<R> | null;

/**
 * `pack` with a submission the server took applied, or null where the device would have moved
 * elsewhere than the server did (the pack stands elsewhere, or another tab answered meanwhile).
 */
function packAfter<R extends { next?: TestItem | null }>(
  pack: StoredPack['pack'],
  result: R,
  locally: Locally<R>,
): StoredPack['pack'] | null {
  const outcome = locally(pack);
  const next = outcome?.result.next;
  return outcome && next !== undefined && sameItem(result.next, next) ? outcome.pack : null;
}

/** The server's grade of a sent answer, in the words of the device's. */
const serverVerdict = (result: AnswerResult): LocalVerdict['result'] => result.result;

/**
 * A test that goes on when the connection goes (docs/decisions/0058-offline-tests.md).
 *
 * Online, every answer goes to the server as before, and the device follows along in its pack
 * (the whole test, fetched once per test). When the server cannot be reached, the pack grades
 * the answer at once with the shared grader and the answer joins a queue in IndexedDB, with the
 * attemptId it was made with; from then on answers queue in order until the queue has gone out.
 * Back online, the queue is sent in order through the same endpoints — a repeat of an attempt is
 * applied once — and the server's grade is the one kept; where it differs, the learner is told.
 * Answers of a test replaced on another device meanwhile still count for the schedule.
 */
export class OfflineTesting {
  private syncing: Promise<void> | null = null;
  /** Pack writes one after another: an answer's follow-up never overtakes the next answer's. */
  private writes: Promise<unknown> = Promise.resolve();
  /**
   * The pack as this runner last read or wrote it, kept in memory so that an answer can be
   * graded in the frame of its Enter (`predictAnswer`), without an IndexedDB read. `version`
   * counts the writes: a read that a write overtook does not bring back the older pack.
   */
  private known: StoredPack | null = null;
  private version = 0;

  constructor(private readonly deps: OfflineTestingDeps) {}

  private get store() {
    return this.deps.store;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => undefined);
    return run;
  }

  private reachable(reached: boolean): void {
    const status = this.store.status.get();
    if (status.unreachable === reached) this.store.status.set({ ...status, unreachable: !reached });
  }

  private userId(): string | null {
    return this.deps.user()?.id ?? null;
  }

  private async readPack(userId: string): Promise<StoredPack | undefined> {
    const version = this.version;
    const stored = await this.store.readPack(userId);
    if (version === this.version) this.known = stored ?? null;
    return stored;
  }

  private async writePack(record: StoredPack): Promise<void> {
    this.version += 1;
    await this.store.writePack(record);
    this.known = record;
  }

  private async clearPack(userId: string): Promise<void> {
    this.version += 1;
    await this.store.clearPack(userId);
    this.known = null;
  }

  /**
   * How the server will grade `body`, told at once from the pack in memory with the shared
   * grader (issue 23: feedback within 100 ms on a slow phone), for the screen to show while the
   * server confirms. Null when the device cannot tell: no pack, a pack that stands elsewhere
   * than `shown` (the word on screen), or answers waiting to go out first.
   */
  predictAnswer(body: AnswerBody, shown: TestItem): AnswerResult | null {
    const known = this.known;
    if (!known || known.userId !== this.userId() || this.store.status.get().pending > 0) return null;
    if (!packShows(known.pack, shown)) return null;
    return answerLocally(known.pack, body)?.result ?? null;
  }

  /** GET /testing, or what the device has of the test while the server cannot be reached. */
  async state(signal?: AbortSignal): Promise<TestState> {
    const userId = this.userId();
    if (!userId) return this.deps.http.request('getTesting', { signal });
    if ((await this.store.queued(userId)).length > 0) await this.sync();
    const stored = await this.readPack(userId);
    if (stored && (await this.store.queued(userId)).length > 0) return localState(stored);
    try {
      // With the test on the device, a lost connection is no failure to show: it goes on.
      const state = await this.deps.http.request('getTesting', { signal, silent: stored !== undefined });
      void this.keepPack(userId, state).catch(() => undefined);
      return state;
    } catch (error) {
      if (error instanceof NetworkError && stored) return localState(stored);
      throw error;
    }
  }

  /** A new test was started here: the old pack is no use. */
  async forgetPack(): Promise<void> {
    const userId = this.userId();
    if (userId) await this.serial(() => this.clearPack(userId));
  }

  answer(body: AnswerBody): Promise<AnswerResult> {
    return this.submit(
      'answer',
      body,
      () => this.deps.http.request('answer', { body, silent: true }),
      (pack) => answerLocally(pack, body),
    );
  }

  skip(body: AnswerTarget): Promise<SkipResult> {
    return this.submit(
      'skip',
      body,
      () => this.deps.http.request('skip', { body, silent: true }),
      (pack) => skipLocally(pack, body),
    );
  }

  private async submit<R extends { next?: TestItem | null }>(
    kind: QueuedAnswer['kind'],
    body: AnswerTarget,
    send: () => Promise<R>,
    locally: Locally<R>,
  ): Promise<R> {
    const userId = this.userId();
    if (!userId) return send();
    // Answers keep their order: while some wait, a new one waits behind them. With none waiting
    // (nearly always) the answer goes at once: each read of the queue is an IndexedDB round trip
    // that the answer would wait for before it leaves, and the phone is slow at those.
    const waiting = (await this.store.queued(userId)).length > 0;
    if (waiting) await this.sync();
    if (!waiting || (await this.store.queued(userId)).length === 0) {
      try {
        const result = await send();
        this.reachable(true);
        this.takeIntoMemory(userId, result, locally);
        void this.follow(userId, result, locally).catch(() => undefined);
        return result;
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        this.reachable(false);
        return this.queue(userId, kind, body, locally, error);
      }
    }
    return this.queue(userId, kind, body, locally, new NetworkError('offline'));
  }

  /** Grades on the device and queues the answer; without a pack, the network failure stands. */
  private queue<R>(
    userId: string,
    kind: QueuedAnswer['kind'],
    body: AnswerTarget,
    locally: Locally<R>,
    failure: NetworkError,
  ): Promise<R> {
    return this.serial(async () => {
      const stored = await this.readPack(userId);
      const outcome = stored && locally(stored.pack);
      const word = stored?.pack.words[body.position - 1];
      if (!stored || !outcome || !word) throw failure;
      // Refused on the device ("already entered"): the test is as it was, so nothing waits to
      // be sent, and the header must not count it.
      if (refused(outcome.result)) return outcome.result;
      const changed = { ...stored, pack: outcome.pack };
      this.version += 1;
      await this.store.enqueue(
        {
          userId,
          testId: stored.pack.testId,
          kind,
          body,
          answeredAt: (this.deps.now?.() ?? new Date()).toISOString(),
          reversed: word.reversed ?? stored.pack.options?.swap ?? false,
          term: word.term,
          local: outcome.verdict,
        },
        changed,
      );
      this.known = changed;
      return outcome.result;
    });
  }

  /**
   * An answer the server took, applied at once to the pack in memory: the next answer is graded
   * from it (`predictAnswer`) before the copy in IndexedDB is written (`follow`). Where the device
   * would have moved elsewhere than the server did, nothing is graded ahead until the pack is
   * read again.
   */
  private takeIntoMemory<R extends { next?: TestItem | null }>(
    userId: string,
    result: R,
    locally: Locally<R>,
  ): void {
    const known = this.known;
    if (!known || known.userId !== userId) return;
    const pack = packAfter(known.pack, result, locally);
    this.version += 1;
    this.known = pack && { ...known, pack };
  }

  /** An answer the server took: the stored pack takes it too, or is fetched again where they differ. */
  private follow<R extends { next?: TestItem | null }>(
    userId: string,
    result: R,
    locally: Locally<R>,
  ): Promise<void> {
    return this.serial(async () => {
      // The store's own read: the pack in memory has taken this answer already (and maybe the
      // next one); reading the older stored copy into it would take them back.
      const stored = await this.store.readPack(userId);
      if (!stored) return;
      const pack = packAfter(stored.pack, result, locally);
      if (pack) {
        const record = { ...stored, pack };
        await this.store.writePack(record);
        if (this.known === null) {
          this.version += 1;
          this.known = record;
        }
      } else {
        await this.fetchPack(userId, stored);
      }
    });
  }

  /** Keeps the pack of the test GET /testing shows, fetching it when the device has another. */
  private keepPack(userId: string, state: TestState): Promise<void> {
    return this.serial(async () => {
      const stored = await this.readPack(userId);
      if (!state.test) {
        if (!state.report && stored) await this.clearPack(userId);
        return;
      }
      if (stored && packShows(stored.pack, state.test)) {
        if (stored.testsLeft !== state.testsLeft || stored.testsResetAt !== state.testsResetAt)
          await this.writePack({
            ...stored,
            testsLeft: state.testsLeft,
            testsResetAt: state.testsResetAt,
          });
        return;
      }
      await this.fetchPack(userId, { testsLeft: state.testsLeft, testsResetAt: state.testsResetAt });
    });
  }

  private async fetchPack(
    userId: string,
    day: Pick<StoredPack, 'testsLeft' | 'testsResetAt'>,
  ): Promise<void> {
    const { pack } = await this.deps.http.request('offlinePack', { silent: true });
    if (!pack) {
      await this.clearPack(userId);
      return;
    }
    await this.writePack({ userId, pack, testsLeft: day.testsLeft, testsResetAt: day.testsResetAt });
    // The device may open the app for this learner offline, to finish this test.
    const user = this.deps.user();
    if (user?.id === userId) await this.store.rememberUser(user);
  }

  /**
   * Sends the waiting answers, in order, once at a time however many ask. Stops, keeping the
   * rest, while the server cannot be reached, refuses the session, or asks to wait.
   */
  sync(): Promise<void> {
    this.syncing ??= this.sendQueue().finally(() => {
      this.syncing = null;
      this.store.status.set({ ...this.store.status.get(), syncing: false });
    });
    return this.syncing;
  }

  private async sendQueue(): Promise<void> {
    const userId = this.userId();
    if (!userId) return;
    const queued = await this.store.queued(userId);
    if (queued.length === 0) return;
    this.store.status.set({ ...this.store.status.get(), syncing: true });
    const outcome: SyncOutcome = { sent: 0, disagreements: [], replaced: null };
    const sent = new Set<number>();
    for (const answer of queued) {
      if (sent.has(answer.seq)) continue;
      try {
        await this.send(answer, outcome);
        this.reachable(true);
      } catch (error) {
        this.reachable(!(error instanceof NetworkError));
        if (
          error instanceof ApiError &&
          (error.code === 'WORD_NOT_CURRENT' || error.code === 'NO_ACTIVE_TEST')
        ) {
          // The test was replaced (or ended) elsewhere: its answers count for the schedule.
          const late = queued.filter((other) => other.testId === answer.testId && !sent.has(other.seq));
          await this.sendLate(userId, answer.testId, late, outcome);
          for (const other of late) sent.add(other.seq);
          await this.store.remove(late.map((other) => other.seq));
          continue;
        }
        // Unreachable, signed out, or asked to wait: the rest waits for the next try. Only a
        // refusal no resend can change (a malformed body from an older version) goes.
        if (!(error instanceof ApiError && error.status === 400)) break;
      }
      sent.add(answer.seq);
      await this.store.remove([answer.seq]);
    }
    if (outcome.sent > 0 || outcome.replaced) {
      if (outcome.disagreements.length > 0 || outcome.replaced)
        this.store.status.set({ ...this.store.status.get(), outcome });
      await this.serial(() => this.clearPack(userId));
      this.deps.onSynced?.();
    }
  }

  private async send(answer: QueuedAnswer, outcome: SyncOutcome): Promise<void> {
    const { http } = this.deps;
    if (answer.kind === 'skip') {
      await http.request('skip', { body: answer.body, silent: true });
      outcome.sent += 1;
      return;
    }
    const body = answer.body as AnswerBody;
    const result = await http.request('answer', { body, silent: true });
    outcome.sent += 1;
    if (result.status === 'applied' && serverVerdict(result) !== answer.local.result) {
      const disagreement: Disagreement = {
        term: answer.term,
        typed: body.answer.trim(),
        local: answer.local.result,
        server: serverVerdict(result),
      };
      outcome.disagreements.push(disagreement);
    }
  }

  private async sendLate(userId: string, testId: string, late: QueuedAnswer[], outcome: SyncOutcome) {
    const stored = await this.readPack(userId);
    // A test of weak definitions is practice: it moves no schedule (decision 0049).
    const practice = stored?.pack.testId === testId && stored.pack.options?.range.type === 'weak';
    const answers: LateAnswer[] = late.map((answer) => ({
      attemptId: answer.body.attemptId,
      wordId: answer.body.wordId,
      reversed: answer.reversed,
      kind: answer.kind,
      ...(answer.kind === 'answer' ? { answer: (answer.body as AnswerBody).answer } : {}),
      answeredAt: answer.answeredAt,
    }));
    let rescheduled = 0;
    for (let start = 0; !practice && start < answers.length; start += MAX_LATE_ANSWERS) {
      const body = { testId, answers: answers.slice(start, start + MAX_LATE_ANSWERS) };
      rescheduled += (await this.deps.http.request('lateReviews', { body, silent: true })).rescheduled;
    }
    const before = outcome.replaced ?? { answers: 0, rescheduled: 0 };
    outcome.replaced = {
      answers: before.answers + late.length,
      rescheduled: before.rescheduled + rescheduled,
    };
  }
}

const instances = new WeakMap<OfflineStore, OfflineTesting>();

/** The one offline test runner of an app (its store): the screens and the app's sync share it. */
export function offlineTestingFor(deps: OfflineTestingDeps): OfflineTesting {
  let found = instances.get(deps.store);
  if (!found) {
    found = new OfflineTesting(deps);
    instances.set(deps.store, found);
  }
  return found;
}
