import { Tag } from 'antd';
import { BankOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SplitStatus } from './split-values';
import { NS } from '../i18n';

/** An application's status: under review blue, approved green, rejected red, canceled grey (split.css: AA). */
export function SplitStatusTag({ status }: { status: SplitStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`split-tag split-status-${status.toLowerCase()}`} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A receiver's kind as an icon with its name for screen readers (the row says who it is). */
export function ReceiverTypeIcon({ type }: { type: 'MERCHANT' | 'EXTERNAL' }) {
  const { t } = useTranslation(NS);
  const label = t(`receiverType.${type}`);
  return type === 'MERCHANT' ? (
    <ShopOutlined className="split-receiver-icon" aria-label={label} role="img" />
  ) : (
    <BankOutlined className="split-receiver-icon" aria-label={label} role="img" />
  );
}
