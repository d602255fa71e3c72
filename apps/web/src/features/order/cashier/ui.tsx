import type { ReactNode } from 'react';
import { Icon, type Glyph } from './icons';

/**
 * The few controls of the payer's page drawn as the portal's antd theme draws them (cashier.css), without antd:
 * the page is its own small entry that a payer opens on a phone after scanning a code.
 */
export function Button({
  kind = 'default',
  size,
  block,
  loading,
  disabled,
  className = '',
  onClick,
  children,
  testId,
}: {
  kind?: 'primary' | 'default' | 'danger' | 'link';
  size?: 'large';
  block?: boolean;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const classes = ['pay-btn', `pay-btn-${kind}`, size && 'pay-btn-lg', block && 'pay-btn-block', className];
  return (
    <button
      type="button"
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {loading && <span className="pay-btn-spinner" aria-hidden />}
      <span>{children}</span>
    </button>
  );
}

/** A spinning ring, announced by its label. */
export function Spinner({ label, small }: { label?: string; small?: boolean }) {
  return (
    <span
      className={`pay-spinner${small ? ' is-small' : ''}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

const RESULT_GLYPH: Record<'success' | 'error' | 'warning' | 'missing', Glyph> = {
  success: 'check',
  error: 'error',
  warning: 'warning',
  missing: 'exclamation',
};

/** A page's outcome: its mark, a title, a sentence and what to do next. */
export function Result({
  status,
  title,
  subTitle,
  extra,
  testId,
}: {
  status: 'success' | 'error' | 'warning' | 'missing';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`pay-result pay-result-${status}`} data-testid={testId}>
      <Icon glyph={RESULT_GLYPH[status]} className="pay-result-icon" />
      <div className="pay-result-title">{title}</div>
      {subTitle && <div className="pay-result-subtitle">{subTitle}</div>}
      {extra && <div className="pay-result-extra">{extra}</div>}
    </div>
  );
}

/** A message in a tinted box: an error (announced) or a note. */
export function Alert({
  type,
  title,
  description,
  className = '',
  testId,
}: {
  type: 'error' | 'info';
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      className={`pay-alert pay-alert-${type} ${className}`}
      role={type === 'error' ? 'alert' : undefined}
      data-testid={testId}
    >
      <Icon glyph={type === 'error' ? 'error' : 'info'} className="pay-alert-icon" />
      <div>
        <div className="pay-alert-title">{title}</div>
        {description && <div className="pay-alert-text">{description}</div>}
      </div>
    </div>
  );
}
