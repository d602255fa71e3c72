import type { IncoUploadResult } from '@mchweb/contract';
import { atApiOrigin, upload } from '@/lib/api';

/** POST /api/pay/inco/upload (multipart: `inviteNo` and `file`): a document uploaded through the invitation. */
export const publicUpload = (inviteNo: string, file: Blob, onProgress?: (percent: number) => void) =>
  upload<IncoUploadResult>(atApiOrigin('/api/pay/inco/upload'), file, onProgress, { inviteNo });

/** GET /api/pay/inco/file/:fileId?inviteNo=: where the invited merchant reads its upload back. */
export const publicDocumentUrl = (inviteNo: string, fileId: string) =>
  `/api/pay/inco/file/${fileId}?inviteNo=${encodeURIComponent(inviteNo)}`;
