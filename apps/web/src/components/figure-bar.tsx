import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldOf } from '@/lib/api';
import './shared.css';

export interface Figure {
  /** Stable name: the figure's test id is `<testId>-<key>`. */
  key: string;
  label: string;
  /** The value as shown; undefined while it loads (a skeleton). */
  value: string | undefined;
  /** A second, smaller line under the value (a count beside an amount). */
  sub?: string;
  /** What it is made of, as a tooltip. */
  hint?: string;
  /** `net`: the figure everything adds up to, in green. */
  tone?: 'net';
}

/**
 * Totals in one glance: a row of labelled figures (a description list) that wraps to as many columns as fit, two
 * on a phone. A failed read with nothing to show is a warning with a retry instead.
 */
export function FigureBar({
  figures,
  label,
  testId,
  error,
  errorTitle,
  onRetry,
}: {
  figures: Figure[];
  label: string;
  testId: string;
  error?: unknown;
  errorTitle?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  if (error && figures.every((f) => f.value === undefined))
    return (
      <Alert
        type="warning"
        showIcon
        title={errorTitle}
        description={fieldOf(error).message}
        action={onRetry && <Button onClick={onRetry}>{t('action.retry')}</Button>}
        className="figure-bar-error"
      />
    );
  return (
    <dl className="figure-bar" aria-label={label} data-testid={testId}>
      {figures.map((f) => (
        <div key={f.key} className={`figure-bar-item${f.tone ? ` figure-bar-${f.tone}` : ''}`} title={f.hint}>
          <dt>{f.label}</dt>
          <dd data-testid={`${testId}-${f.key}`}>{f.value ?? <Skeleton.Input active size="small" />}</dd>
          {f.sub !== undefined && f.value !== undefined && <dd className="figure-bar-sub">{f.sub}</dd>}
        </div>
      ))}
    </dl>
  );
}
