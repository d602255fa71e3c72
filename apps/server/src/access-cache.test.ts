import { describe, expect, it } from 'vitest';
import { ALL, AccessCache, companyTag, noticeOf, parseNotice, userTag, type Tags } from './access-cache.ts';

/** A cache with a long ttl whose loads count how often the database was asked. */
function counted() {
  const announced: Tags[] = [];
  const cache = new AccessCache(60_000, 100, (tags) => announced.push(tags));
  const asked = new Map<string, number>();
  const read = (key: string, tags?: string[]) =>
    cache.get(
      key,
      async () => {
        asked.set(key, (asked.get(key) ?? 0) + 1);
        return key;
      },
      undefined,
      tags && (() => tags),
    );
  return { cache, asked, read, announced };
}

describe('access cache: targeted invalidation (issue 29)', () => {
  it("forgets only the entries of the tags a write names: one member's write leaves the other organisations' cached", async () => {
    const { cache, asked, read, announced } = counted();
    await read('member:1:10', [userTag(1), companyTag(10)]);
    await read('member:2:10', [userTag(2), companyTag(10)]);
    await read('member:3:20', [userTag(3), companyTag(20)]);
    cache.invalidate([userTag(1), companyTag(10)]);
    await read('member:1:10', [userTag(1), companyTag(10)]);
    await read('member:2:10', [userTag(2), companyTag(10)]);
    await read('member:3:20', [userTag(3), companyTag(20)]);
    expect(Object.fromEntries(asked)).toEqual({ 'member:1:10': 2, 'member:2:10': 2, 'member:3:20': 1 });
    expect(announced).toEqual([[userTag(1), companyTag(10)]]);
  });

  it('a write that names no tags (a payer, a notice) forgets nothing and announces nothing', async () => {
    const { cache, asked, read, announced } = counted();
    await read('session:a', [userTag(1)]);
    cache.invalidate([]);
    await read('session:a', [userTag(1)]);
    expect(asked.get('session:a')).toBe(1);
    expect(announced).toEqual([]);
  });

  it('an entry without tags is forgotten by any invalidation; everything by ALL', async () => {
    const { cache, asked, read } = counted();
    await read('mystery');
    await read('session:b', [userTag(2)]);
    cache.invalidate([userTag(9)]);
    await read('mystery');
    await read('session:b', [userTag(2)]);
    cache.invalidate(ALL);
    await read('session:b', [userTag(2)]);
    expect(Object.fromEntries(asked)).toEqual({ mystery: 2, 'session:b': 2 });
  });

  it('a value loaded while its tag was invalidated is not kept (it may be older than the write)', async () => {
    const cache = new AccessCache(60_000);
    let loads = 0;
    let release!: () => void;
    const slow = cache.get(
      'member:1:10',
      async () => {
        loads++;
        await new Promise<void>((r) => (release = r));
        return 'before the write';
      },
      undefined,
      () => [companyTag(10)],
    );
    await new Promise((r) => setImmediate(r));
    cache.forgetLocal([companyTag(10)]);
    release();
    expect(await slow).toBe('before the write');
    const again = await cache.get(
      'member:1:10',
      async () => (loads++, 'after'),
      undefined,
      () => [companyTag(10)],
    );
    expect(again).toBe('after');
    expect(loads).toBe(2);
  });

  it("notices carry the sender and the tags; ops' bare notice and a lost connection mean everything", () => {
    expect(parseNotice(noticeOf('me', [userTag(1), companyTag(2)]))).toEqual({
      sender: 'me',
      tags: ['user:1', 'company:2'],
    });
    expect(parseNotice(noticeOf('me', ALL))).toEqual({ sender: 'me', tags: ALL });
    expect(parseNotice('12345')).toEqual({ sender: '12345', tags: ALL });
    expect(parseNotice(null)).toEqual({ sender: null, tags: ALL });
  });
});
