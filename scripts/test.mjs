// `npm test`: format, lint and type checks, then every unit and API test (Vitest), then the browser tests
// (Playwright in real Chromium) against a freshly built web app. Runs on PGlite, or on PostgreSQL when
// DATABASE_URL is set. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const only = process.argv[2]; // optional: checks | unit | e2e

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}
const readJson = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);

const failures = [];
let passed = 0;
let failed = 0;

if (!only || only === 'checks') {
  if (!run('prettier', 'npx', ['prettier', '--check', '--log-level', 'warn', '.'])) failures.push('prettier');
  if (!run('eslint', 'npx', ['eslint', '--max-warnings', '0', '.'])) failures.push('eslint');
  for (const ws of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'scripts']) {
    if (!run(`tsc --noEmit -p ${ws}`, 'npx', ['tsc', '--noEmit', '-p', ws])) failures.push(`tsc ${ws}`);
  }
}

if (!only || only === 'unit') {
  const report = path.join(tmp, 'vitest-report.json');
  fs.rmSync(report, { force: true });
  const ok = run(`vitest (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const r = readJson(report);
  if (r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
  if (!ok || !r) failures.push('vitest');
}

if (!only || only === 'e2e') {
  const report = path.join(tmp, 'e2e-report.json');
  fs.rmSync(report, { force: true });
  if (!run('build web', 'npm', ['run', 'build', '-w', '@mchweb/web'])) failures.push('web build');
  const ok = run('playwright (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  const r = readJson(report);
  if (r) {
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected;
  }
  if (!ok || !r) failures.push('playwright');
}

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
