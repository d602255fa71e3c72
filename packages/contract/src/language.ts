/** The portal's languages: Chinese by default, English switchable (PRODUCT.md, Language). */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/**
 * The supported language an `Accept-Language` header prefers most (q-values honoured, `en-GB` counts as
 * English, `zh-TW` as Chinese); the default when it names neither, or is absent.
 */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}
