import type { PGlite } from '@electric-sql/pglite';

/*
 * Why the embedded database takes turns of its own (issue 26). PGlite runs a query synchronously on the main
 * thread, so a request whose query found the connection free was served start to finish inside the callback that
 * read it off its socket: one pass of the event loop's I/O phase served every connection with a request waiting
 * (about 100 at 200 connections, 200 to 400 ms). libuv accepts one new connection per pass, so at 200 connections
 * about ten a second got in; the requests on connections not yet accepted waited unread and went unanswered for
 * 10 s, while those already in were served in order (PGlite's own locks are first come, first served, and were
 * never even contended). On PostgreSQL a pass only reads requests and sends answers: the queries run elsewhere.
 *
 * Turns gives the connection to one piece of work (a query, or a transaction with all of its queries) at a time,
 * in order of arrival, and serves the queue in the event loop's check phase (setImmediate) for a few milliseconds a
 * pass: reading a request only queues its query, a pass stays short, and new connections and requests are read
 * between two stretches of queries and queue behind the ones already waiting.
 */
export class Turns {
  private readonly waiting: Array<() => void> = [];
  private busy = false;
  private passStarted = 0;

  /**
   * @param passMs how long one pass of the event loop may keep serving the queue: handing on to the next piece of
   * work at once saves a pass per query, and a few milliseconds keep the passes short.
   */
  constructor(private readonly passMs = 4) {}

  /** Run `work` alone, after everything that asked before it. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (!this.busy) {
        this.busy = true;
        setImmediate(this.newPass);
      }
    });
    try {
      return await work();
    } finally {
      if (performance.now() - this.passStarted < this.passMs) this.grant();
      else setImmediate(this.newPass);
    }
  }

  private readonly newPass = () => {
    this.passStarted = performance.now();
    this.grant();
  };

  /** The next in line gets the connection; busy stays true from a grant until one finds nobody waiting. */
  private readonly grant = () => {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  };
}

/**
 * Route the client's queries and transactions through `turns`. Queries inside a transaction go through the
 * transaction's own object, not these, so they run within its turn.
 */
export function takeTurns(client: PGlite, turns = new Turns()): PGlite {
  type Method = (...args: unknown[]) => Promise<unknown>;
  const own = client as unknown as Record<'query' | 'exec' | 'transaction', Method>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const method = own[name];
    own[name] = (...args) => turns.run(() => method.apply(client, args));
  }
  return client;
}
