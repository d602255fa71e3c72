import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MerchantStatus } from './merchant-values';
import { NS } from '../i18n';

/**
 * A merchant's status as a coloured tag: active green, frozen orange, closed grey (merchant.css: darker text
 * than antd's preset colours, which fall short of 4.5:1 contrast).
 */
export function MerchantStatusTag({ status }: { status: MerchantStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`mch-status-tag mch-status-${status.toLowerCase()}`} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
