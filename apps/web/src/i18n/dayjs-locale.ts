/**
 * dayjs follows the language (zh-CN -> 'zh-cn', en-US -> dayjs's built-in 'en'). Kept out of the app shell: only
 * pages that show dates need dayjs, so the signed-in layouts and `lib/date-range.ts` import this module for its
 * effect. A page outside them that formats localised dates (month names, pickers) imports it too.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLanguage, i18n, type Language } from './index';

const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

export function applyDayjsLocale(): void {
  dayjs.locale(DAYJS_LOCALE[currentLanguage()]);
}

applyDayjsLocale();
i18n.on('languageChanged', applyDayjsLocale);
