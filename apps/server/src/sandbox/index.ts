// The sandbox wing: what a sandbox server (MCHWEB_SANDBOX, on outside production) adds to the business modules so
// a newcomer and the tests see every flow without a real channel, operator or phone: the simulated payment, refund
// and payout channel (one adapter of each port), the reviewer of applications, the SMS outbox, and the demo data
// (seed-demo.ts, run by server.ts). app.ts registers it in one place; modules never import it (eslint.config.js):
// it uses them through their front doors, as any caller does.
import type { AppModule } from '../module.ts';
import { channelJobs } from './channel-jobs.ts';
import { noticeRoutes } from './notice.routes.ts';
import { reviewJobs } from './review-jobs.ts';
import { smsOutboxRoutes } from './sms-outbox.ts';

export { SANDBOX_CHANNELS, sandboxChannels } from './sandbox-channel.ts';
export { createSmsSender } from './sms-outbox.ts';

export const sandbox: AppModule = {
  name: 'sandbox',
  routes: [
    { plugin: noticeRoutes(true), prefix: '/api/pay' },
    { plugin: smsOutboxRoutes, prefix: '/api/merchant' },
  ],
  jobs: (context) => [...channelJobs(context), ...reviewJobs(context)],
};

/** On a server that is no sandbox: only its notices' paths, answering 403 "the sandbox is off" (not a bare 404). */
export const sandboxOff: AppModule = {
  name: 'sandbox (off)',
  routes: [{ plugin: noticeRoutes(false), prefix: '/api/pay' }],
};
