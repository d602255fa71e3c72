import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { NS } from '../i18n';

/** /code-setting: not built yet; its issue fills it. Until then an honest empty state, no fake data. */
export default function Page() {
  const { t } = useTranslation(NS);
  return (
    <ComingSoon testId="page-code-setting" title={t('codeSetting.title')} description={t('codeSetting.description')} />
  );
}
