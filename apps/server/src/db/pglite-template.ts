import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT } from '../config.ts';

/*
 * A new PGlite data directory runs initdb and then our migrations: about 2 s of the 2-core machine's time, most of
 * a first start. The result is the same every time for one PGlite version and one set of migrations, so it is
 * built once per machine into node_modules/.cache/mchweb (named by both), closed cleanly, and every new data
 * directory starts as a plain copy of those files (about 0.2 s; PGlite then opens it like any existing
 * directory, and migrate() finds nothing to do). Any problem falls back to initdb in place;
 * MCHWEB_PGLITE_TEMPLATE=0 skips the copy.
 */
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/mchweb');

function templateDir(migrationsDir: string): string {
  const pkg = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string };
  const hash = crypto.createHash('sha256');
  for (const name of fs
    .readdirSync(migrationsDir)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(fs.readFileSync(path.join(migrationsDir, name)));
  }
  hash.update(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json')));
  return path.join(CACHE_DIR, `pglite-${version}-${hash.digest('hex').slice(0, 16)}`);
}

const isCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));
const unique = (dir: string) => `${dir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;

/** Build the migrated, empty cluster in a directory of its own and publish it under its final name. */
async function buildTemplate(
  dir: string,
  open: (dir: string) => Promise<PGlite>,
  migrate: (c: PGlite) => Promise<void>,
) {
  const partial = unique(dir);
  const client = await open(partial);
  try {
    await migrate(client);
  } finally {
    await client.close(); // a clean shutdown: the copy needs no recovery
  }
  try {
    fs.renameSync(partial, dir);
  } catch {
    // Another process published it first (a directory is not replaced): use theirs.
    fs.rmSync(partial, { recursive: true, force: true });
  }
  // Copies for other migrations or PGlite versions are no use any more (40 MB each).
  for (const name of fs.readdirSync(CACHE_DIR)) {
    const other = path.join(CACHE_DIR, name);
    if (name.startsWith('pglite-') && other !== dir && !name.endsWith('.partial')) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
}

/**
 * Make `dataPath` a copy of the migrated template when it is new (missing or empty). Returns false, leaving it
 * for PGlite's initdb, when the copy is switched off or anything goes wrong.
 */
export async function copyTemplateInto(
  dataPath: string,
  open: (dir: string) => Promise<PGlite>,
  migrate: (c: PGlite) => Promise<void>,
  migrationsDir: string,
): Promise<boolean> {
  if (process.env.MCHWEB_PGLITE_TEMPLATE === '0') return false;
  if (fs.existsSync(dataPath) && fs.readdirSync(dataPath).length > 0) return false; // someone's files: leave them
  try {
    const dir = templateDir(migrationsDir);
    if (!isCluster(dir)) {
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      await buildTemplate(dir, open, migrate);
    }
    // Copied beside the target and renamed: a start killed half-way leaves no half a cluster behind.
    const partial = unique(dataPath);
    fs.cpSync(dir, partial, { recursive: true });
    fs.rmSync(dataPath, { recursive: true, force: true });
    fs.renameSync(partial, dataPath);
    return true;
  } catch {
    return false;
  }
}
