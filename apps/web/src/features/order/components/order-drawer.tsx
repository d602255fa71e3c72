import { useState } from 'react';
import { Button, Descriptions, Drawer, Skeleton, Space, Table, Timeline } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LedgerPosting, OrderDetail, Refund } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { Permission } from '@/components/permission';
import { useOrderDetail } from '../api/order-detail';
import { RefundModal } from './refund-modal';
import { OrderStatusTag, RefundStatusTag } from './status-tag';
import { yuan } from './order-values';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

const DESCRIBED = { size: 'small', column: 1, bordered: true, styles: { label: { width: '38%' } } } as const;
/** 3.8 (‰) -> "0.38" (%). */
const percentOf = (rate: number) => (Math.round(rate * 10) / 100).toFixed(2);
/** Statuses that may still be refunded, and those of an order that was paid (its fee was charged). */
const REFUNDABLE = ['SUCCESS', 'PARTIAL_REFUNDED'];
const PAID = [...REFUNDABLE, 'REFUNDED'];

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

  const actions = o && REFUNDABLE.includes(o.status) && o.refundableFen > 0 && (
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
  const paid = PAID.includes(o.status);
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
            item('created', t('drawer.created'), businessTime(o.createdAt)),
            item('paid', t('drawer.paid'), businessTime(o.paidAt)),
            ...(o.closedAt ? [item('closed', t('drawer.closed'), businessTime(o.closedAt))] : []),
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
            // An order never paid was charged no fee (whatever the rate would have made it).
            item('fee', t('drawer.fee'), <span data-testid="order-detail-fee">{paid ? yuan(o.feeFen) : '—'}</span>),
            item('feeRefunded', t('drawer.feeRefunded'), paid ? yuan(o.feeRefundedFen) : '—'),
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
                  {businessTime(e.at)}
                  {e.refundNo && <span className="order-mono"> · {e.refundNo}</span>}
                </div>
              </div>
            ),
          }))}
        />
      </section>

      <section aria-labelledby="order-refunds">
        <h3 id="order-refunds">{t('drawer.refunds')}</h3>
        <RefundTable refunds={o.refunds} narrow={narrow} />
      </section>

      <section aria-labelledby="order-postings">
        <h3 id="order-postings">{t('drawer.postings')}</h3>
        <p className="order-muted order-hint">{t('drawer.postingsHint')}</p>
        <PostingTable postings={o.postings} account={account} narrow={narrow} />
      </section>
    </div>
  );
}

/** The refunds of the order; on a phone two columns (what and why, amount and status), nothing to scroll. */
function RefundTable({ refunds, narrow }: { refunds: Refund[]; narrow: boolean }) {
  const { t } = useTranslation(NS);
  const amount = (r: Refund) => (
    <>
      <span className="order-money">{yuan(r.amountFen)}</span>
      <div className="order-muted">{t('drawer.feeBack', { fee: yuan(r.feeRefundFen) })}</div>
    </>
  );
  const status = (r: Refund) => (
    <>
      <RefundStatusTag status={r.status} />
      {r.failReason && <div className="order-muted">{r.failReason}</div>}
    </>
  );
  const what = (r: Refund) => (
    <>
      <span className="order-mono">{r.refundNo}</span>
      <div className="order-muted">{businessTime(r.createdAt)}</div>
    </>
  );
  const why = (r: Refund) => (
    <>
      {r.reason}
      {r.createdBy && <div className="order-muted">{r.createdBy}</div>}
    </>
  );
  return (
    <Table<Refund>
      rowKey="refundNo"
      size="small"
      pagination={false}
      dataSource={refunds}
      locale={{ emptyText: t('drawer.noRefunds') }}
      data-testid="order-refunds"
      columns={
        narrow
          ? [
              {
                title: t('refundCol.refundNo'),
                key: 'what',
                render: (_: unknown, r) => (
                  <>
                    {what(r)}
                    <div>{why(r)}</div>
                  </>
                ),
              },
              {
                title: t('refundCol.amount'),
                key: 'amount',
                align: 'right',
                render: (_: unknown, r) => (
                  <>
                    {amount(r)}
                    {status(r)}
                  </>
                ),
              },
            ]
          : [
              { title: t('refundCol.refundNo'), key: 'what', render: (_: unknown, r) => what(r) },
              { title: t('refundCol.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => amount(r) },
              { title: t('refundCol.status'), key: 'status', render: (_: unknown, r) => status(r) },
              { title: t('refundCol.reason'), key: 'why', render: (_: unknown, r) => why(r) },
            ]
      }
    />
  );
}

/** The ledger entries of the order and its refunds; on a phone the time goes under the account. */
function PostingTable({
  postings,
  account,
  narrow,
}: {
  postings: LedgerPosting[];
  account: (name: string) => string;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <Table<LedgerPosting>
      rowKey={(p) => `${p.txNo}:${p.account}:${p.amountFen}`}
      size="small"
      pagination={false}
      dataSource={postings}
      locale={{ emptyText: t('drawer.noPostings') }}
      data-testid="order-postings"
      columns={[
        {
          title: t('postingCol.account'),
          dataIndex: 'account',
          render: (v: string, p) => (
            <>
              {account(v)}
              <div className="order-muted">
                <span className="order-mono">{p.txNo}</span> · {t(`kind.${p.kind}`, { defaultValue: p.kind })}
                {narrow && <> · {businessTime(p.at)}</>}
              </div>
            </>
          ),
        },
        {
          title: t('postingCol.amount'),
          dataIndex: 'amountFen',
          align: 'right',
          render: (v: number) => <span className={v < 0 ? 'order-debit' : 'order-credit'}>{yuan(v)}</span>,
        },
        ...(narrow
          ? []
          : [
              {
                title: t('postingCol.at'),
                dataIndex: 'at',
                render: (v: string) => <span className="order-nowrap">{businessTime(v)}</span>,
              },
            ]),
      ]}
    />
  );
}
