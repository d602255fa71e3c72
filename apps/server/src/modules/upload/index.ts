// The upload module's front door: files people upload (onboarding documents), their bytes in a FileStorage (a
// local directory or an S3-compatible bucket). No routes of its own: the onboarding module's upload and download
// routes call these, after checking who asks.
export {
  describeUploads,
  openUpload,
  purgeUnusedUploads,
  storeUpload,
  type StoredUpload,
  type StoreUploadInput,
  type UploadMeta,
} from './upload.service.ts';
export { createFileStorage, type StorageLog } from './storage.ts';
export { localFileStorage } from './local-storage.ts';
export { s3FileStorage } from './s3-storage.ts';
export { contentDispositionFor } from './content-disposition.ts';
export { judgeFile, type Judgement, type UploadType } from './file-type.ts';
export { UPLOAD } from './upload.messages.ts';
