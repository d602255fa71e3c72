import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHARED_NS } from './shared-i18n';

/**
 * A text filter applied on Enter (or the search button, or leaving the field): `read` turns the text into the
 * filter's value, or null when the server would refuse it; then the field is marked and nothing is applied.
 * Emptied, it clears its filter.
 */
export function CheckedInput<T>({
  value,
  read,
  onApply,
  placeholder,
  label = placeholder,
  testId,
  search,
  ...input
}: {
  value: string | undefined;
  read: (text: string) => T | null;
  onApply: (value: T | null) => void;
  placeholder: string;
  /** The accessible name, when the placeholder is shorter than what the field is. */
  label?: string;
  testId: string;
  search?: boolean;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric';
  prefix?: string;
}) {
  const { t } = useTranslation(SHARED_NS);
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  const [bad, setBad] = useState(false);
  if (shown !== value) {
    // The filter changed from elsewhere (reset, the address): show it.
    setShown(value);
    setText(value ?? '');
    setBad(false);
  }
  const apply = (raw: string) => {
    const v = raw.trim();
    if (v === '') {
      setBad(false);
      if (value !== undefined) onApply(null);
      return;
    }
    const parsed = read(v);
    setBad(parsed === null);
    if (parsed !== null) onApply(parsed);
  };
  const props = {
    ...input,
    allowClear: true,
    value: text,
    placeholder,
    'aria-label': label,
    'aria-invalid': bad || undefined,
    title: bad ? t('filter.invalid') : undefined,
    status: bad ? ('error' as const) : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setText(e.target.value);
      // Emptied (typed away or the clear button): the filter goes at once.
      if (e.target.value === '') apply('');
    },
    onBlur: () => apply(text),
    'data-testid': testId,
  };
  return search ? (
    <Input.Search {...props} onSearch={(v) => apply(v)} />
  ) : (
    <Input {...props} onPressEnter={() => apply(text)} />
  );
}
