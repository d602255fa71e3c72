import { ONBOARDING_UPLOAD_MAX_BYTES } from '@mchweb/contract';
import { fieldText } from '../../i18n/text.ts';

const MAX_MB = ONBOARDING_UPLOAD_MAX_BYTES / 1024 / 1024;

/** Messages of uploaded files (onboarding documents). The form's field is `file`. */
export const UPLOAD = {
  empty: fieldText('file', 'is empty; choose the file again', '文件为空，请重新选择'),
  tooLarge: fieldText('file', `must be at most ${MAX_MB} MB`, `文件不能超过 ${MAX_MB} MB`),
  wrongType: fieldText('file', 'must be a JPEG, PNG, WebP image or a PDF', '文件须为 JPEG、PNG、WebP 图片或 PDF'),
  /** The first bytes say which type; the rest of the file does not hold together (cut short, damaged). */
  broken: {
    'image/jpeg': fieldText(
      'file',
      'is not a complete JPEG image (damaged or cut short); save or scan it again',
      'JPEG 图片不完整或已损坏，请重新保存或扫描后上传',
    ),
    'image/png': fieldText(
      'file',
      'is not a complete PNG image (damaged or cut short); save it again',
      'PNG 图片不完整或已损坏，请重新保存后上传',
    ),
    'image/webp': fieldText(
      'file',
      'is not a complete WebP image (damaged or cut short); save it again',
      'WebP 图片不完整或已损坏，请重新保存后上传',
    ),
    'application/pdf': fieldText(
      'file',
      'is not a complete PDF (damaged or cut short); save or export it again',
      'PDF 文件不完整或已损坏，请重新保存或导出后上传',
    ),
  },
} as const satisfies Record<string, unknown>;
