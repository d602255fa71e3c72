import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { I18nextProvider } from 'react-i18next';
import { currentLanguage, i18n, type Language } from '@/i18n';
import { theme } from './theme';

const ANTD_LOCALE: Record<Language, Locale> = { 'zh-CN': zhCN, 'en-US': enUS };

// Static toasts and dialogs (the request layer's) get the same theme and locale as the tree.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={theme} locale={ANTD_LOCALE[currentLanguage()]}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * i18n and antd (theme + locale following the language). TanStack Query's provider sits in the signed-in
 * layouts (QueryLayer), so the sign-in page does not download it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<Language>(currentLanguage());
  useEffect(() => {
    const onChange = () => setLanguage(currentLanguage());
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={theme} locale={ANTD_LOCALE[language]}>
        {children}
      </ConfigProvider>
    </I18nextProvider>
  );
}
