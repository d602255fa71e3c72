import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mchweb/contract/language';
import { getString, LANGUAGE_KEY } from './storage';

/**
 * The language a page of a person who has not signed in to the portal starts in (the payer's page, the operator
 * console): the one the portal's switch stored, else the browser's first of zh-CN and en-US, else zh-CN. No
 * i18next here: the payer's page uses it without.
 */
export function initialLanguage(
  stored = getString(LANGUAGE_KEY),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if ((LANGUAGES as readonly string[]).includes(stored ?? '')) return stored as Language;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}
