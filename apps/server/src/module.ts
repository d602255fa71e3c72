import type { FastifyPluginAsync } from 'fastify';
import type { INIT_STEPS } from '@mchweb/contract';
import type { Channels } from './channels.ts';
import type { Config } from './config.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from './db/client.ts';
import type { FileStorage } from './file-storage.ts';
import type { Job } from './jobs.ts';
import type { Queue, QueueWorker } from './queue.ts';
import type { SmsSender } from './sms-sender.ts';

/** What every module's route plugins and jobs receive (app.ts builds it once). */
export interface ModuleContext {
  config: Config;
  smsSender: SmsSender;
  /** Where uploaded files' bytes live (the upload module's adapters: a local directory or an S3 bucket). */
  storage: FileStorage;
  /** The payment and payout channels' adapters (channels.ts): the sandbox's, or none connected. */
  channels: Channels;
  /** The job queue (queue.ts): jobs sent from routes and services, inside their transaction when given one. */
  queue: Queue;
  /** Every module's steps of the /welcome checklist, in the order of the module list. */
  welcomeSteps: readonly WelcomeStep[];
  /** Every module's reconciliation checks, in the order of the module list (the nightly job runs them). */
  reconcileChecks: readonly ReconcileCheck[];
}

/** The business day a reconciliation looks at. */
export interface ReconcileDay {
  day: string;
  /** The day's range in the business zone: [start, end). */
  start: Date;
  end: Date;
  tz: string;
  /** When the reconciliation runs. */
  now: Date;
  /** The next day's clock (HH:MM) after which the day's settlement runs; null: when the operator runs it. */
  settleAt: string | null;
}

/**
 * One module's check of its records against the ledger (or the ledger's own): every difference as a sentence, and
 * what is not wrong but not finished yet (`open`: a day whose settlement is still to come).
 */
export interface ReconcileCheck {
  name: string;
  check(db: Tx, day: ReconcileDay): Promise<{ differences: string[]; open?: string[] }>;
}

/** A step of the /welcome checklist that a module knows how to tick from its own data. */
export interface WelcomeStep {
  key: (typeof INIT_STEPS)[number];
  /** The page where the step is done. */
  path: string;
  done(db: Tx, companyId: number): Promise<boolean>;
}

/**
 * A business module as app.ts sees it: its front door (`modules/<area>/index.ts`) exports one of these as
 * `module`, and `modules/index.ts` lists them. Tables need no registration: drizzle-kit reads every
 * `modules/*\/*.tables.ts`.
 */
export interface AppModule {
  name: string;
  /** Route plugins with their URL prefix; every route declares `config.access`. */
  routes?: { plugin: FastifyPluginAsync<ModuleContext>; prefix: string }[];
  /** Its background jobs (jobs.ts), from the configuration: app.ts starts and stops them with the app. */
  jobs?: (context: ModuleContext) => Job[];
  /** Its workers of the job queue (queue.ts): app.ts starts them with the queue when the app is ready. */
  workers?: (context: ModuleContext, app: { db: Db; log: FastifyBaseLogger }) => QueueWorker[];
  welcomeSteps?: WelcomeStep[];
  /** Its part of `npm run ops -- reconcile` and the nightly reconciliation: a new money area adds its own. */
  reconcileChecks?: ReconcileCheck[];
}
