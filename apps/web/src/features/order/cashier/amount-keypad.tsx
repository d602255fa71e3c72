import type { KeypadKey } from '../components/cashier/keypad-rules';
import { useText } from './language';
import { Button } from './ui';

const ROWS: KeypadKey[][] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
];

/**
 * The phone checkout's amount keypad: digits, the decimal point and delete on the left, the Pay button down the
 * right (as the WeChat and Alipay cashiers draw it). Real buttons, so it works with a keyboard and a screen reader.
 */
export function AmountKeypad({
  onKey,
  onPay,
  canPay,
  busy,
  payLabel,
}: {
  onKey: (key: KeypadKey) => void;
  onPay: () => void;
  canPay: boolean;
  busy: boolean;
  payLabel: string;
}) {
  const { t } = useText();
  const key = (k: KeypadKey, className = '') => (
    <button
      key={k}
      type="button"
      className={`cashier-key ${className}`}
      onClick={() => onKey(k)}
      aria-label={k === 'back' ? t('key.back') : k === '.' ? t('key.dot') : k}
      data-testid={`cashier-key-${k === '.' ? 'dot' : k}`}
    >
      {k === 'back' ? <BackspaceGlyph /> : k}
    </button>
  );
  return (
    <div className="cashier-keypad" role="group" aria-label={t('keypad')}>
      <div className="cashier-keys">
        {ROWS.map((row) => row.map((k) => key(k)))}
        {key('0', 'cashier-key-zero')}
        {key('.')}
      </div>
      <div className="cashier-keys-side">
        {key('back', 'cashier-key-back')}
        <Button
          kind="primary"
          className="cashier-key-pay"
          disabled={!canPay}
          loading={busy}
          onClick={onPay}
          testId="cashier-pay"
        >
          {payLabel}
        </Button>
      </div>
    </div>
  );
}

/** ⌫ drawn as an outline, the same weight as the digits. */
function BackspaceGlyph() {
  return (
    <svg width="26" height="20" viewBox="0 0 26 20" aria-hidden focusable="false">
      <path
        d="M8 1h15a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H8L1 10z M12 6l8 8 M20 6l-8 8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
