import { useRef, type ChangeEvent, type CompositionEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { Input, type InputProps } from 'antd';

/** Chinese characters typed (or pasted) into a numeric field are stripped (S5.1, S5.2). */
export const stripChinese = (value: string) =>
  value.replace(/[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/g, '');

export interface RegRule {
  /** The configured limit. */
  max: number;
  /** Block the limit itself too (value must stay below it). */
  inclusive?: boolean;
}

/** S5.1: may the field become `next`? No decimal point, digits only, not above the limit. */
export function regAccepts(next: string, { max, inclusive = false }: RegRule): boolean {
  if (next === '') return true;
  if (next.includes('.') || !/^\d+$/.test(next)) return false;
  const n = Number(next);
  return inclusive ? n < max : n <= max;
}

export const TWODIGIT_MAX_LENGTH = 3;
export const TWODIGIT_MAX_VALUE = 9.9;

/** S5.2: numbers only (one decimal point), at most 3 characters, at most 9.9. */
export function twodigitAccepts(next: string): boolean {
  if (next === '') return true;
  if (next.length > TWODIGIT_MAX_LENGTH || !/^\d*\.?\d*$/.test(next) || next === '.') return false;
  return Number(next) <= TWODIGIT_MAX_VALUE;
}

/** S5.2: on blur a zero value (0, 00, 0.0, 0.) shows as `0`. */
export function twodigitOnBlur(value: string): string {
  return value !== '' && Number(value) === 0 ? '0' : value;
}

type ValueProps = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * The shared mechanics: a rejected keystroke leaves the value as it was (no message, as the seed), IME
 * composition is let through and its Chinese stripped when it ends or on key-up.
 */
function useFilteredInput(accepts: (next: string) => boolean, value: string, onChange?: (v: string) => void) {
  const composing = useRef(false);
  /** What the field held before an IME composition began, restored when the composition is refused. */
  const beforeComposition = useRef(value);
  const commit = (raw: string, previous: string) => {
    const next = stripChinese(raw);
    onChange?.(accepts(next) ? next : previous);
  };
  return {
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      if (composing.current) onChange?.(e.target.value);
      else commit(e.target.value, value);
    },
    onCompositionStart: () => {
      composing.current = true;
      beforeComposition.current = value;
    },
    onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) => {
      composing.current = false;
      commit(e.currentTarget.value, beforeComposition.current);
    },
    onKeyUp: (e: KeyboardEvent<HTMLInputElement>) => {
      const current = e.currentTarget.value;
      if (composing.current || stripChinese(current) === current) return;
      const next = accepts(stripChinese(current)) ? stripChinese(current) : value;
      e.currentTarget.value = next; // the field may show text the state never held
      onChange?.(next);
    },
  };
}

/** S5.1 `reg`: a whole number up to `max` (below it with `inclusive`); keystrokes that break it are ignored. */
export function RegInput({ max, inclusive, value = '', onChange, ...rest }: ValueProps & RegRule) {
  const handlers = useFilteredInput((next) => regAccepts(next, { max, inclusive }), value, onChange);
  return <Input inputMode="numeric" {...rest} value={value} {...handlers} />;
}

/** S5.2 `twodigit`: a rate in per mille with one decimal, 0-9.9 (the merchant fee rate). */
export function TwodigitInput({ value = '', onChange, onBlur, ...rest }: ValueProps) {
  const handlers = useFilteredInput(twodigitAccepts, value, onChange);
  return (
    <Input
      inputMode="decimal"
      maxLength={TWODIGIT_MAX_LENGTH}
      {...rest}
      value={value}
      {...handlers}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const shown = twodigitOnBlur(value);
        if (shown !== value) onChange?.(shown);
        onBlur?.(e);
      }}
    />
  );
}
