import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import '@/i18n';
import { PasswordStrength } from './password-strength';

describe('issue 14.7 the sign-up form says how guessable a password is as it is typed', () => {
  it('a common password is called too easy to guess, with the reason (zh-CN by default)', async () => {
    render(<PasswordStrength password="password1" personal={[]} />);
    expect(await screen.findByTestId('password-strength', {}, { timeout: 10_000 })).toHaveTextContent(
      '密码太容易被猜到：这是最常见的密码之一',
    );
  });

  it('one holding the mobile number too; a hard one is good enough; a short one says nothing yet', async () => {
    const { rerender } = render(<PasswordStrength password="Ab#13900001111" personal={['13900001111']} />);
    expect(await screen.findByTestId('password-strength', {}, { timeout: 10_000 })).toHaveTextContent(/手机号/);
    rerender(<PasswordStrength password="Quiet-harbour-lantern-42" personal={['13900001111']} />);
    expect(await screen.findByText('密码强度：足够', {}, { timeout: 10_000 })).toBeInTheDocument();
    rerender(<PasswordStrength password="short" personal={[]} />);
    expect(screen.queryByTestId('password-strength')).toBeNull();
  });
});
