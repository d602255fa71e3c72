import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { download } from '@/lib/api-client';

/** GET /code/png?codeNo= (code:view): one code's QR as a PNG, saved under the server's file name (S7.4). */
export const downloadPng = (codeNo: string) =>
  download(codeEndpoints.png, { query: { codeNo } }, { fallbackName: `${codeNo}.png` });
