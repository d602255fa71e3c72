import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { fileUrl, upload } from '@/lib/api-client';

/** POST /api/pay/inco/upload (multipart: `inviteNo` and `file`): a document uploaded through the invitation. */
export const publicUpload = (inviteNo: string, file: Blob, onProgress?: (percent: number) => void) =>
  upload(onboardingEndpoints.publicUpload, file, onProgress, { inviteNo });

/** GET /api/pay/inco/file/:fileId?inviteNo=: where the invited merchant reads its upload back. */
export const publicDocumentUrl = (inviteNo: string, fileId: string) =>
  fileUrl(onboardingEndpoints.publicFile, { fileId }, { inviteNo });
