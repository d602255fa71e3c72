/**
 * Web bundle size: the gzip size of the JavaScript a first visit to /mchweb/login downloads (budget 200 KB),
 * and of every route chunk. Builds the app, then follows the static import graph of the built files, the way
 * the browser does: index.html's entry and modulepreloads, then the lazy chunks the /login route loads (the
 * blank layout and the login page) with their static imports. Dynamic `import()`s are not followed: they are
 * what the page loads on demand (the request layer with axios when the form is submitted, toasts, dialogs).
 * A browser opening /mchweb/login of the same build requested exactly these files when this was written.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'apps/web');
const DIST = path.join(ROOT, '.tmp', 'bench-web-dist');
const ASSETS = path.join(DIST, 'assets');
const BUDGET_KB = 200;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(ASSETS, file))).length;

/** Files a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(ASSETS, file), 'utf8');
  return [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!);
}

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const chunk = (prefix: string) => {
  const found = fs.readdirSync(ASSETS).find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  if (!found) throw new Error(`no chunk ${prefix}-*.js in ${ASSETS}`);
  return found;
};
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);

export default async function webBundleBench() {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', DIST, '--emptyOutDir'],
    {
      cwd: WEB,
      stdio: 'ignore',
    },
  );
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/mchweb\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
  const shell = closure(initial);
  const login = closure([...shell, chunk('blank-layout'), chunk('login.page')]);
  const loginBytes = sum(login);

  const pages = fs
    .readdirSync(ASSETS)
    .filter((f) => /\.page-[\w-]+\.js$/.test(f))
    .map((f) => {
      const own = gzipSize(f);
      const extra = [...closure([f])].filter((x) => !shell.has(x));
      return { route: f.replace(/\.page-[\w-]+\.js$/, ''), own, extra: sum(extra) };
    })
    .sort((a, b) => b.extra - a.extra);

  const verdict = loginBytes / 1024 <= BUDGET_KB ? 'within' : 'OVER';
  const loginFiles = [...login]
    .map((f) => ({ name: f.replace(/-[\w-]{8}\.js$/, '.js'), size: gzipSize(f), shell: shell.has(f) }))
    .sort((a, b) => b.size - a.size);
  const markdown = [
    `First visit to \`/mchweb/login\`: **${kb(loginBytes)} KB** of gzip JavaScript in ${login.size} files ` +
      `(${verdict} the ${BUDGET_KB} KB budget); the app shell alone (entry + modulepreloads) is ${kb(sum(shell))} KB.`,
    '',
    `Files of that first visit (gzip KB, * = app shell): ${loginFiles
      .map((f) => `${f.name}${f.shell ? '*' : ''} ${kb(f.size)}`)
      .join(', ')}.`,
    '',
    'Route chunks (gzip): the page chunk itself, and everything it loads that the shell does not already hold',
    '(shared chunks counted for each page that needs them).',
    '',
    '| route | page chunk KB | loaded beyond the shell KB |',
    '|---|---:|---:|',
    ...pages.map((p) => `| /${p.route} | ${kb(p.own)} | ${kb(p.extra)} |`),
  ].join('\n');
  return { title: 'Web bundle size', markdown };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  webBundleBench().then((r) => console.log(`## ${r.title}\n\n${r.markdown}`));
}
