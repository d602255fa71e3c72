import { Tag } from 'antd';
import { AlipayCircleOutlined, CreditCardOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PayeeType, TransferStatus } from './transfer-values';
import { NS } from '../i18n';

const ICONS = { BANK_CARD: <CreditCardOutlined />, ALIPAY: <AlipayCircleOutlined />, WECHAT: <WechatOutlined /> };

/** A payee account's type with its icon: bank card blue, Alipay sky, WeChat green (transfer.css: 4.5:1 or more). */
export function PayeeTypeTag({ type }: { type: PayeeType }) {
  const { t } = useTranslation(NS);
  return (
    <Tag icon={ICONS[type]} className={`transfer-tag transfer-payee-${type.toLowerCase()}`} data-type={type}>
      {t(`payeeType.${type}`)}
    </Tag>
  );
}

/** A transfer's status: processing blue, paid out green, failed red. */
export function TransferStatusTag({ status }: { status: TransferStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`transfer-tag transfer-status-${status.toLowerCase()}`} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
