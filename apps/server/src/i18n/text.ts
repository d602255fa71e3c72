import type { FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '@mchweb/contract';

/** A message in both languages; the envelope picks the caller's (PRODUCT.md: every string in both). */
export type Text = Readonly<Record<Language, string>>;

export const text = (en: string, zh: string): Text => ({ 'en-US': en, 'zh-CN': zh });

/**
 * "field: problem" in both languages. The field name stays the same in both, because the client reads it to
 * put the problem beside that field of the form (apps/web/src/lib/form-errors.ts).
 */
export const fieldText = (field: string, en: string, zh: string): Text => text(`${field}: ${en}`, `${field}: ${zh}`);

/** The caller's language, from `Accept-Language` (the web app sends the language the user chose). */
export const languageOf = (request: FastifyRequest): Language => pickLanguage(request.headers['accept-language']);

const BEIJING = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? '';

/** A moment as each language's reader expects it: UTC for English, Beijing time for Chinese. */
export function clockText(at: Date, withDate = false): Text {
  const p = BEIJING.formatToParts(at);
  const beijingTime = `${part(p, 'hour')}:${part(p, 'minute')}`;
  const beijingDate = `${part(p, 'year')}-${part(p, 'month')}-${part(p, 'day')}`;
  const iso = at.toISOString();
  return text(
    withDate ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : `${iso.slice(11, 16)} UTC`,
    withDate ? `北京时间 ${beijingDate} ${beijingTime}` : `北京时间 ${beijingTime}`,
  );
}
