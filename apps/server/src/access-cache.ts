/**
 * A short-lived in-process cache of what every signed-in call looks up: the session of a token, the user and
 * the membership (role, permissions). It lets getCurrentUser and the access check answer without touching the
 * database on most calls.
 *
 * Correctness within this process: every non-GET API call empties the cache when it answers (any write may
 * end a session, change a password, a role or a membership), and a value loaded while a write was answering is
 * not stored; a non-GET call never reads it (access.ts). Across processes: `invalidate` also tells the other
 * server processes and `npm run ops` (PostgreSQL NOTIFY, see plugins/access.ts), which empty theirs with
 * `forgetLocal` the moment the notice arrives. Only SQL typed by hand waits out `ttlMs`. A ttl of 0 turns the
 * cache off (the default with MCHWEB_ENV=test).
 */
/** The channel on which server processes and `npm run ops` say that sessions, roles or memberships changed. */
export const ACCESS_CHANNEL = 'mchweb_access_changed';

export class AccessCache {
  private generation = 0;
  private readonly entries = new Map<string, { value: unknown; until: number; generation: number }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 20_000,
    /** Tells the other processes that access data changed (set by the access plugin). */
    private readonly announce: () => void = () => {},
  ) {}

  async get<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now && hit.generation === this.generation) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && keep(value)) {
      // A crude bound on memory: many distinct tokens within a few seconds just start over.
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, until: now + this.ttlMs, generation });
    }
    return value;
  }

  /** Forget everything, here and in the other processes; values being loaded right now are not stored either. */
  invalidate() {
    this.forgetLocal();
    this.announce();
  }

  /** Forget everything in this process only (another process announced a change). */
  forgetLocal() {
    this.generation++;
    this.entries.clear();
  }
}
