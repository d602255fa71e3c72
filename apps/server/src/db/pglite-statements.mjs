// Statements with values kept prepared in the embedded database, for its worker (pglite-worker.mjs). Plain
// JavaScript, as the worker is.
import { parse as results, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** How many statements stay prepared; the least recently run one is closed to make room for a new one. */
export const PREPARED_LIMIT = 256;

/** Errors after which a kept statement is dropped: it was deallocated, or a change of schema changed its result. */
const STALE = new Set(['26000', '0A000']);

/** Options the prepared path handles as PGlite's query does: others (paramTypes...) go through `query`. */
const PREPARED_OPTIONS = new Set(['rowMode', 'parsers']);

/** A statement with values (DDL and migrations have none) and only options the prepared path handles. */
export const isPreparable = (params, options) =>
  params?.length > 0 && Object.keys(options ?? {}).every((key) => PREPARED_OPTIONS.has(key));

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The caller's statement and values on the error, as PGlite's own query puts them. */
function withQuery(err, text, params) {
  if (err && typeof err === 'object' && 'code' in err) Object.assign(err, { query: text, params });
  return err;
}

/**
 * PGlite's `query` parses and plans its statement at every call, in six calls into PostgreSQL (parse, describe,
 * bind, describe, execute, sync): 2.2 to 3.3 ms for the order list's statement on the demo data, of which the
 * list's rows are 1. Here a statement with values is parsed once under a name (as node-postgres does on
 * PostgreSQL for drizzle's prepared queries) with its parameter and row types described, and each later call is
 * one call into PostgreSQL: bind, execute, sync (0.8 to 1.2 ms). PostgreSQL chooses between a plan per call and a
 * plan kept, as it does for any prepared statement.
 *
 * What callers observe stays PGlite's `query`: the same serializers and parsers, the same results and errors.
 * `query(text, params, options, tx)`: `tx` is an open transaction of PGlite's (its lock already held), or
 * undefined for a statement on its own.
 */
export function preparedStatements(client, limit = PREPARED_LIMIT) {
  /** text -> { name, types: parameter type oids, fields: the row description } in the order last run. */
  const kept = new Map();
  let nextName = 1;

  const run = (parts) => client.execProtocolStream(concat([...parts, serialize.sync()]), { syncToFs: false });

  /** Close the least recently run statements over the limit; not in a transaction, which may be failed. */
  async function makeRoom() {
    if (kept.size < limit || client.isInTransaction()) return;
    const closing = [];
    for (const [text, { name }] of kept) {
      if (kept.size - closing.length < limit) break;
      kept.delete(text);
      closing.push(serialize.close({ type: 'S', name }));
    }
    await run(closing);
  }

  async function prepare(text) {
    await makeRoom();
    const name = `mchweb_${nextName++}`;
    const messages = await run([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]);
    const described = messages.find((m) => m.name === 'rowDescription');
    const statement = { name, types: results.parseDescribeStatementResults(messages), fields: described?.fields ?? [] };
    kept.set(text, statement);
    return statement;
  }

  async function execute(text, params, options) {
    let statement = kept.get(text);
    if (statement) {
      kept.delete(text);
      kept.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = await run([serialize.bind({ statement: statement.name, values }), serialize.execute({})]);
    // Bind and execute answer no row description: the one described at parse time is the rows'.
    return results.parseResults(
      [{ name: 'rowDescription', fields: statement.fields }, ...messages],
      client.parsers,
      options,
    )[0];
  }

  async function runOnce(text, params, options, tx) {
    try {
      return await execute(text, params, options);
    } catch (err) {
      if (!STALE.has(err?.code)) throw err;
      kept.delete(text);
      // Outside a transaction the statement is parsed again; inside one the failure stands (it ended it).
      if (tx) throw err;
      return await execute(text, params, options);
    }
  }

  return async function query(text, params, options, tx) {
    if (tx) {
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() =>
        runOnce(text, params, options, tx).catch((err) => Promise.reject(withQuery(err, text, params))),
      );
    }
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let result;
        try {
          result = await runOnce(text, params, options);
        } catch (err) {
          throw withQuery(err, text, params);
        }
        await client.syncToFs();
        return result;
      }),
    );
  };
}
