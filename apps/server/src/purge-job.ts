import type { FastifyInstance } from 'fastify';
import type { FileStorage } from './file-storage.ts';
import { purgeOldLoginFailures } from './modules/auth/index.ts';
import { documentFileIdsInUse } from './modules/onboarding/index.ts';
import { purgeEndedSessions } from './modules/session/index.ts';
import { purgeExpiredSmsCodes } from './modules/sms/index.ts';
import { purgeUnusedUploads } from './modules/upload/index.ts';
import { periodicJob } from './periodic-job.ts';

export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Issue 25.10: rows nobody needs any more are deleted every hour: ended sessions, expired SMS codes, failed
 * sign-ins past their window, uploads no application names after a day. Each purge lives in the module owning
 * its table; this file only schedules them. Every process runs it; the purges are safe side by side.
 */
export function purgeJob(app: FastifyInstance, storage: FileStorage) {
  periodicJob(app, 'purge', PURGE_EVERY_MS, async () => {
    const now = new Date();
    const purged = {
      sessions: await purgeEndedSessions(app.db, now),
      smsCodes: await purgeExpiredSmsCodes(app.db, now),
      loginFailures: await purgeOldLoginFailures(app.db, now),
      uploads: await purgeUnusedUploads(app.db, storage, documentFileIdsInUse(), now, (err) =>
        app.log.warn({ err }, 'purge: the bytes of a deleted upload could not be deleted'),
      ),
    };
    if (Object.values(purged).some((n) => n > 0)) app.log.info({ purged }, 'purged rows nobody needs any more');
  });
}
