import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walZerosAsHoles } from '../src/db/pglite-lean-copy.ts';

const cluster = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-lean-'));
afterAll(() => fs.rmSync(cluster, { recursive: true, force: true }));

describe('the WAL of a template (issue 26)', () => {
  it('keeps every byte of a segment and gives its trailing zeros no disk blocks', () => {
    fs.mkdirSync(path.join(cluster, 'pg_wal/archive_status'), { recursive: true });
    const segment = Buffer.alloc(2 ** 20);
    segment.fill(7, 0, 5000); // records over a block and a bit, then zeros
    const full = Buffer.alloc(3 * 4096 + 10, 9); // no zeros at all, with a short last block
    const files = { '000000010000000000000002': segment, '000000010000000000000003': full };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(cluster, 'pg_wal', name), bytes);

    walZerosAsHoles(cluster);

    for (const [name, bytes] of Object.entries(files)) {
      expect(fs.readFileSync(path.join(cluster, 'pg_wal', name)).equals(bytes)).toBe(true);
    }
    expect(fs.statSync(path.join(cluster, 'pg_wal/000000010000000000000002')).blocks * 512).toBeLessThanOrEqual(
      2 * 4096,
    );
  });
});
