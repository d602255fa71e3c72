import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { checkPromptInput, prompt } from './prompt';

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });
afterEach(async () => {
  Modal.destroyAll();
  await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(0));
});

describe('prompt dialog', () => {
  it('S5.3 checks the input against a pattern or a validator, default message 非法输入', () => {
    expect(checkPromptInput('abc', { pattern: /^\d+$/ })).toBe('非法输入');
    expect(checkPromptInput('123', { pattern: /^\d+$/g })).toBeNull();
    expect(checkPromptInput('abc', { pattern: /^\d+$/, errorMessage: 'Digits only' })).toBe('Digits only');
    expect(checkPromptInput('7', { validator: (v) => Number(v) > 10 })).toBe('非法输入');
    expect(checkPromptInput('7', { validator: (v) => (Number(v) > 10 ? true : 'More than 10, please') })).toBe(
      'More than 10, please',
    );
    expect(checkPromptInput('11', { validator: (v) => Number(v) > 10 })).toBeNull();
  });

  it('S5.3 the dialog shows the error and stays open; a valid value resolves it', async () => {
    const answer = prompt({ title: 'Batch size', pattern: /^\d{1,3}$/, errorMessage: '1-3 digits' });
    const input = await screen.findByTestId('prompt-input');
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.click(okButton());
    expect(await screen.findByTestId('prompt-error')).toHaveTextContent('1-3 digits');
    fireEvent.change(input, { target: { value: '50' } });
    expect(screen.queryByTestId('prompt-error')).toBeNull();
    fireEvent.click(okButton());
    await expect(answer).resolves.toBe('50');
  });

  it('S5.3 without a message of its own the dialog says 非法输入', async () => {
    void prompt({ validator: () => false });
    await screen.findByTestId('prompt-input');
    fireEvent.click(okButton());
    await waitFor(() => expect(screen.getByTestId('prompt-error')).toHaveTextContent('非法输入'));
  });
});
