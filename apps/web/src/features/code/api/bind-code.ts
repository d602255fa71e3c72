import type { z } from 'zod';
import type { codeBindBody } from '@mchweb/contract';
import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { call } from '@/lib/api-client';
import { useCodeMutation } from './use-code-mutation';

export type BindCodeInput = z.input<typeof codeBindBody>;

/**
 * POST /code/bind (code:bind): bind a code, or rebind a bound one (`reboundFrom` names the merchant it left), to an
 * ACTIVE merchant. Quiet: the form shows the msg beside the field it names.
 */
export const bindCode = (input: BindCodeInput) => call(codeEndpoints.bind, { body: input }, { quiet: true });
export const useBindCode = () => useCodeMutation(bindCode);
