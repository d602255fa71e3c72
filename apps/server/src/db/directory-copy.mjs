// Copying a directory into place, for the embedded database's worker (pglite-worker.mjs: today's demo into a new
// data directory) and for the demo's builder (sandbox/demo-template.ts). Plain JavaScript, as the worker is.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Copy `from` to `to` through a partial directory renamed into place (a start killed half-way leaves no half a
 * cluster): `cp -R` where there is one (GNU cp keeps the WAL segment's 16 MB hole a hole), else Node's own copy.
 * True when it was made; a copy that fails leaves nothing behind. Synchronous: it runs in the worker's thread, or
 * in the builder after seconds of seeding.
 */
export function copyDirectory(from, to) {
  const partial = `${to}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;
  try {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    try {
      execFileSync('cp', ['-R', from, partial], { stdio: 'ignore' });
    } catch {
      fs.rmSync(partial, { recursive: true, force: true });
      fs.cpSync(from, partial, { recursive: true });
    }
    fs.rmSync(to, { recursive: true, force: true });
    fs.renameSync(partial, to);
    return true;
  } catch {
    fs.rmSync(partial, { recursive: true, force: true });
    return false;
  }
}
