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

/**
 * What one system call costs here, in µs (a byte written to /dev/null, the median of three rounds). Added on a share
 * whose reference loop was the earlier shares' while its round trips to PostgreSQL and its process starts took about
 * twice as long and Lighthouse scored its pages lower (docs/benchmarks.md, "Issue 26's targets on a slower AMD EPYC
 * share").
 */
function systemCallMicros(): string {
  const fd = fs.openSync('/dev/null', 'w');
  const byte = Buffer.alloc(1);
  const calls = 100_000;
  const rounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) fs.writeSync(fd, byte);
    rounds.push(((performance.now() - started) * 1000) / calls);
  }
  fs.closeSync(fd);
  return rounds.sort((a, b) => a - b)[1]!.toFixed(2);
}

const startLoad = os.loadavg();
const referenceBefore = referenceLoopMs();
const systemCall = systemCallMicros();
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
const docPath = path.join(root, 'docs/benchmarks.md');
const runLine = (date: string, load: string, before: string, after: string) =>
  `_Measured ${date}; load average at the start ${load}; the reference loop ${before} ms before and ${after} ms after; ` +
  `a system call ${systemCall} µs._`;

/**
 * docs/benchmarks.md is merged, not rewritten: `npm run bench -- webhooks` replaces the webhooks section and keeps
 * the others, each with the line that says when and on how busy a machine it was measured (the machine can be
 * shared, so a figure means little without it).
 */
function mergedDoc(): string {
  const old = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : '';
  const [head = '', ...parts] = old.split(/^## /m);
  // Sections without a "Measured" line came from the full run the old header described (or were written by hand
  // since, as their text says): that header's facts are kept in one sentence.
  const field = (re: RegExp) => re.exec(head)?.slice(1) ?? [];
  const [earlier] = field(/^(Sections without a "Measured" line .*)$/m);
  const [oldDate] = field(/^- Date: (\S+)/m);
  const [oldLoad] = field(/when the run started \(1\/5\/15 min\): ([\d. /]+);/);
  const [oldBefore, oldAfter] = field(/took (\d+) ms before and (\d+) ms after/);
  const unmarked =
    earlier ??
    (oldDate
      ? `Sections without a "Measured" line are from the full run of ${oldDate} (load average ${oldLoad?.trim()}, reference loop ${oldBefore} and ${oldAfter} ms), or were written by hand since, as their text says.`
      : '');
  let kept = new Map<string, string>();
  for (const part of parts) {
    const title = part.slice(0, part.indexOf('\n')).trim();
    kept.set(title, part.slice(part.indexOf('\n') + 1).trim());
  }
  const now = runLine(
    new Date().toISOString(),
    startLoad.map((l) => l.toFixed(2)).join(' / '),
    String(referenceBefore),
    String(referenceAfter),
  );
  for (const section of sections) {
    // A section edited by hand may carry more in its title ("…: why (issue 29)"): it is the same section.
    const same = [...kept.keys()].find(
      (k) => k === section.title || (/^[:( ]/.test(k.slice(section.title.length)) && k.startsWith(section.title)),
    );
    // A benchmark that could not run here (no PostgreSQL, say) keeps the figures it had.
    if (same && section.markdown.startsWith('Skipped')) continue;
    const body = `${now}\n\n${section.markdown.trim()}`;
    // In its place: the order of the document stays the one its readers know.
    if (same) kept = new Map([...kept].map(([k, v]) => (k === same ? [section.title, body] : [k, v])));
    else kept.set(section.title, body);
  }
  return [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench.ts runs every `scripts/bench/*.bench.ts`; `npm run bench -- NAME` runs',
    'those whose file name contains NAME and replaces only their sections). Each section says when it was measured,',
    'the load average when its run started and how long a fixed reference loop took (about 500 ms on a quiet',
    'machine; larger means the figures were measured on a slower CPU share) and what one system call cost (larger',
    'means slower round trips, process starts and page loads, whatever the loop says). Rerun after a change that could',
    'move them.',
    'The machine and Node are those of the latest run.',
    '',
    `- Machine: ${os.availableParallelism()} cores (nproc), ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}`,
    `- Node ${process.version}`,
    '',
    ...(unmarked ? [unmarked, ''] : []),
    ...[...kept].flatMap(([title, body]) => [`## ${title}`, '', body, '']),
  ].join('\n');
}
fs.writeFileSync(docPath, mergedDoc());
