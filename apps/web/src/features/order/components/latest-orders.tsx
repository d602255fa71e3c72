import { Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { useOrderList } from '../api/order-list';
import { filterFromParams } from './order-filters';
import { yuan } from './order-values';
import { OrderStatusTag } from './status-tag';
import { NS } from '../i18n';
import './order.css';
import './latest-orders.css';
import { businessTime } from '@/lib/business-time';

export const LATEST_ORDERS = 6;

/**
 * The newest orders of the organisation (the /order page's default filter, its first page cut to six), read again
 * every 5 s like /order while the tab is visible: a payment appears without a reload. Each links to /order with
 * its number. For pages outside the order feature (app/ composes it into /organ-home).
 */
export function LatestOrders() {
  const { t } = useTranslation(NS);
  const list = useOrderList(filterFromParams(new URLSearchParams()), LATEST_ORDERS);
  if (list.isError && !list.data)
    return <LoadError title={t('order.loadError')} error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const rows = list.data.pages[0]?.rows ?? [];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.empty')} />;
  return (
    <ul className="order-latest" data-testid="latest-orders">
      {rows.map((o) => (
        <li key={o.orderNo} data-testid={`latest-order-${o.orderNo}`}>
          <div className="order-card-head">
            <span className="order-card-amount">{yuan(o.amountFen)}</span>
            <OrderStatusTag status={o.status} />
          </div>
          <div className="order-card-foot">
            <span>
              {o.mchName} · {t(`channel.${o.channel}`)}
            </span>
            <span className="order-muted order-nowrap">{businessTime(o.paidAt ?? o.createdAt, 'monthDay')}</span>
          </div>
          <Link to={`/order?orderNo=${o.orderNo}`} className="order-mono order-latest-no">
            {o.orderNo}
          </Link>
        </li>
      ))}
    </ul>
  );
}
