import { fetchFile } from '@/lib/api';

/**
 * GET an uploaded document (`/api/merchant/inco/file/:fileId` with the session's token, or the invitation's
 * `/api/pay/inco/file/:fileId?inviteNo=`) as a Blob for the preview.
 */
export const readDocument = (url: string, signal?: AbortSignal) => fetchFile(url, { signal, quiet: true });
