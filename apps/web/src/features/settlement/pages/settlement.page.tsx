import { Button, Empty, Grid, Table } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SettlementItem } from '@mchweb/contract';
import { ExportButtons } from '@/components/export-buttons';
import { FigureBar } from '@/components/figure-bar';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Permission } from '@/components/permission';
import { useDayFigures } from '@/components/reconciliation/day-figures';
import { RECON_NS } from '@/components/reconciliation/i18n';
import { SettlementStatusTag } from '@/components/reconciliation/settlement-status-tag';
import { SETTLE_NO_PATTERN } from '@/components/reconciliation/values';
import { allowedPaths, useSession } from '@/lib/session';
import { yuan } from '@/lib/money';
import { exportSettlements } from '../api/export-settlements';
import { useSettlementList } from '../api/settlement-list';
import { useSettlementSummary } from '../api/settlement-summary';
import { SettlementDrawer } from '../components/settlement-drawer';
import { activeFilters, filterFromParams, paramsFromFilter, SettlementFilters } from '../components/settlement-filters';
import { NS } from '../i18n';
import '@/components/reconciliation/reconciliation.css';
import '../components/settlement.css';
import { businessTime } from '@/lib/business-time';

/**
 * /settlement: the settlements of a filter kept in the address (settlement days, default the last 30 and today;
 * merchants; statuses), their totals in one glance, keyset pages behind "load more", a drawer with one settlement
 * (`&open=`) and the movements it covers; CSV/XLSX export (settlement:export). A table from `md` up, one card a settlement on
 * a phone. Settlements are made once a day, so nothing is polled.
 */
export default function SettlementPage() {
  const { t } = useTranslation(NS);
  const { t: tr } = useTranslation(RECON_NS);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const list = useSettlementList(filter);
  const summary = useSettlementSummary(filter);
  const figures = useDayFigures(summary.data, true);
  const narrow = !Grid.useBreakpoint().md;
  // The open settlement is in the address too (`&open=S...`), so /bill links straight to it and a reload keeps it.
  const open = SETTLE_NO_PATTERN.test(params.get('open') ?? '') ? params.get('open') : null;
  const setOpen = (settleNo: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (settleNo) next.set('open', settleNo);
        else next.delete('open');
        return next;
      },
      { replace: true },
    );
  const canOpenBill = allowedPaths(useSession().menuData).has('/bill');
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  const day = (s: SettlementItem) => (
    <Button
      type="link"
      className="settlement-day"
      onClick={() => setOpen(s.settleNo)}
      aria-haspopup="dialog"
      aria-label={`${s.settleDate} ${s.mchName}`}
      data-testid={`settlement-open-${s.settleNo}`}
    >
      {s.settleDate}
    </Button>
  );
  const status = (s: SettlementItem) => (
    <>
      <SettlementStatusTag status={s.status} failReason={s.failReason} />
      {s.failReason && <div className="settlement-fail">{s.failReason}</div>}
    </>
  );
  const withCount = (fen: number, count: number, text: string) => (
    <>
      <span className="recon-money">{yuan(fen)}</span>
      {count > 0 && <div className="recon-muted">{text}</div>}
    </>
  );
  const money = (fen: number) => <span className="recon-money">{yuan(fen)}</span>;

  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, s: SettlementItem) => (
            <div className="recon-card" data-testid={`settlement-row-${s.settleNo}`}>
              <div className="recon-card-head">
                {day(s)}
                <SettlementStatusTag status={s.status} />
              </div>
              <div className="recon-card-head">
                <span>{s.mchName}</span>
                <strong className="recon-money settlement-card-net">{yuan(s.netFen)}</strong>
              </div>
              <div className="recon-muted">
                {tr('figure.trade')} {yuan(s.tradeFen)} ({tr('figure.tradeCount', { count: s.tradeCount })})
                {s.refundCount > 0 && ` · ${tr('figure.refund')} ${yuan(s.refundFen)}`} · {tr('figure.fee')}{' '}
                {yuan(s.feeFen)}
                {s.splitFen !== 0 && ` · ${tr('figure.split')} ${yuan(s.splitFen)}`}
              </div>
              {s.failReason && <div className="settlement-fail">{tr('failReason', { reason: s.failReason })}</div>}
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.day'),
          key: 'day',
          render: (_: unknown, s: SettlementItem) => <div data-testid={`settlement-row-${s.settleNo}`}>{day(s)}</div>,
        },
        {
          title: t('col.merchant'),
          key: 'merchant',
          render: (_: unknown, s: SettlementItem) => (
            <>
              {s.mchName}
              <div className="recon-muted recon-mono">{s.mchNo}</div>
            </>
          ),
        },
        {
          title: t('col.trade'),
          key: 'trade',
          align: 'right' as const,
          render: (_: unknown, s: SettlementItem) =>
            withCount(s.tradeFen, s.tradeCount, tr('figure.tradeCount', { count: s.tradeCount })),
        },
        {
          title: t('col.refund'),
          key: 'refund',
          align: 'right' as const,
          render: (_: unknown, s: SettlementItem) =>
            withCount(s.refundFen, s.refundCount, tr('figure.refundCount', { count: s.refundCount })),
        },
        { title: t('col.fee'), dataIndex: 'feeFen', align: 'right' as const, render: money },
        { title: t('col.split'), dataIndex: 'splitFen', align: 'right' as const, render: money },
        {
          title: t('col.net'),
          dataIndex: 'netFen',
          align: 'right' as const,
          render: (fen: number) => <strong className="recon-money">{yuan(fen)}</strong>,
        },
        { title: t('col.status'), key: 'status', render: (_: unknown, s: SettlementItem) => status(s) },
        {
          title: t('col.settledAt'),
          dataIndex: 'settledAt',
          render: (at: string | null) => <span className="recon-nowrap">{businessTime(at, 'minute')}</span>,
        },
      ];

  const empty =
    activeFilters(filter) > 0 ? (
      <Empty description={t('settlement.noMatch')}>
        <Button onClick={() => setParams({})} data-testid="settlement-empty-reset">
          {t('filter.reset')}
        </Button>
      </Empty>
    ) : (
      <Empty description={t('settlement.empty')} />
    );

  return (
    <section className="settlement-page" data-testid="page-settlement">
      <PageHeader
        title={t('settlement.title')}
        intro={t('settlement.intro')}
        actions={
          <Permission codes={['settlement:export']}>
            <ExportButtons
              run={(format, onProgress, signal) => exportSettlements({ filter, format }, onProgress, signal)}
              testId="settlement-export"
              hint={t('settlement.exportHint')}
            />
          </Permission>
        }
      />
      <SettlementFilters filter={filter} onChange={(f) => setParams(paramsFromFilter(f), { replace: true })} />
      <FigureBar
        figures={figures}
        label={t('summary.label')}
        testId="settlement-summary"
        error={summary.error}
        errorTitle={t('summary.loadError')}
        onRetry={() => void summary.refetch()}
      />
      {list.isError && !list.data ? (
        <LoadError title={t('settlement.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table<SettlementItem>
            rowKey="settleNo"
            size="middle"
            loading={list.isPending}
            dataSource={rows}
            columns={columns}
            showHeader={!narrow}
            pagination={false}
            scroll={narrow ? undefined : { x: 1080 }}
            locale={{ emptyText: list.isPending ? ' ' : empty }}
            data-testid="settlement-table"
          />
          {rows.length > 0 && (
            <div className="recon-more">
              {list.hasNextPage ? (
                <Button
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                  data-testid="settlement-more"
                >
                  {t('settlement.more')}
                </Button>
              ) : (
                <span className="recon-muted">{t('settlement.end', { count: rows.length })}</span>
              )}
            </div>
          )}
        </>
      )}
      <SettlementDrawer settleNo={open} narrow={narrow} canOpenBill={canOpenBill} onClose={() => setOpen(null)} />
    </section>
  );
}
