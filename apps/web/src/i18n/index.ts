import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage } from '@/lib/browser-language';
import { getString, LANGUAGE_KEY, setItem } from '@/lib/storage';
import { common } from './common';
import { menu } from './menu';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mchweb/contract/language';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** One feature's strings: the same keys in both languages (TypeScript checks en-US against zh-CN). */
export type Translations<T extends Record<string, unknown>> = { 'zh-CN': T; 'en-US': T };

function storedLanguage(): Language {
  const saved = getString(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as Language) : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common', 'menu'],
  defaultNS: 'common',
  resources: {
    'zh-CN': { common: common['zh-CN'], menu: menu['zh-CN'] },
    'en-US': { common: common['en-US'], menu: menu['en-US'] },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/**
 * A feature registers its namespace when its module loads (pages are lazy, so strings travel with their chunk):
 * `registerTranslations('order', { 'zh-CN': {...}, 'en-US': {...} })`, then `useTranslation('order')`.
 */
export function registerTranslations<T extends Record<string, unknown>>(ns: string, t: Translations<T>): string {
  for (const lng of LANGUAGES) {
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, t[lng], true, false);
  }
  return ns;
}

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE;
}

/** Switch language: kept in storage; antd's locale follows through AppProviders, dayjs through dayjs-locale.ts. */
export async function changeLanguage(lng: Language): Promise<void> {
  setItem(LANGUAGE_KEY, lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

/**
 * The operator console starts in the stored choice, else the browser's language (lib/browser-language.ts, as the
 * payer's page): its operators are not the portal's members, and an English browser should not open in Chinese.
 * Not stored: the browser keeps deciding until the person uses the switch. The portal keeps zh-CN by default.
 */
export function followBrowserLanguage(): void {
  const lng = initialLanguage();
  document.documentElement.lang = lng;
  if (lng !== i18n.language) void i18n.changeLanguage(lng);
}

export const t = i18n.t.bind(i18n);
