import type { FileStorage } from './file-storage.ts';
import type { Job } from './jobs.ts';
import { purgeOldLoginFailures } from './modules/auth/index.ts';
import { documentFileIdsInUse } from './modules/onboarding/index.ts';
import { purgeEndedOperatorSessions, purgeOldOperatorFailures } from './modules/operator/index.ts';
import { purgeEndedSessions } from './modules/session/index.ts';
import { purgeExpiredSmsCodes } from './modules/sms/index.ts';
import { purgeUnusedUploads } from './modules/upload/index.ts';

export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Issue 25.10: rows nobody needs any more are deleted every hour: ended sessions, expired SMS codes, failed
 * sign-ins past their window, uploads no application names after a day. Each purge lives in the module owning
 * its table; this job only runs them. Every process runs it; the purges take their rows with SKIP LOCKED.
 */
export const purgeJob = (storage: FileStorage): Job => ({
  name: 'purge',
  schedule: { everyMs: PURGE_EVERY_MS },
  lock: 'rows',
  async run({ db, log, now }) {
    const purged = {
      sessions: await purgeEndedSessions(db, now),
      smsCodes: await purgeExpiredSmsCodes(db, now),
      loginFailures: await purgeOldLoginFailures(db, now),
      operatorSessions: await purgeEndedOperatorSessions(db, now),
      operatorFailures: await purgeOldOperatorFailures(db, now),
      uploads: await purgeUnusedUploads(db, storage, documentFileIdsInUse(), now, (err) =>
        log.warn({ err }, 'purge: the bytes of a deleted upload could not be deleted'),
      ),
    };
    if (Object.values(purged).some((n) => n > 0)) log.info({ purged }, 'purged rows nobody needs any more');
  },
});
