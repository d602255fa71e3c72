import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';
import type { EmbeddedDatabase } from './pglite-in-worker.ts';
import { sourcesHash } from './sources-hash.mjs';

/*
 * A new PGlite data directory runs initdb and then our migrations: about 2 s of the 2-core machine's time, most of
 * a first start. The result is the same every time for one PGlite version and one set of migrations, so it is
 * built once per machine into node_modules/.cache/mchweb (named by both), closed cleanly, and every new data
 * directory starts as a plain copy of those files (about 0.2 s; PGlite then opens it like any existing
 * directory, and migrate() finds nothing to do). Any problem falls back to initdb in place;
 * MCHWEB_PGLITE_TEMPLATE=0 skips the copy.
 */
export const TEMPLATE_CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/mchweb');

export function pgliteVersion(): string {
  const pkg = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

// Named by the month too: the migrations make month partitions from the month they run in (migration 0014).
const templateDir = (migrationsDir: string) =>
  path.join(
    TEMPLATE_CACHE_DIR,
    `pglite-${pgliteVersion()}-${sourcesHash(REPO_ROOT, [path.relative(REPO_ROOT, migrationsDir)])}-${new Date().toISOString().slice(0, 7)}`,
  );

const isCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));
const unique = (dir: string) => `${dir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;

/**
 * Build a copy in a directory of its own and publish it under its final name `dir`; the other copies of its kind
 * (names starting with `prefix`: other migrations, code, PGlite versions or days) are no use any more (40 MB each).
 */
export async function publishTemplate(dir: string, prefix: string, build: (partial: string) => Promise<void>) {
  fs.mkdirSync(TEMPLATE_CACHE_DIR, { recursive: true });
  const partial = unique(dir);
  try {
    await build(partial);
    fs.renameSync(partial, dir);
  } catch (err) {
    // Another process published it first (a directory is not replaced): use theirs.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw err;
  }
  for (const name of fs.readdirSync(TEMPLATE_CACHE_DIR)) {
    const other = path.join(TEMPLATE_CACHE_DIR, name);
    if (name.startsWith(prefix) && other !== dir && !name.endsWith('.partial')) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
}

/** Build the migrated, empty cluster in a directory of its own and publish it under its final name. */
const buildTemplate = (
  dir: string,
  open: (dir: string) => Promise<EmbeddedDatabase>,
  migrate: (c: EmbeddedDatabase) => Promise<void>,
) =>
  publishTemplate(dir, 'pglite-', async (partial) => {
    const client = await open(partial);
    try {
      await migrate(client);
    } finally {
      await client.close(); // a clean shutdown: the copy needs no recovery
    }
  });

/**
 * Make `dataPath` a copy of the migrated template when it is new (missing or empty). Returns false, leaving it
 * for PGlite's initdb, when the copy is switched off or anything goes wrong.
 */
export async function copyTemplateInto(
  dataPath: string,
  open: (dir: string) => Promise<EmbeddedDatabase>,
  migrate: (c: EmbeddedDatabase) => Promise<void>,
  migrationsDir: string,
): Promise<boolean> {
  if (process.env.MCHWEB_PGLITE_TEMPLATE === '0') return false;
  if (fs.existsSync(dataPath) && fs.readdirSync(dataPath).length > 0) return false; // someone's files: leave them
  try {
    const dir = templateDir(migrationsDir);
    if (!isCluster(dir)) await buildTemplate(dir, open, migrate);
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
