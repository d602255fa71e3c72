import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegInput, regAccepts, stripChinese, TwodigitInput, twodigitAccepts, twodigitOnBlur } from './numeric-input';

function Reg(props: { max: number; inclusive?: boolean }) {
  const [v, setV] = useState('');
  return <RegInput aria-label="ratio" value={v} onChange={setV} {...props} />;
}
function Two() {
  const [v, setV] = useState('');
  return <TwodigitInput aria-label="rate" value={v} onChange={setV} />;
}

describe('numeric inputs', () => {
  it('S5.1 reg blocks a decimal point, a non-numeric result and a value above the limit', () => {
    expect(regAccepts('30', { max: 30 })).toBe(true);
    expect(regAccepts('31', { max: 30 })).toBe(false);
    expect(regAccepts('3.', { max: 30 })).toBe(false);
    expect(regAccepts('2a', { max: 30 })).toBe(false);
    expect(regAccepts('', { max: 30 })).toBe(true);
  });

  it('S5.1 reg with the inclusive flag blocks the limit itself', () => {
    expect(regAccepts('29', { max: 30, inclusive: true })).toBe(true);
    expect(regAccepts('30', { max: 30, inclusive: true })).toBe(false);
  });

  it('S5.1 reg while typing: refused keystrokes leave the value as it was, no message', async () => {
    render(<Reg max={30} />);
    const input = screen.getByLabelText('ratio');
    await userEvent.type(input, '2.5x9');
    expect(input).toHaveValue('25'); // '.', 'x' refused; '259' is above 30
    await userEvent.clear(input);
    await userEvent.type(input, '31');
    expect(input).toHaveValue('3');
    expect(document.querySelector('.ant-form-item-explain')).toBeNull();
  });

  it('S5.1 reg strips Chinese characters on key-up', () => {
    render(<Reg max={100} />);
    const input = screen.getByLabelText('ratio') as HTMLInputElement;
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '12分' } });
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('12');
    fireEvent.change(input, { target: { value: '1' } });
    input.value = '1百';
    fireEvent.keyUp(input, { key: 'Process' });
    expect(input).toHaveValue('1');
    expect(stripChinese('5百分之')).toBe('5');
  });

  it('S5.2 twodigit: numbers only, at most 3 characters, at most 9.9', async () => {
    expect(twodigitAccepts('9.9')).toBe(true);
    expect(twodigitAccepts('0.6')).toBe(true);
    expect(twodigitAccepts('10')).toBe(false);
    expect(twodigitAccepts('9.99')).toBe(false);
    expect(twodigitAccepts('a')).toBe(false);
    expect(twodigitAccepts('1..')).toBe(false);
    render(<Two />);
    const input = screen.getByLabelText('rate');
    await userEvent.type(input, '9.95');
    expect(input).toHaveValue('9.9');
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    expect(input).toHaveValue('1');
    await userEvent.clear(input);
    await userEvent.type(input, '汉3');
    expect(input).toHaveValue('3');
  });

  it('S5.2 twodigit: on blur a zero value shows as 0', async () => {
    expect(twodigitOnBlur('0.0')).toBe('0');
    expect(twodigitOnBlur('00')).toBe('0');
    expect(twodigitOnBlur('')).toBe('');
    expect(twodigitOnBlur('0.5')).toBe('0.5');
    render(<Two />);
    const input = screen.getByLabelText('rate');
    await userEvent.type(input, '0.0');
    expect(input).toHaveValue('0.0');
    fireEvent.blur(input);
    expect(input).toHaveValue('0');
  });
});
