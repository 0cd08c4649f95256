import type { AnswerBody, AnswerTarget, OfflinePack, TestResult, User } from '@wordhoard/shared';
import { createStore, type Store } from '../lib/createStore';

/**
 * What a device keeps to go on with a test offline (docs/decisions/0058-offline-tests.md), in
 * IndexedDB so that it outlives a reload or a closed tab: the active test's words (the pack),
 * the answers waiting to be sent (the queue, in the order typed), and who typed them.
 */

/** The active test as this device last knew it, with what the test screens show beside it. */
export interface StoredPack {
  userId: string;
  pack: OfflinePack;
  testsLeft: number;
  testsResetAt: string;
}

/** How the device graded an answer, to tell the learner where the server disagrees. */
export interface LocalVerdict {
  result: 'correct' | 'wrong' | 'skipped';
  almost: boolean;
  /** The word's result once the answer finished it; null while it needs more. */
  wordResult: TestResult | null;
}

/** An answer or a skip typed offline, as it will be sent: its body carries its attemptId. */
export interface QueuedAnswer {
  seq: number;
  userId: string;
  testId: string;
  kind: 'answer' | 'skip';
  body: AnswerBody | AnswerTarget;
  /** When it was typed, by this device's clock. */
  answeredAt: string;
  /** The word's direction and what it showed, for a late review and for the learner. */
  reversed: boolean;
  term: string;
  local: LocalVerdict;
}

/** One answer the server graded otherwise than the device did. */
export interface Disagreement {
  term: string;
  typed: string;
  local: LocalVerdict['result'];
  server: LocalVerdict['result'];
}

/** What the last sending of the queue found. */
export interface SyncOutcome {
  /** Answers the server took into the test. */
  sent: number;
  disagreements: Disagreement[];
  /** The test was replaced on another device: its answers counted for the schedule only. */
  replaced: { answers: number; rescheduled: number } | null;
}

export interface OfflineStatus {
  /** Answers of the signed-in learner waiting to be sent. */
  pending: number;
  /** The last answer could not reach the server (its requests are silent: no modal tells it). */
  unreachable: boolean;
  syncing: boolean;
  /** The last sending that had something to tell, until the learner has seen it. */
  outcome: SyncOutcome | null;
}

export interface OfflineStore {
  status: Store<OfflineStatus>;
  readPack(userId: string): Promise<StoredPack | undefined>;
  writePack(record: StoredPack): Promise<void>;
  clearPack(userId: string): Promise<void>;
  /** Adds an answer to the queue and saves the pack it changed, together. */
  enqueue(answer: Omit<QueuedAnswer, 'seq'>, pack: StoredPack): Promise<void>;
  queued(userId: string): Promise<QueuedAnswer[]>;
  remove(seqs: number[]): Promise<void>;
  /** Counts `userId`'s waiting answers into `status` (at start, and after a sign-in). */
  countPending(userId: string | null): Promise<void>;
  /** The learner to open the app for when it starts without a connection. */
  offlineUser(): Promise<User | undefined>;
  rememberUser(user: User): Promise<void>;
  /** Signed out: the device no longer opens as them (their queue stays until they are back). */
  forgetUser(): Promise<void>;
}

const DB_NAME = 'wordhoard-offline';
const PACKS = 'packs';
const QUEUE = 'queue';
const META = 'meta';
const USER_KEY = 'user';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DB_NAME, 1);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    db.createObjectStore(PACKS, { keyPath: 'userId' });
    db.createObjectStore(QUEUE, { keyPath: 'seq', autoIncrement: true }).createIndex('userId', 'userId');
    db.createObjectStore(META);
  };
  return request(opening);
}

/** The three stores, in IndexedDB, or in memory where the browser has none (then a reload forgets). */
interface Backend {
  run<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T>): Promise<T>;
}

function indexedDbBackend(factory: IDBFactory): Backend {
  let opened: Promise<IDBDatabase> | undefined;
  return {
    async run(stores, mode, work) {
      opened ??= openDatabase(factory);
      const db = await opened;
      const tx = db.transaction(stores, mode);
      const finished = done(tx);
      try {
        const result = await work(tx);
        await finished;
        return result;
      } catch (error) {
        // The transaction fails with the request; that one error is enough.
        finished.catch(() => undefined);
        throw error;
      }
    },
  };
}

/** The browser's IndexedDB; none in some private modes and in the screen tests' DOM. */
const browserIndexedDb = (): IDBFactory | undefined =>
  'indexedDB' in globalThis ? globalThis.indexedDB : undefined;

export function createOfflineStore(factory: IDBFactory | undefined = browserIndexedDb()): OfflineStore {
  const status = createStore<OfflineStatus>({
    pending: 0,
    unreachable: false,
    syncing: false,
    outcome: null,
  });
  if (!factory) return createMemoryOfflineStore(status);
  const backend = indexedDbBackend(factory);
  let countedFor: string | null = null;

  const queuedOf = (tx: IDBTransaction, userId: string) =>
    request(tx.objectStore(QUEUE).index('userId').getAll(userId) as IDBRequest<QueuedAnswer[]>);
  const recount = async () => {
    const pending = countedFor
      ? await backend.run([QUEUE], 'readonly', async (tx) => (await queuedOf(tx, countedFor ?? '')).length)
      : 0;
    status.set({ ...status.get(), pending });
  };

  return {
    status,
    readPack: (userId) =>
      backend.run([PACKS], 'readonly', (tx) =>
        request(tx.objectStore(PACKS).get(userId) as IDBRequest<StoredPack | undefined>),
      ),
    writePack: (record) =>
      backend.run([PACKS], 'readwrite', async (tx) => {
        await request(tx.objectStore(PACKS).put(record));
      }),
    clearPack: (userId) =>
      backend.run([PACKS], 'readwrite', async (tx) => {
        await request(tx.objectStore(PACKS).delete(userId));
      }),
    async enqueue(answer, pack) {
      await backend.run([QUEUE, PACKS], 'readwrite', async (tx) => {
        await request(tx.objectStore(QUEUE).add(answer));
        await request(tx.objectStore(PACKS).put(pack));
      });
      await recount();
    },
    async queued(userId) {
      const rows = await backend.run([QUEUE], 'readonly', (tx) => queuedOf(tx, userId));
      return rows.sort((a, b) => a.seq - b.seq);
    },
    async remove(seqs) {
      await backend.run([QUEUE], 'readwrite', async (tx) => {
        await Promise.all(seqs.map((seq) => request(tx.objectStore(QUEUE).delete(seq))));
      });
      await recount();
    },
    async countPending(userId) {
      countedFor = userId;
      await recount();
    },
    offlineUser: () =>
      backend.run([META], 'readonly', (tx) =>
        request(tx.objectStore(META).get(USER_KEY) as IDBRequest<User | undefined>),
      ),
    rememberUser: (user) =>
      backend.run([META], 'readwrite', async (tx) => {
        await request(tx.objectStore(META).put(user, USER_KEY));
      }),
    forgetUser: () =>
      backend.run([META], 'readwrite', async (tx) => {
        await request(tx.objectStore(META).delete(USER_KEY));
      }),
  };
}

/** The same store in memory: for browsers without IndexedDB, and for tests of the screens. */
function createMemoryOfflineStore(status: Store<OfflineStatus>): OfflineStore {
  const packs = new Map<string, StoredPack>();
  let queue: QueuedAnswer[] = [];
  let seq = 0;
  let user: User | undefined;
  let countedFor: string | null = null;
  const recount = () =>
    status.set({ ...status.get(), pending: queue.filter((answer) => answer.userId === countedFor).length });
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    status,
    readPack: async (userId) => copy(packs.get(userId)),
    writePack: async (record) => void packs.set(record.userId, copy(record)),
    clearPack: async (userId) => void packs.delete(userId),
    async enqueue(answer, pack) {
      seq += 1;
      queue.push(copy({ ...answer, seq }));
      packs.set(pack.userId, copy(pack));
      recount();
    },
    queued: async (userId) => copy(queue.filter((answer) => answer.userId === userId)),
    async remove(seqs) {
      queue = queue.filter((answer) => !seqs.includes(answer.seq));
      recount();
    },
    async countPending(userId) {
      countedFor = userId;
      recount();
    },
    offlineUser: async () => user,
    rememberUser: async (next) => void (user = copy(next)),
    forgetUser: async () => void (user = undefined),
  };
}
