import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/*
 * The embedded database (PGlite) runs in a worker thread (pglite-worker.mjs); this is the main thread's end. It
 * offers the part of PGlite's interface that drizzle's PGlite driver and migrator call (waitReady, query, exec,
 * transaction, close), so `drizzle(client)` works on it unchanged. A query costs the main thread a message each
 * way: PostgreSQL's work (and PGlite's boot, which now overlaps the loading of the app's modules) runs on the
 * other core.
 */

/** What a query or exec runs on: the database, or one open transaction (drizzle issues savepoints as SQL). */
export interface SqlSession {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

export interface EmbeddedDatabase extends SqlSession {
  readonly waitReady: Promise<void>;
  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A directory copied by the worker (`cp -R from to`, through a partial directory renamed into place). */
export interface CopyOrder {
  from: string;
  to: string;
}

type Request =
  | { op: 'open'; dataDir?: string; copies?: CopyOrder[] }
  | { op: 'begin' | 'close' }
  | { op: 'query'; text: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'end'; tx: number; commit: boolean };
type WireOptions = Omit<QueryOptions, 'parsers'> & { parsers?: number[] };
interface Answer {
  id: number;
  result?: unknown;
  error?: { message: string; name?: string; stack?: string; fields: Record<string, unknown> };
}

/**
 * The worker's file: beside this one in the sources, at the top of the server bundle (scripts/start.mjs builds
 * it as dist/pglite-worker.mjs), whose code may be in dist/ or in dist/chunks/.
 */
function workerFile(): URL {
  const candidates = ['./pglite-worker.mjs', '../pglite-worker.mjs'].map((name) => new URL(name, import.meta.url));
  const found = candidates.find((url) => fs.existsSync(url));
  if (!found) throw new Error(`the embedded database's worker is missing (${candidates.join(', ')})`);
  return found;
}

const PROBE = '\u0000mchweb-parser-probe';

/**
 * Parsers as type oids: functions cannot cross to the worker, which applies the identity (values stay as
 * PostgreSQL's text, drizzle's choice for dates and intervals). Anything else is refused rather than ignored.
 */
function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const { parsers, serializers, blob, onNotice, ...rest } = options;
  if (serializers || blob || onNotice) throw new Error('the embedded database takes no serializers, blob or onNotice');
  const oids = Object.entries(parsers ?? {}).map(([oid, parse]) => {
    if (parse(PROBE, Number(oid)) !== PROBE) throw new Error(`parser of type ${oid} is not the identity`);
    return Number(oid);
  });
  return { ...rest, ...(parsers && { parsers: oids }) };
}

/** The database's error rebuilt with its fields (code, detail, constraint...): callers test `err.code`. */
function rebuild(error: NonNullable<Answer['error']>): Error {
  const err = Object.assign(new Error(error.message), error.fields);
  if (error.name) err.name = error.name;
  if (error.stack) err.stack = error.stack;
  return err;
}

/** Not the process's own flags (a script's --input-type, a test runner's loaders): the worker is plain JavaScript. */
const WORKER_OPTIONS = { execArgv: [] };

/** A worker thread and how it ended, if it did: an error or exit before anyone asked it anything is kept. */
interface Thread {
  worker: Worker;
  failure: Error | null;
  closing: boolean;
  onFailure: (err: Error) => void;
  /** Answers awaited: the worker keeps the process alive while there is one. */
  awaited: number;
  /** The directory the worker was told to open when it started, and its answer: false when it was not copied. */
  early?: { dataDir: string; opened: Promise<boolean> };
}

function spawn(): Thread {
  const worker = new Worker(workerFile(), WORKER_OPTIONS);
  // The worker keeps the process alive only while an answer is awaited (send): a finished process exits.
  worker.unref();
  const thread: Thread = { worker, failure: null, closing: false, onFailure: () => {}, awaited: 0 };
  const fail = (err: Error) => {
    thread.failure ??= err;
    thread.onFailure(thread.failure);
  };
  worker.on('error', (err) => fail(new Error(`the embedded database's worker failed: ${err.message}`, { cause: err })));
  worker.on('exit', (code) =>
    fail(new Error(`the embedded database's worker ${thread.closing ? 'was closed' : `exited (${code})`}`)),
  );
  return thread;
}

let started: Thread | null = null;

/** The id of the open a worker is sent when it starts; the later messages count from 1. */
const EARLY_OPEN = 0;

/** One more answer awaited from the thread (`+1`), or one fewer (`-1`): referenced while any is. */
function awaiting(thread: Thread, change: 1 | -1) {
  thread.awaited += change;
  if (thread.awaited === 1 && change === 1) thread.worker.ref();
  if (thread.awaited === 0) thread.worker.unref();
}

/** The answer to one message sent before openPgliteInWorker, as its promise. */
function answerTo<T>(thread: Thread, id: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (thread.failure) return reject(thread.failure);
    const onAnswer = (answer: Answer) => {
      if (answer.id !== id) return;
      thread.worker.off('message', onAnswer);
      if (answer.error) reject(rebuild(answer.error));
      else resolve(answer.result as T);
    };
    thread.worker.on('message', onAnswer);
    const failed = thread.onFailure;
    thread.onFailure = (err) => {
      failed(err);
      reject(err);
    };
  });
}

/**
 * Start the next database's worker now (server.ts, first thing): it loads PGlite while the app's modules load.
 * With `open`, it also copies `open.copies` into place (today's demo, when a new directory starts as its copy) and
 * opens `open.dataDir` at once, in its own thread: neither waits for the main thread, busy loading the app's
 * modules, to hear that the copy has ended. Answers whether the copies were made; when they were not, nothing was
 * opened, and openDatabase opens the directory as it opens any other.
 */
export function startEmbeddedDatabaseWorker(open?: { dataDir: string; copies: CopyOrder[] }): Promise<boolean> {
  started ??= spawn();
  if (!open) return Promise.resolve(false);
  const thread = started;
  const opened = answerTo<boolean>(thread, EARLY_OPEN);
  thread.worker.postMessage({ op: 'open', dataDir: open.dataDir, copies: open.copies, id: EARLY_OPEN });
  awaiting(thread, 1);
  void opened.finally(() => awaiting(thread, -1)).catch(() => {});
  thread.early = { dataDir: open.dataDir, opened };
  // Copied but not opened: the copy is there, and waitReady reports the failure to open it.
  return opened.catch(() => true);
}

/** PGlite on `dataDir` (in memory without one) in a worker thread. */
export function openPgliteInWorker(dataDir?: string): EmbeddedDatabase {
  const thread = started ?? spawn();
  started = null;
  const { worker } = thread;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let closed: Promise<void> | undefined;

  // A crashed or closed worker fails what waits for it, and every call after.
  const before = thread.onFailure; // an early open's (startEmbeddedDatabaseWorker) hears of it too
  thread.onFailure = (err) => {
    before(err);
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };
  worker.on('message', ({ id, result, error }: Answer) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    awaiting(thread, -1);
    if (error) waiting.reject(rebuild(error));
    else waiting.resolve(result);
  });

  const send = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (thread.failure) return reject(thread.failure);
      const id = nextId++;
      awaiting(thread, 1);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });

  const sessionOf = (tx?: number): SqlSession => ({
    // async: a refused option rejects, as a failed query does, instead of throwing at the call
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      send<Results<T>>({ op: 'query', text, params, options: wireOptions(options), tx }),
    exec: (text) => send<Results[]>({ op: 'exec', text, tx }),
  });

  // The directory the worker was started on is already opening (startEmbeddedDatabaseWorker) when it was copied.
  const early = thread.early && thread.early.dataDir === dataDir ? thread.early.opened : undefined;
  const openHere = () => send<void>({ op: 'open', dataDir });
  return {
    ...sessionOf(),
    waitReady: early ? early.then((opened) => (opened ? undefined : openHere())) : openHere(),
    // PGlite's own transaction runs in the worker until `fn` settles here: it commits what fn returns, rolls back
    // when fn throws. Queries from outside wait for it, as on PGlite itself.
    async transaction(fn) {
      const tx = await send<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(sessionOf(tx));
      } catch (err) {
        await send({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await send({ op: 'end', tx, commit: true });
      return result;
    },
    close: () =>
      (closed ??= (async () => {
        try {
          await send({ op: 'close' });
        } finally {
          thread.closing = true;
          await worker.terminate();
        }
      })()),
  };
}
