// The embedded database (PGlite) in a worker thread of its own (pglite-in-worker.ts is the other end): its boot
// overlaps the loading of the app's modules, and its queries run beside the main thread's HTTP and JSON work
// instead of inside it. Plain JavaScript so that both the sources (tests, tsx) and the server bundle (start.mjs
// adds it as an entry point) start it without a TypeScript loader in the worker.
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { copyDirectory } from './directory-copy.mjs';
import { isPreparable, preparedStatements } from './pglite-statements.mjs';

const identity = (value) => value;

/*
 * PostgreSQL's default 128 MB of shared buffers are set up (and their memory touched) at every boot: 0.1 s of an
 * embedded start on this machine and 128 MB of memory per database, for a cluster whose demo data is 16 MB. A
 * page that is not among the buffers is read through the operating system's page cache.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/*
 * V8 compiles PostgreSQL's WebAssembly with its baseline compiler, then recompiles a function with its optimising
 * one once it has run a budget of code. At the default budget a boot sends hundreds of functions to the optimiser:
 * 0.6 s of background CPU on this 2-core machine, beside the boot and the app's loading. A larger budget leaves a
 * boot on baseline code; a busy database still has its hot functions optimised within a second or two of load.
 * Read when PGlite's module is instantiated (this thread is its only user of WebAssembly).
 */
v8.setFlagsFromString('--wasm-tiering-budget=200000000');
/** Made by the first message, `open`: the worker may start (and load PGlite) before its directory is ready. */
let client;
/** Statements with values, run prepared under a name (pglite-statements.mjs). */
let prepared;
/** Open transactions by id: the transaction object, and how the main side's outcome ends it. */
const transactions = new Map();

/** Query options as PGlite takes them: the main side sends the type oids whose values stay as text. */
const optionsOf = (options) =>
  options && {
    ...options,
    parsers: options.parsers && Object.fromEntries(options.parsers.map((oid) => [oid, identity])),
  };

const on = (txId) => {
  if (txId === undefined) return client;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
};

/** Open a transaction and answer with its id once its BEGIN has run; it ends at the main side's `end`. */
const begin = (id) =>
  new Promise((opened, failed) => {
    let began = false;
    const done = client.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          began = true;
          transactions.set(id, { tx, commit, rollback, done });
          opened(id);
        }),
    );
    done.catch((err) => began || failed(err));
  });

/** Commit (the callback returns) or roll back (it throws) the transaction, and answer when PGlite has. */
async function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  transactions.delete(txId);
  if (commit) open.commit();
  else open.rollback(new Error('rolled back by its caller'));
  // A rollback's error is the caller's own, rethrown on the main side; a failed COMMIT is reported.
  await open.done.catch((err) => {
    if (commit) throw err;
  });
  return null;
}

const handlers = {
  // Copies first, in this thread: the main one may be busy loading the app's modules when they end. Not copied:
  // nothing is opened (false), and the main thread opens the directory as any other.
  open: async (m) => {
    if (m.copies && !m.copies.every(({ from, to }) => copyDirectory(from, to))) return false;
    client = new PGlite({ dataDir: m.dataDir, startParams: START_PARAMS });
    await client.waitReady;
    prepared = preparedStatements(client);
    return true;
  },
  query: (m) =>
    isPreparable(m.params, m.options)
      ? prepared(m.text, m.params, optionsOf(m.options), m.tx === undefined ? undefined : on(m.tx))
      : on(m.tx).query(m.text, m.params, optionsOf(m.options)),
  exec: (m) => on(m.tx).exec(m.text),
  begin: (m) => begin(m.id),
  end: (m) => end(m.tx, m.commit),
  close: async () => void (await client.close()),
};

/** What survives the thread boundary of a DatabaseError: its message and the fields callers test (code...). */
function errorOf(err) {
  const fields = {};
  for (const [key, value] of Object.entries(err ?? {})) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // a value that cannot be copied (the query's parsers): left out
    }
  }
  return { message: err?.message ?? String(err), name: err?.name, stack: err?.stack, fields };
}

parentPort.on('message', (m) => {
  let answer;
  try {
    answer = Promise.resolve(handlers[m.op](m));
  } catch (err) {
    answer = Promise.reject(err);
  }
  answer.then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (err) => parentPort.postMessage({ id: m.id, error: errorOf(err) }),
  );
});
