import { AlipayCircleFilled, CheckCircleFilled, CreditCardFilled, WechatFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CASHIER_NS } from '../../cashier-i18n';
import type { Channel } from '../order-values';

const ICON: Record<Channel, React.ReactNode> = {
  WECHAT: <WechatFilled />,
  ALIPAY: <AlipayCircleFilled />,
  UNIONPAY: <CreditCardFilled />,
};

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
  const { t } = useTranslation(CASHIER_NS);
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
            {ICON[c]}
          </span>
          <span className="cashier-channel-name">{t(`channelName.${c}`)}</span>
          <CheckCircleFilled className="cashier-channel-check" aria-hidden />
        </label>
      ))}
    </fieldset>
  );
}
