/**
 * A short-lived in-process cache of what every signed-in call looks up: the session of a token, the user and
 * the membership (role, permissions). It lets getCurrentUser and the access check answer without touching the
 * database on most calls.
 *
 * Invalidation is targeted (issue 29): each entry carries tags naming whom it is about (`user:<id>`,
 * `company:<id>`), and a write forgets only the entries of the tags it may have changed (access.ts decides which:
 * a member's write, their own and their organisation's; a payer's order or a channel's notice, none). An entry
 * stored without tags is forgotten by any invalidation. Before, any write emptied the whole cache of every process:
 * with 4 payers paying, every member's next read went to the database.
 *
 * Correctness within this process: a write forgets its tags' entries before it answers, and a value whose load
 * started before an invalidation of one of its tags is not stored; a non-GET call never reads the cache
 * (access.ts). Across processes: `invalidate` also tells the other server processes and `npm run ops`
 * (PostgreSQL NOTIFY with the tags, see plugins/access.ts), which forget the same entries with `forgetLocal` the
 * moment the notice arrives (ops and a lost connection forget everything). Only SQL typed by hand waits out
 * `ttlMs`. A ttl of 0 turns the cache off (the default with MCHWEB_ENV=test).
 */
/** The channel on which server processes and `npm run ops` say that sessions, roles or memberships changed. */
export const ACCESS_CHANNEL = 'mchweb_access_changed';

/** Everything: what `npm run ops`, jobs and unsure writes invalidate. */
export const ALL = 'all';
export type Tags = readonly string[] | typeof ALL;

export const userTag = (userId: number) => `user:${userId}`;
export const companyTag = (companyId: number) => `company:${companyId}`;

/** The tags of a cached lookup by the shape of its key, for lookups made outside this plugin (getCurrentUser's). */
export function tagsOfKey(key: string): string[] | undefined {
  const [kind, id] = key.split(':');
  if (kind === 'user' && id) return [userTag(Number(id))];
  if (kind === 'merchants' && id) return [companyTag(Number(id))];
  return undefined;
}

/** A notice's payload: who sent it, then the tags (none: everything). */
export const noticeOf = (sender: string, tags: Tags) => (tags === ALL ? sender : `${sender} ${tags.join(',')}`);
export function parseNotice(payload: string | null): { sender: string | null; tags: Tags } {
  if (payload === null) return { sender: null, tags: ALL };
  const [sender = '', list] = payload.split(' ');
  return { sender, tags: list ? list.split(',') : ALL };
}

interface Entry {
  value: unknown;
  until: number;
  /** null: forgotten by any invalidation. */
  tags: readonly string[] | null;
}

export class AccessCache {
  /** Counts invalidations: a load remembers it when it starts. */
  private clock = 0;
  private allAt = 0;
  private readonly tagAt = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfTag = new Map<string, Set<string>>();
  private readonly untagged = new Set<string>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 20_000,
    /** Tells the other processes that access data changed (set by the access plugin). */
    private readonly announce: (tags: Tags) => void = () => {},
  ) {}

  /**
   * The cached value of `key`, else `load()`'s, kept when `keep` says so, under the tags `tagsOf` gives (none
   * given: forgotten by any invalidation).
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
    tagsOf?: (value: T) => readonly string[],
  ): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as T;
    const started = this.clock;
    const value = await load();
    if (!keep(value)) return value;
    const tags = tagsOf ? tagsOf(value) : null;
    const stale = this.allAt > started || (tags ?? []).some((t) => (this.tagAt.get(t) ?? 0) > started);
    // Nothing forgotten since the load started may be stored; with no tags, nothing at all since.
    if (stale || (tags === null && this.clock > started)) return value;
    // A crude bound on memory: many distinct tokens within a few seconds just start over.
    if (this.entries.size >= this.maxEntries) this.forgetLocal(ALL);
    this.entries.set(key, { value, until: now + this.ttlMs, tags });
    if (tags === null) this.untagged.add(key);
    for (const t of tags ?? []) {
      let keys = this.keysOfTag.get(t);
      if (!keys) this.keysOfTag.set(t, (keys = new Set()));
      keys.add(key);
    }
    return value;
  }

  /** Forget the entries of `tags` (or everything), here and in the other processes. */
  invalidate(tags: Tags = ALL) {
    if (tags !== ALL && tags.length === 0) return;
    this.forgetLocal(tags);
    this.announce(tags);
  }

  /** Forget in this process only (another process announced a change). */
  forgetLocal(tags: Tags = ALL) {
    this.clock++;
    // The remembered times only matter to loads in flight: a long list of them is cheaper to start over.
    if (tags === ALL || this.tagAt.size > this.maxEntries) {
      this.allAt = this.clock;
      this.clear();
      return;
    }
    for (const t of tags) {
      this.tagAt.set(t, this.clock);
      for (const key of this.keysOfTag.get(t) ?? []) this.entries.delete(key);
      this.keysOfTag.delete(t);
    }
    for (const key of this.untagged) this.entries.delete(key);
    this.untagged.clear();
  }

  private clear() {
    this.entries.clear();
    this.keysOfTag.clear();
    this.untagged.clear();
    this.tagAt.clear();
  }
}
