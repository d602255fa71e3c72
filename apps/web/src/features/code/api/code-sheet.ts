import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { download } from '@/lib/api-client';

/**
 * GET /code/sheet?batchNo= (code:view): the batch's printable A4 PDF, saved under the server's file name (S7.4:
 * a binary answer; a refusal's msg is toasted). Resolves to the file name.
 */
export const downloadSheet = (batchNo: string) =>
  download(codeEndpoints.sheet, { query: { batchNo } }, { fallbackName: `${batchNo}.pdf` });
