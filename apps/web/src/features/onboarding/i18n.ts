import { registerTranslations } from '@/i18n';
import { enUS } from './strings.en-US';
import { zhCN } from './strings.zh-CN';

/** The onboarding area's strings (namespace `onboarding`), in strings.zh-CN.ts and strings.en-US.ts. */
export const NS = registerTranslations('onboarding', { 'zh-CN': zhCN, 'en-US': enUS });
