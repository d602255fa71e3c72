import { useSyncExternalStore } from 'react';
import { Input, Modal, Typography } from 'antd';
import { t } from '@/i18n';

export interface PromptOptions {
  title?: string;
  message?: string;
  defaultValue?: string;
  placeholder?: string;
  /** The input must match this pattern... */
  pattern?: RegExp;
  /** ...and pass this check: false (use errorMessage) or a string (that message) refuses the input. */
  validator?: (value: string) => boolean | string;
  /** Shown when the input is refused; default 'Illegal input' (非法输入). */
  errorMessage?: string;
}

/** S5.3: null when the input is acceptable, else the message to show. */
export function checkPromptInput(value: string, opts: PromptOptions): string | null {
  const fallback = opts.errorMessage || t('prompt.illegal');
  if (opts.pattern && !new RegExp(opts.pattern.source, opts.pattern.flags.replace('g', '')).test(value)) {
    return fallback;
  }
  if (opts.validator) {
    const verdict = opts.validator(value);
    if (verdict === false) return fallback;
    if (typeof verdict === 'string') return verdict || fallback;
  }
  return null;
}

/** The dialog's value and error, shared by the body (renders them) and onOk (checks them). */
class PromptState {
  value: string;
  error: string | null = null;
  private listeners = new Set<() => void>();
  private snap: { value: string; error: string | null };
  constructor(value: string) {
    this.value = value;
    this.snap = { value, error: null };
  }
  set(value: string, error: string | null) {
    this.value = value;
    this.error = error;
    this.snap = { value, error };
    this.listeners.forEach((l) => l());
  }
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.snap;
}

function PromptBody({ opts, state }: { opts: PromptOptions; state: PromptState }) {
  const { value, error } = useSyncExternalStore(state.subscribe, state.snapshot);
  return (
    <div>
      {opts.message && <Typography.Paragraph>{opts.message}</Typography.Paragraph>}
      <Input
        autoFocus
        value={value}
        placeholder={opts.placeholder}
        status={error ? 'error' : undefined}
        aria-label={opts.title ?? t('prompt.title')}
        aria-invalid={Boolean(error)}
        data-testid="prompt-input"
        onChange={(e) => state.set(e.target.value, null)}
      />
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="prompt-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

/** S5.3: ask for a value; resolves to it, or to null when cancelled. OK with a refused value keeps it open. */
export function prompt(opts: PromptOptions = {}): Promise<string | null> {
  return new Promise((resolve) => {
    const state = new PromptState(opts.defaultValue ?? '');
    Modal.confirm({
      title: opts.title ?? t('prompt.title'),
      icon: null,
      content: <PromptBody opts={opts} state={state} />,
      okText: t('prompt.ok'),
      cancelText: t('action.cancel'),
      okButtonProps: { 'data-testid': 'prompt-ok' },
      // Declaring `close` keeps the dialog open until we call it: a refused value stays for correction.
      onOk: (close: () => void) => {
        const error = checkPromptInput(state.value, opts);
        if (error) {
          state.set(state.value, error);
          return;
        }
        resolve(state.value);
        close();
      },
      onCancel: () => resolve(null),
    });
  });
}
