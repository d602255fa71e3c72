import type { z } from 'zod';
import type { sandboxNotifyBody } from '@mchweb/contract';
import { sandboxEndpoints } from '@mchweb/contract/sandbox/endpoints';
import { call } from '@/lib/api-client';

export type SandboxNotifyInput = z.input<typeof sandboxNotifyBody>;

/**
 * POST /api/pay/sandbox/notify (sandbox only): the channel's asynchronous notice that the payment succeeded or
 * failed, as the sandbox channel page's buttons send it. Idempotent on the server: a repeated or late notice
 * changes nothing. Answers the order as it is after the notice. Quiet: the page shows a refusal.
 */
export const sandboxNotify = (input: SandboxNotifyInput) =>
  call(sandboxEndpoints.notify, { body: input }, { quiet: true });
