import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { fileUrl, upload } from '@/lib/api-client';

/**
 * POST /inco/upload (multipart, field `file`): one document of an application, with progress. The seed's upload
 * path skips the envelope code checks (S7.4, `upload` of lib/api.ts); a refusal's msg is still shown.
 */
export const uploadDocument = (file: Blob, onProgress?: (percent: number) => void) =>
  upload(onboardingEndpoints.upload, file, onProgress);

/** GET /api/merchant/inco/file/:fileId: where a member reads an upload of the organisation back. */
export const documentUrl = (fileId: string) => fileUrl(onboardingEndpoints.file, { fileId });
