import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { dayOf } from '../business-day.ts';
import { TEMPLATE_CACHE_DIR, pgliteVersion } from '../db/pglite-template.ts';
import { DEMO_SEEDED_FROM, sourcesHash } from '../db/sources-hash.mjs';
import type { CopyOrder } from '../db/pglite-in-worker.ts';
import type { ApiKeyMode } from '@mchweb/contract';
import { DEMO_TZ } from './demo-zone.ts';

/*
 * Where today's demo is kept and what a new directory copies from it (demo-template.ts builds it). Light on
 * purpose: server.ts reads it before the app's modules, and a start that copies never loads the builder.
 */

/** Defined by the server's build (scripts/build-server.mjs) as the hash of DEMO_SEEDED_FROM it was built from. */
declare const MCHWEB_DEMO_SOURCES_HASH: string | undefined;

/**
 * The start of the names of the demo's copies whose API keys are of `keys` mode: a sandbox server's demo has test
 * keys (`mk_test_`), a public demo server's (SEED_DEMO=true outside the sandbox) live ones, so one machine keeps a
 * copy of each and neither copies the other's.
 */
export const demoTemplatePrefix = (keys: ApiKeyMode) => `demo-${keys}-`;

/** Where the copy of the demo seeded on the business day of `now` (in the demo's time zone `tz`) is kept. */
export function demoTemplateDir(tz: string, keys: ApiKeyMode, now = new Date()): string {
  const sources =
    typeof MCHWEB_DEMO_SOURCES_HASH === 'string' ? MCHWEB_DEMO_SOURCES_HASH : sourcesHash(REPO_ROOT, DEMO_SEEDED_FROM);
  const key = `${pgliteVersion()}-${sources}-${dayOf(now, tz)}`;
  return path.join(TEMPLATE_CACHE_DIR, `${demoTemplatePrefix(keys)}${key}`);
}

const isEmpty = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * What a start does for the demo in the PGlite directory `dataDir/pglite` and the upload directory: nothing
 * (either holds something already, or copies are off: MCHWEB_PGLITE_TEMPLATE=0), build today's copy first (the
 * day's first new directory), or copy it (these orders: the cluster first, then the uploaded documents).
 */
export function demoCopyPlan(dataDir: string, uploadDir: string, keys: ApiKeyMode): 'none' | 'build' | CopyOrder[] {
  const dataPath = path.join(dataDir, 'pglite');
  if (process.env.MCHWEB_PGLITE_TEMPLATE === '0' || !isEmpty(dataPath) || !isEmpty(uploadDir)) return 'none';
  const dir = demoTemplateDir(DEMO_TZ, keys);
  if (!fs.existsSync(path.join(dir, 'pglite/PG_VERSION'))) return 'build';
  const uploads = path.join(dir, 'uploads');
  return [
    { from: path.join(dir, 'pglite'), to: dataPath },
    ...(fs.existsSync(uploads) ? [{ from: uploads, to: uploadDir }] : []),
  ];
}
