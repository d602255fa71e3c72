import type { CashierCode } from '@mchweb/contract';
import type { Channel } from '../components/order-values';
import { Icon, type Glyph } from './icons';
import { useText } from './language';

const ICON: Record<Channel, Glyph> = { WECHAT: 'wechat', ALIPAY: 'alipay', UNIONPAY: 'unionpay' };

/**
 * The channels the code takes, one row each with its mark; a radio group underneath. A channel that is simulated
 * says so; one that cannot take the merchant's payments here says why and cannot be chosen.
 */
export function ChannelPicker({
  channels,
  availability,
  value,
  onChange,
}: {
  channels: Channel[];
  availability: CashierCode['availability'];
  value: Channel | null;
  onChange: (c: Channel) => void;
}) {
  const { t } = useText();
  return (
    <fieldset className="cashier-channels">
      <legend className="cashier-label">{t('channel')}</legend>
      {channels.map((c) => {
        const state = availability[c] ?? 'LIVE';
        const off = state === 'NOT_CONNECTED' || state === 'NO_SUB_MERCHANT';
        return (
          <label
            key={c}
            className={`cashier-channel${value === c ? ' is-checked' : ''}${off ? ' is-off' : ''}`}
            data-testid={`cashier-channel-${c}`}
          >
            <input
              type="radio"
              name="channel"
              value={c}
              checked={value === c}
              disabled={off}
              onChange={() => onChange(c)}
              className="visually-hidden"
            />
            <span className={`cashier-channel-icon cashier-channel-${c.toLowerCase()}`} aria-hidden>
              <Icon glyph={ICON[c]} />
            </span>
            <span className="cashier-channel-name">
              {t(`channelName.${c}`)}
              {state !== 'LIVE' && (
                <small className="cashier-channel-note" data-testid={`cashier-channel-note-${c}`}>
                  {t(`availability.${state}`)}
                </small>
              )}
            </span>
            <Icon glyph="check" className="cashier-channel-check" />
          </label>
        );
      })}
    </fieldset>
  );
}
