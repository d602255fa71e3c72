import { registerTranslations } from '@/i18n';
import { enUS } from './texts/en-US';
import { zhCN } from './texts/zh-CN';

/** The marketing site's strings (namespace `public`). */
export const NS = registerTranslations('public', { 'zh-CN': zhCN, 'en-US': enUS });
