import { useState } from 'react';
import { Button, Empty, Grid } from 'antd';
import { SendOutlined, SyncOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TransferItem } from '@mchweb/contract';
import { FigureBar } from '@/components/figure-bar';
import { KeysetTable } from '@/components/keyset-table';
import { PageHeader } from '@/components/page-header';
import { Permission } from '@/components/permission';
import { count, yuan } from '@/lib/money';
import { useSession } from '@/lib/session';
import { processingOf, useTransferList } from '../api/transfer-list';
import { useTransferSummary } from '../api/transfer-summary';
import { BalancePanel } from '../components/balance-panel';
import { PayeeTypeTag, TransferStatusTag } from '../components/tags';
import { TransferDrawer } from '../components/transfer-drawer';
import { activeFilters, filterFromParams, paramsFromFilter, TransferFilters } from '../components/transfer-filters';
import { TransferModal } from '../components/transfer-modal';
import { TRANSFER_NO_PATTERN } from '../components/transfer-values';
import { NS } from '../i18n';
import '../components/transfer.css';
import { businessTime } from '@/lib/business-time';

/**
 * /transfer-list: a merchant's balance in one glance (pending, available, in transit), a new transfer
 * (transfer:create), the transfers of a filter kept in the address (days, default the last 7 and today;
 * merchants, statuses, transfer number), their totals, keyset pages, and a drawer with one transfer (`&open=`).
 * While a row is PROCESSING the list is read again until the payout channel has answered; the balance and totals
 * follow when one ends. A table from `md` up, one card a transfer on a phone.
 */
export default function TransferListPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const list = useTransferList(filter);
  const summary = useTransferSummary(filter);
  const narrow = !Grid.useBreakpoint().md;
  const { mchList } = useSession();
  const [balanceOf, setBalanceOf] = useState<string | null>(
    () => filter.mchNos?.[0] ?? mchList.find((m) => m.status === 'ACTIVE')?.mchNo ?? mchList[0]?.mchNo ?? null,
  );
  const [creating, setCreating] = useState(false);
  const open = TRANSFER_NO_PATTERN.test(params.get('open') ?? '') ? params.get('open') : null;
  const setOpen = (transferNo: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (transferNo) next.set('open', transferNo);
        else next.delete('open');
        return next;
      },
      { replace: true },
    );
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const waiting = processingOf(list.data?.pages).length > 0;
  const s = summary.data;

  const transferNo = (x: TransferItem) => (
    <Button
      type="link"
      className="transfer-no"
      onClick={() => setOpen(x.transferNo)}
      aria-haspopup="dialog"
      data-testid={`transfer-open-${x.transferNo}`}
    >
      {x.transferNo}
    </Button>
  );
  const payee = (x: TransferItem) => (
    <>
      {x.payeeName} <span className="transfer-mono">{x.accountNoMasked}</span>
    </>
  );
  const status = (x: TransferItem) => (
    <>
      <TransferStatusTag status={x.status} />
      {x.failReason && <div className="transfer-fail">{x.failReason}</div>}
    </>
  );

  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, x: TransferItem) => (
            <div className="transfer-card" data-testid={`transfer-row-${x.transferNo}`}>
              <div className="transfer-card-head">
                <span className="transfer-card-amount">{yuan(x.amountFen)}</span>
                <TransferStatusTag status={x.status} />
              </div>
              <div>
                {x.mchName} → {payee(x)}
              </div>
              {x.failReason && <div className="transfer-fail">{x.failReason}</div>}
              <div className="transfer-card-foot">
                {transferNo(x)}
                <span className="transfer-muted transfer-nowrap">{businessTime(x.createdAt)}</span>
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.transferNo'),
          key: 'transferNo',
          render: (_: unknown, x: TransferItem) => (
            <div data-testid={`transfer-row-${x.transferNo}`}>
              {transferNo(x)}
              {x.remark && <div className="transfer-muted">{x.remark}</div>}
            </div>
          ),
        },
        {
          title: t('col.merchant'),
          key: 'merchant',
          render: (_: unknown, x: TransferItem) => (
            <>
              {x.mchName}
              <div className="transfer-muted transfer-mono">{x.mchNo}</div>
            </>
          ),
        },
        {
          title: t('col.payee'),
          key: 'payee',
          render: (_: unknown, x: TransferItem) => (
            <>
              {payee(x)}
              <div>
                <PayeeTypeTag type={x.payeeType} />
              </div>
            </>
          ),
        },
        {
          title: t('col.amount'),
          dataIndex: 'amountFen',
          align: 'right' as const,
          render: (v: number) => <span className="transfer-money">{yuan(v)}</span>,
        },
        { title: t('col.status'), key: 'status', render: (_: unknown, x: TransferItem) => status(x) },
        {
          title: t('col.made'),
          dataIndex: 'createdAt',
          render: (at: string) => <span className="transfer-nowrap">{businessTime(at)}</span>,
        },
        {
          title: t('col.finished'),
          dataIndex: 'finishedAt',
          render: (at: string | null) => <span className="transfer-nowrap">{businessTime(at)}</span>,
        },
      ];

  const empty =
    activeFilters(filter) > 0 ? (
      <Empty description={t('transferList.noMatch')}>
        <Button onClick={() => setParams({})} data-testid="transfer-empty-reset">
          {t('filter.reset')}
        </Button>
      </Empty>
    ) : (
      <Empty description={t('transferList.empty')} />
    );

  return (
    <section data-testid="page-transfer-list">
      <PageHeader
        title={t('transferList.title')}
        intro={t('transferList.intro')}
        actions={
          <Permission codes={['transfer:create']}>
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => setCreating(true)}
              disabled={mchList.length === 0}
              data-testid="transfer-new"
            >
              {t('transferList.new')}
            </Button>
          </Permission>
        }
      />
      {mchList.length === 0 ? (
        <Empty description={t('balance.noMerchant')} />
      ) : (
        <BalancePanel mchNo={balanceOf} onChange={setBalanceOf} />
      )}
      <TransferFilters
        filter={filter}
        narrow={narrow}
        onChange={(f) => setParams(paramsFromFilter(f), { replace: true })}
      />
      <FigureBar
        label={t('summary.label')}
        testId="transfer-summary"
        error={summary.error}
        errorTitle={t('summary.loadError')}
        onRetry={() => void summary.refetch()}
        figures={[
          { key: 'count', label: t('summary.count'), value: s && count(s.count) },
          { key: 'amountFen', label: t('summary.amount'), value: s && yuan(s.amountFen) },
          { key: 'successFen', label: t('summary.success'), value: s && yuan(s.successFen), tone: 'net' },
          { key: 'processingFen', label: t('summary.processing'), value: s && yuan(s.processingFen) },
          { key: 'failedFen', label: t('summary.failed'), value: s && yuan(s.failedFen) },
        ]}
      />
      {waiting && (
        <div className="transfer-muted transfer-waiting" role="status" data-testid="transfer-waiting">
          <SyncOutlined spin /> {t('transferList.waiting')}
        </div>
      )}
      <KeysetTable<TransferItem>
        list={list}
        rows={rows}
        rowKey="transferNo"
        columns={columns}
        narrow={narrow}
        scrollX={1000}
        empty={empty}
        testId="transfer-table"
        loadErrorTitle={t('transferList.loadError')}
        moreText={t('transferList.more')}
        endText={t('transferList.end', { count: rows.length })}
      />
      <TransferDrawer transferNo={open} narrow={narrow} onClose={() => setOpen(null)} />
      {creating && <TransferModal mchNo={balanceOf} onCreated={setBalanceOf} onClose={() => setCreating(false)} />}
    </section>
  );
}
