import type { z } from 'zod';
import type { CodeBindAnswer, codeBindBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { useCodeMutation } from './use-code-mutation';

export type BindCodeInput = z.input<typeof codeBindBody>;

/**
 * POST /code/bind (code:bind): bind a code, or rebind a bound one (`reboundFrom` names the merchant it left), to an
 * ACTIVE merchant. Quiet: the form shows the msg beside the field it names.
 */
export const bindCode = (input: BindCodeInput) => apiPost<CodeBindAnswer>('/code/bind', input, { quiet: true });
export const useBindCode = () => useCodeMutation(bindCode);
