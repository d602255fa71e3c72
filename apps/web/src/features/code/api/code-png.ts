import { downloadGet } from '@/lib/api';

/** GET /code/png?codeNo= (code:view): one code's QR as a PNG, saved under the server's file name (S7.4). */
export const downloadPng = (codeNo: string) => downloadGet('/code/png', { codeNo }, `${codeNo}.png`);
