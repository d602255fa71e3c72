import { useState } from 'react';
import { Button, Empty, Grid, Table, Tag, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderListItem } from '@mchweb/contract';
import { ExportButtons } from '@/components/export-buttons';
import { LoadError } from '@/components/load-error';
import { Permission } from '@/components/permission';
import { exportOrders } from '../api/export-orders';
import { useOrderList } from '../api/order-list';
import { useOrderSummary } from '../api/order-summary';
import { OrderDrawer } from '../components/order-drawer';
import { activeFilters, filterFromParams, OrderFilters, paramsFromFilter } from '../components/order-filters';
import { OrderSummaryBar } from '../components/order-summary-bar';
import { OrderStatusTag } from '../components/status-tag';
import { yuan } from '../components/order-values';
import { NS } from '../i18n';
import '../components/order.css';
import { businessTime } from '@/lib/business-time';

/**
 * /order: the orders of a filter kept in the address (time range created/paid, default the last 7 days and
 * today; merchants, statuses, channels, amount, numbers, label), their totals in one row, keyset pages behind
 * "load more", a drawer with one order (timeline, refunds, postings) and its refund; CSV/XLSX export. The first
 * page and the totals are read again every 5 s while the tab is visible and no further page is open, so new
 * orders appear without a reload. A table from `md` up, one card per order on a phone.
 */
export default function OrderPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const list = useOrderList(filter);
  const live = (list.data?.pages.length ?? 0) <= 1;
  const summary = useOrderSummary(filter, live);
  const narrow = !Grid.useBreakpoint().md;
  const [open, setOpen] = useState<string | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  const orderNo = (o: OrderListItem) => (
    <Button
      type="link"
      className="order-no"
      onClick={() => setOpen(o.orderNo)}
      aria-haspopup="dialog"
      data-testid={`order-open-${o.orderNo}`}
    >
      {o.orderNo}
    </Button>
  );
  const refunded = (o: OrderListItem) => (o.refundedFen > 0 ? yuan(o.refundedFen) : '—');

  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, o: OrderListItem) => (
            <div className="order-card" data-testid={`order-row-${o.orderNo}`}>
              <div className="order-card-head">
                <span className="order-card-amount">{yuan(o.amountFen)}</span>
                <OrderStatusTag status={o.status} />
              </div>
              <div>
                {o.mchName} · {t(`channel.${o.channel}`)}
                {o.refundedFen > 0 && (
                  <span className="order-muted">
                    {' '}
                    · {t('col.refunded')} {yuan(o.refundedFen)}
                  </span>
                )}
              </div>
              <div className="order-card-foot">
                {orderNo(o)}
                <span className="order-muted order-nowrap">{businessTime(o.paidAt ?? o.createdAt)}</span>
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.orderNo'),
          key: 'orderNo',
          render: (_: unknown, o: OrderListItem) => (
            <div data-testid={`order-row-${o.orderNo}`}>
              {orderNo(o)}
              {o.label && <div className="order-muted">{o.label}</div>}
            </div>
          ),
        },
        {
          title: t('col.merchant'),
          key: 'merchant',
          render: (_: unknown, o: OrderListItem) => (
            <>
              {o.mchName}
              <div className="order-muted order-mono">{o.mchNo}</div>
            </>
          ),
        },
        { title: t('col.channel'), dataIndex: 'channel', render: (c: OrderListItem['channel']) => t(`channel.${c}`) },
        {
          title: t('col.amount'),
          dataIndex: 'amountFen',
          align: 'right' as const,
          render: (v: number) => <span className="order-money">{yuan(v)}</span>,
        },
        {
          title: t('col.status'),
          dataIndex: 'status',
          render: (s: OrderListItem['status']) => <OrderStatusTag status={s} />,
        },
        {
          title: t('col.refunded'),
          key: 'refunded',
          align: 'right' as const,
          render: (_: unknown, o: OrderListItem) => <span className="order-money">{refunded(o)}</span>,
        },
        {
          title: t('col.created'),
          dataIndex: 'createdAt',
          render: (at: string) => <span className="order-nowrap">{businessTime(at)}</span>,
        },
        {
          title: t('col.paid'),
          dataIndex: 'paidAt',
          render: (at: string | null) => <span className="order-nowrap">{businessTime(at)}</span>,
        },
      ];

  const empty =
    activeFilters(filter) > 0 ? (
      <Empty description={t('order.noMatch')}>
        <Button onClick={() => setParams({})} data-testid="order-empty-reset">
          {t('filter.reset')}
        </Button>
      </Empty>
    ) : (
      <Empty description={t('order.empty')} />
    );

  return (
    <section className="order-page" data-testid="page-order">
      <header className="order-head">
        <div>
          <h1>{t('order.title')}</h1>
          <p className="order-intro">{t('order.intro')}</p>
        </div>
        <Permission codes={['order:export']}>
          <ExportButtons
            run={(format, onProgress, signal) => exportOrders({ filter, format }, onProgress, signal)}
            testId="order-export"
            hint={t('export.hint')}
          />
        </Permission>
      </header>
      <OrderFilters
        filter={filter}
        narrow={narrow}
        onChange={(f) => setParams(paramsFromFilter(f), { replace: true })}
      />
      <OrderSummaryBar summary={summary.data} error={summary.error} onRetry={() => void summary.refetch()} />
      <div className="order-live">
        <Tooltip title={live ? t('order.liveHint') : undefined}>
          <Tag
            icon={<SyncOutlined spin={live && list.isFetching && !list.isFetchingNextPage} />}
            className={live ? 'order-live-on' : 'order-live-off'}
            data-testid="order-live"
          >
            {live ? t('order.live') : t('order.paused')}
          </Tag>
        </Tooltip>
      </div>
      {list.isError && !list.data ? (
        <LoadError title={t('order.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table<OrderListItem>
            rowKey="orderNo"
            size="middle"
            className="order-table"
            loading={list.isPending}
            dataSource={rows}
            columns={columns}
            showHeader={!narrow}
            pagination={false}
            scroll={narrow ? undefined : { x: 1040 }}
            locale={{ emptyText: list.isPending ? ' ' : empty }}
            data-testid="order-table"
          />
          {rows.length > 0 && (
            <div className="order-more">
              {list.hasNextPage ? (
                <Button
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                  data-testid="order-more"
                >
                  {t('order.more')}
                </Button>
              ) : (
                <span className="order-muted">{t('order.end', { count: rows.length })}</span>
              )}
            </div>
          )}
        </>
      )}
      <OrderDrawer orderNo={open} narrow={narrow} onClose={() => setOpen(null)} />
    </section>
  );
}
