// `npm run bench`: run every scripts/bench/*.bench.ts (each default-exports
// `async () => ({ title, markdown })`) one after another and write docs/benchmarks.md with the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchSection {
  title: string;
  markdown: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'scripts/bench');
const only = process.argv.slice(2);

const files = fs
  .readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((o) => name.includes(o)))
  .sort();

/**
 * The same fixed piece of CPU work, timed before and after: on a shared virtual machine the CPU a process gets
 * varies (seen here: this loop taking 0.5 s and 1.0 s minutes apart), and these say how fast it was this time.
 */
function referenceLoopMs(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x += i % 7;
  if (x < 0) throw new Error('unreachable'); // keeps the loop from being optimised away
  return Math.round(performance.now() - started);
}

const startLoad = os.loadavg();
const referenceBefore = referenceLoopMs();
const sections: BenchSection[] = [];
for (const name of files) {
  process.stderr.write(`bench: ${name} ...\n`);
  const mod = (await import(pathToFileURL(path.join(benchDir, name)).href)) as {
    default: () => Promise<BenchSection>;
  };
  const started = Date.now();
  try {
    sections.push(await mod.default());
  } catch (err) {
    // One broken benchmark must not hide the others' figures.
    sections.push({ title: name, markdown: `Failed: ${(err as Error).stack ?? String(err)}` });
  }
  process.stderr.write(`bench: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const referenceAfter = referenceLoopMs();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const doc = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (scripts/bench.ts runs every `scripts/bench/*.bench.ts`). Figures from one run;',
  'rerun after a change that could move them.',
  '',
  `- Date: ${new Date().toISOString()}`,
  `- Machine: ${os.availableParallelism()} cores (nproc), ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}`,
  `- Node ${process.version}`,
  `- Load average when the run started (1/5/15 min): ${startLoad.map((l) => l.toFixed(2)).join(' / ')}; other work on the machine lowers the figures`,
  `- CPU speed this run: a fixed reference loop took ${referenceBefore} ms before and ${referenceAfter} ms after (about 500 ms on a quiet machine; larger means every figure below was measured on a slower CPU share)`,
  '',
  ...sections.flatMap((s) => [`## ${s.title}`, '', s.markdown.trim(), '']),
].join('\n');
fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), doc);
process.stdout.write(doc);
