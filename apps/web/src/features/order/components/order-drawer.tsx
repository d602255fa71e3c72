import { useState } from 'react';
import { Button, Descriptions, Drawer, Skeleton, Space, Table, Timeline } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { LedgerPosting, OrderDetail, Refund } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { Permission } from '@/components/permission';
import { useOrderDetail } from '../api/order-detail';
import { RefundModal } from './refund-modal';
import { OrderStatusTag, RefundStatusTag } from './status-tag';
import { yuan } from './order-values';
import { NS } from '../i18n';

const when = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—');
const DESCRIBED = { size: 'small', column: 1, bordered: true, styles: { label: { width: '38%' } } } as const;
/** 3.8 (‰) -> "0.38" (%). */
const percentOf = (rate: number) => (Math.round(rate * 10) / 100).toFixed(2);
const PAID = ['SUCCESS', 'PARTIAL_REFUNDED'];

/** One order: what, who and when; amount, rate and fee; the timeline; refunds; ledger postings; refund. */
export function OrderDrawer({
  orderNo,
  onClose,
  narrow,
}: {
  orderNo: string | null;
  onClose: () => void;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  const detail = useOrderDetail(orderNo);
  const [refunding, setRefunding] = useState(false);
  const o = detail.data;

  const actions = o && PAID.includes(o.status) && o.refundableFen > 0 && (
    <Permission codes={['order:refund']}>
      <Button danger icon={<RollbackOutlined />} onClick={() => setRefunding(true)} data-testid="order-refund">
        {t('drawer.refund')}
      </Button>
    </Permission>
  );

  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      size={narrow ? '100%' : 720}
      title={t('drawer.title')}
      closable={{ 'aria-label': t('drawer.close') }}
      extra={actions}
      destroyOnHidden
      data-testid="order-drawer"
    >
      {detail.isError ? (
        <LoadError title={t('drawer.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !o ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <DetailBody o={o} narrow={narrow} />
      )}
      {refunding && o && <RefundModal order={o} onClose={() => setRefunding(false)} />}
    </Drawer>
  );
}

function DetailBody({ o, narrow }: { o: OrderDetail; narrow: boolean }) {
  const { t } = useTranslation(NS);
  const item = (key: string, label: string, children: React.ReactNode) => ({ key, label, children });
  const account = (name: string) => {
    const [owner, middle, purse] = name.split(':');
    if (owner === 'mch') return t(`account.${purse}`, { mch: o.mchName, defaultValue: name });
    if (owner === 'channel')
      return t('account.clearing', { channel: t(`channel.${middle}`, { defaultValue: middle }) });
    if (name === 'platform:fee_income') return t('account.fee_income');
    return name;
  };

  return (
    // Focusable, so a keyboard scrolls the drawer (axe: scrollable-region-focusable).
    <div className="order-detail" tabIndex={0} role="region" aria-label={o.orderNo}>
      <header className="order-detail-head">
        <Space size={8} wrap>
          <h2 className="order-detail-amount" data-testid="order-detail-amount">
            {yuan(o.amountFen)}
          </h2>
          <OrderStatusTag status={o.status} />
        </Space>
        <div className="order-muted">
          <span className="order-mono" data-testid="order-detail-no">
            {o.orderNo}
          </span>{' '}
          · {o.mchName}
        </div>
      </header>

      <section aria-labelledby="order-basics">
        <h3 id="order-basics">{t('drawer.basics')}</h3>
        <Descriptions
          {...DESCRIBED}
          items={[
            item(
              'merchant',
              t('drawer.merchant'),
              <>
                {o.mchName} <span className="order-muted order-mono">{o.mchNo}</span>
              </>,
            ),
            item('channel', t('drawer.channel'), t(`channel.${o.channel}`)),
            item('channelTradeNo', t('drawer.channelTradeNo'), o.channelTradeNo ?? '—'),
            item('code', t('drawer.code'), o.codeNo ? <span className="order-mono">{o.codeNo}</span> : '—'),
            item('label', t('drawer.label'), o.label ?? '—'),
            item('created', t('drawer.created'), when(o.createdAt)),
            item('paid', t('drawer.paid'), when(o.paidAt)),
            ...(o.closedAt ? [item('closed', t('drawer.closed'), when(o.closedAt))] : []),
          ]}
        />
      </section>

      <section aria-labelledby="order-money">
        <h3 id="order-money">{t('drawer.money')}</h3>
        <Descriptions
          {...DESCRIBED}
          items={[
            item('amount', t('drawer.amount'), yuan(o.amountFen)),
            item('rate', t('drawer.rate'), t('drawer.rateValue', { rate: o.rate, percent: percentOf(o.rate) })),
            item('fee', t('drawer.fee'), <span data-testid="order-detail-fee">{yuan(o.feeFen)}</span>),
            item('feeRefunded', t('drawer.feeRefunded'), yuan(o.feeRefundedFen)),
            item(
              'refunded',
              t('drawer.refunded'),
              <span data-testid="order-detail-refunded">{yuan(o.refundedFen)}</span>,
            ),
            item('refundable', t('drawer.refundable'), yuan(o.refundableFen)),
          ]}
        />
      </section>

      <section aria-labelledby="order-timeline">
        <h3 id="order-timeline">{t('drawer.timeline')}</h3>
        <Timeline
          className="order-timeline"
          data-testid="order-timeline"
          items={o.timeline.map((e, i) => ({
            key: i,
            color: ['PAID', 'REFUNDED'].includes(e.kind)
              ? 'green'
              : ['FAILED', 'REFUND_FAILED'].includes(e.kind)
                ? 'red'
                : e.kind === 'CLOSED'
                  ? 'gray'
                  : 'blue',
            content: (
              <div>
                <strong>{t(`event.${e.kind}`)}</strong>
                {e.amountFen !== null && <> · {yuan(e.amountFen)}</>}
                <div className="order-muted">
                  {when(e.at)}
                  {e.refundNo && <span className="order-mono"> · {e.refundNo}</span>}
                </div>
              </div>
            ),
          }))}
        />
      </section>

      <section aria-labelledby="order-refunds">
        <h3 id="order-refunds">{t('drawer.refunds')}</h3>
        <Table<Refund>
          rowKey="refundNo"
          size="small"
          pagination={false}
          dataSource={o.refunds}
          scroll={narrow ? { x: 640 } : undefined}
          locale={{ emptyText: t('drawer.noRefunds') }}
          data-testid="order-refunds"
          columns={[
            {
              title: t('refundCol.refundNo'),
              dataIndex: 'refundNo',
              render: (v: string, r) => (
                <>
                  <span className="order-mono">{v}</span>
                  <div className="order-muted">{when(r.createdAt)}</div>
                </>
              ),
            },
            { title: t('refundCol.amount'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
            {
              title: t('refundCol.feeRefund'),
              dataIndex: 'feeRefundFen',
              align: 'right',
              render: (v: number) => yuan(v),
            },
            {
              title: t('refundCol.status'),
              dataIndex: 'status',
              render: (s: Refund['status'], r) => (
                <>
                  <RefundStatusTag status={s} />
                  {r.failReason && <div className="order-muted">{r.failReason}</div>}
                </>
              ),
            },
            {
              title: t('refundCol.reason'),
              dataIndex: 'reason',
              render: (v: string, r) => (
                <>
                  {v}
                  {r.createdBy && <div className="order-muted">{r.createdBy}</div>}
                </>
              ),
            },
          ]}
        />
      </section>

      <section aria-labelledby="order-postings">
        <h3 id="order-postings">{t('drawer.postings')}</h3>
        <p className="order-muted order-hint">{t('drawer.postingsHint')}</p>
        <Table<LedgerPosting>
          rowKey={(p) => `${p.txNo}:${p.account}:${p.amountFen}`}
          size="small"
          pagination={false}
          dataSource={o.postings}
          scroll={narrow ? { x: 560 } : undefined}
          locale={{ emptyText: t('drawer.noPostings') }}
          data-testid="order-postings"
          columns={[
            {
              title: t('postingCol.txNo'),
              dataIndex: 'txNo',
              render: (v: string, p) => (
                <>
                  <span className="order-mono">{v}</span>
                  <div className="order-muted">{t(`kind.${p.kind}`, { defaultValue: p.kind })}</div>
                </>
              ),
            },
            { title: t('postingCol.account'), dataIndex: 'account', render: (v: string) => account(v) },
            {
              title: t('postingCol.amount'),
              dataIndex: 'amountFen',
              align: 'right',
              render: (v: number) => <span className={v < 0 ? 'order-debit' : 'order-credit'}>{yuan(v)}</span>,
            },
            { title: t('postingCol.at'), dataIndex: 'at', render: (v: string) => when(v) },
          ]}
        />
      </section>
    </div>
  );
}
