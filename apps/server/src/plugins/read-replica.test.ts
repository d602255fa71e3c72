import { describe, expect, it } from 'vitest';
import { replicaHasWrite, walNumber } from './read-replica.ts';

describe('read-your-writes: the routing decision by WAL position (issue 29)', () => {
  it('reads WAL positions as numbers: the high half counts more than any low half', () => {
    expect(walNumber('0/16B3748')).toBe(0x16b3748n);
    expect(walNumber('1/0')! > walNumber('0/FFFFFFFF')!).toBe(true);
    expect(walNumber('nonsense')).toBeNull();
    expect(walNumber(undefined)).toBeNull();
  });

  it('the replica serves a member only once it has replayed past their last write', () => {
    expect(replicaHasWrite('0/3000060', '0/3000060')).toBe(true);
    expect(replicaHasWrite('0/3000100', '0/3000060')).toBe(true);
    expect(replicaHasWrite('0/3000000', '0/3000060')).toBe(false);
    // Compared as numbers, not text ("A" sorts after "1" but 0/A is before 0/10).
    expect(replicaHasWrite('0/A', '0/10')).toBe(false);
    expect(replicaHasWrite('1/0', '0/FFFFFFFF')).toBe(true);
  });

  it('no write to wait for goes to the replica; a replica that says nothing does not serve a writer', () => {
    expect(replicaHasWrite('0/1', undefined)).toBe(true);
    expect(replicaHasWrite('0/1', 'garbage')).toBe(true);
    expect(replicaHasWrite(null, '0/1')).toBe(false);
  });
});
