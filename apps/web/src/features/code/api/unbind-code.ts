import type { CodeListItem, CodeNoBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { useCodeMutation } from './use-code-mutation';

/** POST /code/unbind (code:bind): BOUND -> UNBOUND. A refusal is toasted by the request layer. */
export const unbindCode = (input: CodeNoBody) => apiPost<CodeListItem>('/code/unbind', input);
export const useUnbindCode = () => useCodeMutation(unbindCode);
