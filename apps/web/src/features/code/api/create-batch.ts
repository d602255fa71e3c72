import type { z } from 'zod';
import type { codeBatchCreateBody } from '@mchweb/contract';
import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { call } from '@/lib/api-client';
import { useCodeMutation } from './use-code-mutation';

export type CreateBatchInput = z.input<typeof codeBatchCreateBody>;

/** POST /code/batch/create (code:edit): a batch of 1 to 1000 new codes. Quiet: the dialog shows the msg. */
export const createBatch = (input: CreateBatchInput) =>
  call(codeEndpoints.batchCreate, { body: input }, { quiet: true });
export const useCreateBatch = () => useCodeMutation(createBatch);
