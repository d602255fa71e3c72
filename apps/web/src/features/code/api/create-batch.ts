import type { z } from 'zod';
import type { CodeBatch, codeBatchCreateBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { useCodeMutation } from './use-code-mutation';

export type CreateBatchInput = z.input<typeof codeBatchCreateBody>;

/** POST /code/batch/create (code:edit): a batch of 1 to 1000 new codes. Quiet: the dialog shows the msg. */
export const createBatch = (input: CreateBatchInput) =>
  apiPost<CodeBatch>('/code/batch/create', input, { quiet: true });
export const useCreateBatch = () => useCodeMutation(createBatch);
