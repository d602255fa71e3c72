import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHARED_NS } from './i18n';

/** How long something has waited, in the largest two units (`2 d 3 h`, `5 h 12 min`), as a reviewer reads it. */
export function useAgeText(): (seconds: number) => string {
  const { t } = useTranslation(SHARED_NS);
  return (seconds) => {
    const m = Math.floor(seconds / 60);
    const h = Math.floor(m / 60);
    const d = Math.floor(h / 24);
    if (d > 0) return t('age.d', { d, h: h % 24 });
    if (h > 0) return t('age.h', { h, m: m % 60 });
    return m > 0 ? t('age.m', { m }) : t('age.now');
  };
}

/** A wait, in red once it is past a day (the queues' service level) and amber past four hours. */
export function Age({ seconds }: { seconds: number }) {
  const text = useAgeText();
  const type = seconds >= 86_400 ? 'danger' : seconds >= 4 * 3600 ? 'warning' : undefined;
  return (
    <Typography.Text type={type} strong={!!type} data-testid="queue-age">
      {text(seconds)}
    </Typography.Text>
  );
}
