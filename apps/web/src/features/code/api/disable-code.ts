import type { CodeListItem, CodeNoBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { useCodeMutation } from './use-code-mutation';

/** POST /code/disable (code:edit): the code is disabled for good. A refusal is toasted by the request layer. */
export const disableCode = (input: CodeNoBody) => apiPost<CodeListItem>('/code/disable', input);
export const useDisableCode = () => useCodeMutation(disableCode);
