import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The module itself, not the contract's index: the index's schemas would bring zod onto /register.
import { judgePassword, PASSWORD_WEAKNESS_TEXT, type PasswordVerdict } from '@mchweb/contract/password-strength';
import { currentLanguage } from '@/i18n';

/**
 * How guessable the password being typed is, with the reason, as the user types (issue 14.7). The same judge
 * the server refuses with (packages/contract password-strength.ts); its dictionaries download on the first
 * keystroke of a long-enough password, never with the page.
 */
export function PasswordStrength({ password, personal }: { password: string | undefined; personal: string[] }) {
  const { t } = useTranslation('common');
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const personalKey = personal.join('\u0000');
  useEffect(() => {
    if (!password || password.length < 8) {
      setVerdict(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      judgePassword(password, personalKey.split('\u0000')).then(
        (v) => live && setVerdict(v),
        () => live && setVerdict(null),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, personalKey]);
  if (!verdict) return null;
  const why = verdict.weakness ? PASSWORD_WEAKNESS_TEXT[verdict.weakness][currentLanguage()] : '';
  return (
    <div aria-live="polite" data-testid="password-strength" className={verdict.ok ? 'password-ok' : 'password-weak'}>
      {verdict.ok ? t('password.strong') : t('password.weak', { why })}
    </div>
  );
}
