import type { CodeNoBody } from '@mchweb/contract';
import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { call } from '@/lib/api-client';
import { useCodeMutation } from './use-code-mutation';

/** POST /code/unbind (code:bind): BOUND -> UNBOUND. A refusal is toasted by the request layer. */
export const unbindCode = (input: CodeNoBody) => call(codeEndpoints.unbind, { body: input });
export const useUnbindCode = () => useCodeMutation(unbindCode);
