import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Reader } from '../db/client.ts';

/*
 * Reads that may lag (lists, totals, exports, the dashboard) go to the replica of DATABASE_REPLICA_URL, except for
 * a member who has just written and whose write the replica has not replayed yet: they read the primary, so a
 * refund they asked for a moment ago is in the list they open next (read-your-writes).
 *
 * How: after a signed-in caller's write, the answer carries a cookie with the primary's WAL position at that
 * moment (`pg_current_wal_lsn()`, after the write's commit). A read with that cookie asks the replica how far it has
 * replayed (`pg_last_wal_replay_lsn()`) and goes there only once it has passed the position; then the cookie is
 * dropped. The position rather than a sticky time window: a window either sends reads to the primary needlessly
 * (lag is milliseconds) or is too short when the replica falls behind (a long query, a network hiccup), and says
 * nothing about which. The cookie rather than a memory of the node: HAProxy sends the next call to any node, and the
 * cookie travels with the member's browser. A caller without cookies (a script with a token) reads what the replica
 * has.
 */

export const WROTE_COOKIE = 'mchweb_wrote';

/** A WAL position `X/Y` (two hexadecimal halves) as one number, or null when it is not one. */
export function walNumber(lsn: string | null | undefined): bigint | null {
  const m = lsn ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** Whether a replica that has replayed up to `replayed` holds a write made at `wrote`: the routing decision. */
export function replicaHasWrite(replayed: string | null, wrote: string | null | undefined): boolean {
  const w = walNumber(wrote);
  if (w === null) return true; // no write of this caller to wait for (or a cookie that is not a position)
  const r = walNumber(replayed);
  return r !== null && r >= w;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a read that may lag runs for this caller: the replica, or the primary (read-your-writes). */
    readerFor(request: FastifyRequest, reply: FastifyReply): Promise<Reader>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function readReplicaPlugin(app: FastifyInstance) {
  const { database } = app;
  const replica = database.replica;
  app.decorate('readerFor', async (request: FastifyRequest, reply: FastifyReply): Promise<Reader> => {
    if (!replica) return database;
    const wrote = request.cookies[WROTE_COOKIE];
    if (wrote === undefined) return replica;
    let replayed: string | null;
    try {
      replayed = await database.replicaReplayed();
    } catch (err) {
      request.log.warn({ err }, 'replica unreachable: reading the primary');
      return database;
    }
    if (!replicaHasWrite(replayed, wrote)) return database;
    reply.clearCookie(WROTE_COOKIE, { path: '/' });
    return replica;
  });
  if (!replica) return;
  app.addHook('onSend', async (request, reply) => {
    const write = !SAFE_METHODS.has(request.method) && request.routeOptions.config.readOnly !== true;
    if (!write || request.actor?.kind !== 'user' || reply.statusCode >= 500) return;
    try {
      const lsn = await database.walPosition();
      if (lsn)
        reply.setCookie(WROTE_COOKIE, lsn, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: 600,
        });
    } catch (err) {
      request.log.warn({ err }, 'WAL position not read: the next reads may not show this write at once');
    }
  });
}

export default fp(readReplicaPlugin, { name: 'read-replica', dependencies: ['database', 'access'] });
