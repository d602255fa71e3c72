import type { Channel } from '../components/order-values';
import { Icon, type Glyph } from './icons';
import { useText } from './language';

const ICON: Record<Channel, Glyph> = { WECHAT: 'wechat', ALIPAY: 'alipay', UNIONPAY: 'unionpay' };

/** The channels the code takes, one row each with its mark; a radio group underneath. */
export function ChannelPicker({
  channels,
  value,
  onChange,
}: {
  channels: Channel[];
  value: Channel | null;
  onChange: (c: Channel) => void;
}) {
  const { t } = useText();
  return (
    <fieldset className="cashier-channels">
      <legend className="cashier-label">{t('channel')}</legend>
      {channels.map((c) => (
        <label
          key={c}
          className={`cashier-channel${value === c ? ' is-checked' : ''}`}
          data-testid={`cashier-channel-${c}`}
        >
          <input
            type="radio"
            name="channel"
            value={c}
            checked={value === c}
            onChange={() => onChange(c)}
            className="visually-hidden"
          />
          <span className={`cashier-channel-icon cashier-channel-${c.toLowerCase()}`} aria-hidden>
            <Icon glyph={ICON[c]} />
          </span>
          <span className="cashier-channel-name">{t(`channelName.${c}`)}</span>
          <Icon glyph="check" className="cashier-channel-check" />
        </label>
      ))}
    </fieldset>
  );
}
