import type { FastifyInstance } from 'fastify';
import { timedJob } from './metrics.ts';

/**
 * Run `pass` every `everyMs` while the app is up: started when it is ready, stopped (and the running pass awaited)
 * when it closes. The job registry (jobs.ts) runs every module's jobs through it. Every server process runs its own; what a pass does must be safe on several processes at once
 * (the database decides who handles which row: SKIP LOCKED, unique keys), never a flag in memory. A failed pass is
 * logged and the next one tries again.
 */
export function periodicJob(app: FastifyInstance, name: string, everyMs: number, pass: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = timedJob(name, pass)
        .catch((err: unknown) => app.log.warn({ err, job: name }, `${name} failed; trying again later`))
        .finally(() => {
          running = null;
          schedule();
        });
    }, everyMs);
    timer.unref();
  }

  app.addHook('onReady', async () => schedule());
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
  /** Whether the job has been stopped (a pass that loops checks it between batches). */
  return { stopped: () => stopped };
}
