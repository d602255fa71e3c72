import fs from 'node:fs';
import path from 'node:path';

/*
 * Every new demo directory is a copy of a template cluster (sandbox/demo-template.ts), and on this machine's
 * virtual disk the copy's time follows the bytes it writes: 0.2 s to 1.0 s for 44 MB, depending on how much the
 * disk is still writing back (benchmarks.md, "Start-up: where the time goes"). Of those 44 MB, 16 MB were the WAL
 * segment of the build (14 MB of records no copy needs: the template is closed cleanly) and 15 MB the two template
 * databases of initdb, which an embedded cluster serving one database never reads. What is left is the data.
 */

/** SQL text run on the template's own connection (PGlite: one session, which also runs the checkpoints). */
type Exec = (text: string) => Promise<unknown>;

/**
 * Before the template is closed: start a new WAL segment and checkpoint, so the segment holding the build's
 * records is deleted (wal_recycle off: a recycled segment is renamed with its old bytes still in it). The new
 * segment holds a few hundred bytes of records and zeros after them (wal_init_zero is on), which
 * `walZerosAsHoles` turns into a hole after the close.
 */
export async function emptyWal(exec: Exec) {
  await exec('SET wal_recycle = off');
  await exec('SELECT pg_switch_wal()');
  await exec('CHECKPOINT'); // its redo point is in the new segment: the old one is no longer needed
}

/**
 * Drop template0 and template1 (7.3 MB each, 600 files of a copy's 1,470): PGlite opens the one database
 * `postgres`, and nothing here creates another inside an embedded cluster (tests and benches that do run on a
 * PostgreSQL server, which has its own). A `CREATE DATABASE` in a copy would need `TEMPLATE postgres`.
 */
export async function dropTemplateDatabases(exec: Exec) {
  for (const name of ['template0', 'template1']) {
    await exec(`ALTER DATABASE ${name} IS_TEMPLATE false`); // a template database cannot be dropped
    await exec(`DROP DATABASE ${name}`);
  }
}

const BLOCK = 4096;
const ZEROS = Buffer.alloc(BLOCK);

/**
 * After the close: the zeros at the end of each WAL segment of `clusterDir` become a hole (truncated away, then
 * the file extended back to its size), which reads as the same zeros and which `cp` keeps a hole instead of
 * writing 16 MB. Only zeros are given up: the truncation stops at the last block holding a byte that is not zero.
 */
export function walZerosAsHoles(clusterDir: string) {
  const walDir = path.join(clusterDir, 'pg_wal');
  for (const entry of fs.readdirSync(walDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(walDir, entry.name);
    const bytes = fs.readFileSync(file);
    const zeros = (from: number) => {
      const block = bytes.subarray(from, from + BLOCK); // the last one may be short
      return block.equals(ZEROS.subarray(0, block.length));
    };
    let kept = Math.ceil(bytes.length / BLOCK) * BLOCK;
    while (kept > 0 && zeros(kept - BLOCK)) kept -= BLOCK;
    if (kept >= bytes.length) continue;
    fs.truncateSync(file, kept);
    fs.truncateSync(file, bytes.length);
  }
}
