import pg from 'pg';

/**
 * A pool of PostgreSQL connections that survives the database going away and coming back.
 *
 * drizzle's `transaction()` (drizzle-orm 0.45.4, node-postgres; drizzle-orm#6241, not fixed upstream) takes a
 * client with `connect()` and sends BEGIN before the `try` whose `finally` releases it. A BEGIN that fails (the
 * connection died while the client sat idle, the database restarted) never gives the client back: after as many
 * failures as the pool holds clients, every call waits for a connection that never comes, until a restart, and
 * closing the app waits for ever. So a client checked out without a callback (drizzle's way; pg-pool's own
 * `query()` passes one and releases itself) goes back by itself, destroyed, when its first statement fails, and
 * a second release of it is ignored.
 */
export class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]) {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedIfFirstStatementFails);
  }
}

function releasedIfFirstStatementFails(client: pg.PoolClient): pg.PoolClient {
  const { query, release } = client;
  let released = false;
  // Undone on release: the next checkout of this client starts from pg's own methods.
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.query = query;
    client.release = release;
    release.call(client, err);
  };
  client.query = ((...args: Parameters<typeof query>) => {
    client.query = query;
    const result = query.apply(client, args) as unknown;
    // A promise (drizzle's statements); a stream (COPY) reports its own errors to its reader.
    if (result instanceof Promise) result.catch((err: Error) => client.release(err));
    return result;
  }) as typeof query;
  return client;
}

/**
 * A pool of at most `max` connections to `url`. A connection that cannot be made within 3 s fails the call that
 * asked for it (answered 503) rather than waiting with it.
 */
export function poolOf(url: string, max: number, options?: string): pg.Pool {
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 3000, options });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor one checked out (inside a transaction): pg emits 'error' on it, and the pool listens only while it is
  // idle. The running query fails (answered 503) and the pool drops the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
