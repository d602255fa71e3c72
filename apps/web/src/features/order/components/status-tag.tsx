import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus, RefundStatus } from './order-values';
import { NS } from '../i18n';

/**
 * An order's status as a coloured tag (order.css: text at 4.5:1 or more on its background; antd's preset colours
 * fall short): paid green, partly refunded teal, refunded purple, pending blue, failed red, closed grey.
 */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`order-tag order-tag-${status.toLowerCase()}`} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A refund's status: processing blue, refunded green, failed red. */
export function RefundStatusTag({ status }: { status: RefundStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`order-tag order-refund-${status.toLowerCase()}`} data-status={status}>
      {t(`refundStatus.${status}`)}
    </Tag>
  );
}
