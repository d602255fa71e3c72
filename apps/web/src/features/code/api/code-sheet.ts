import { downloadGet } from '@/lib/api';

/**
 * GET /code/sheet?batchNo= (code:view): the batch's printable A4 PDF, saved under the server's file name (S7.4:
 * a binary answer; a refusal's msg is toasted). Resolves to the file name.
 */
export const downloadSheet = (batchNo: string) => downloadGet('/code/sheet', { batchNo }, `${batchNo}.pdf`);
