import type { CodeNoBody } from '@mchweb/contract';
import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { call } from '@/lib/api-client';
import { useCodeMutation } from './use-code-mutation';

/** POST /code/disable (code:edit): the code is disabled for good. A refusal is toasted by the request layer. */
export const disableCode = (input: CodeNoBody) => call(codeEndpoints.disable, { body: input });
export const useDisableCode = () => useCodeMutation(disableCode);
