import { Button, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { MovementPage, MovementRow } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { yuan } from '@/lib/money';
import { RECON_NS } from './i18n';
import './reconciliation.css';
import { businessTime } from '@/lib/business-time';

const money = (fen: number) => <span className={`recon-money${fen < 0 ? ' recon-negative' : ''}`}>{yuan(fen)}</span>;

/**
 * The movements of a settlement or of a bill's day, oldest first: payments, refunds and failed refunds' returns,
 * with amount, fee and what each moved on the merchant's pending money; keyset "load more" over the `query`'s
 * pages. A table on a wide screen, one card a movement on a phone. `merchantName` adds the merchant column (an
 * organisation's bill).
 */
export function MovementTable({
  query,
  narrow,
  testId,
  merchantName,
  emptyText,
}: {
  query: UseInfiniteQueryResult<InfiniteData<MovementPage>>;
  narrow: boolean;
  testId: string;
  merchantName?: (mchNo: string) => string;
  emptyText?: string;
}) {
  const { t } = useTranslation(RECON_NS);
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const loading = query.isPending && query.fetchStatus !== 'idle';
  if (query.isError && rows.length === 0)
    return <LoadError title={t('movement.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  const kind = (m: MovementRow) => (
    <span className={`recon-kind recon-kind-${m.kind.toLowerCase()}`}>{t(`kind.${m.kind}`)}</span>
  );
  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, m: MovementRow) => (
            <div className="recon-card" data-testid={`${testId}-row`}>
              <div className="recon-card-head">
                {kind(m)}
                <strong>{money(m.amountFen)}</strong>
              </div>
              <div className="recon-muted">
                {merchantName && `${merchantName(m.mchNo)} · `}
                {t(`channel.${m.channel}`)} · {t('movement.fee')} {yuan(m.feeFen)} · {t('movement.net')}{' '}
                {yuan(m.netFen)}
              </div>
              <div className="recon-card-head">
                <span className="recon-mono recon-muted">{m.refNo}</span>
                <span className="recon-muted recon-nowrap">{businessTime(m.at, 'monthDay')}</span>
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('movement.at'),
          dataIndex: 'at',
          render: (at: string) => <span className="recon-nowrap">{businessTime(at, 'monthDay')}</span>,
        },
        { title: t('movement.kind'), key: 'kind', render: (_: unknown, m: MovementRow) => kind(m) },
        {
          title: t('movement.refNo'),
          key: 'refNo',
          render: (_: unknown, m: MovementRow) => (
            <div data-testid={`${testId}-row`}>
              <span className="recon-mono">{m.refNo}</span>
              {m.refNo !== m.orderNo && <div className="recon-muted recon-mono">{m.orderNo}</div>}
            </div>
          ),
        },
        ...(merchantName
          ? [
              {
                title: t('movement.merchant'),
                key: 'merchant',
                render: (_: unknown, m: MovementRow) => merchantName(m.mchNo),
              },
            ]
          : []),
        {
          title: t('movement.channel'),
          dataIndex: 'channel',
          render: (c: MovementRow['channel']) => t(`channel.${c}`),
        },
        ...(['amountFen', 'feeFen', 'netFen'] as const).map((key) => ({
          title: t(`movement.${key.replace(/Fen$/, '')}`),
          dataIndex: key,
          align: 'right' as const,
          render: (fen: number) => money(fen),
        })),
      ];
  return (
    <>
      <Table<MovementRow>
        rowKey={(m) => `${m.kind}-${m.refNo}`}
        size="small"
        loading={loading}
        dataSource={rows}
        columns={columns}
        showHeader={!narrow}
        pagination={false}
        scroll={narrow ? undefined : { x: 'max-content' }}
        locale={{ emptyText: loading ? ' ' : <Empty description={emptyText ?? t('movement.empty')} /> }}
        data-testid={testId}
      />
      {rows.length > 0 && (
        <div className="recon-more">
          {query.hasNextPage ? (
            <Button
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              data-testid={`${testId}-more`}
            >
              {t('movement.more')}
            </Button>
          ) : (
            <span className="recon-muted">{t('movement.end', { count: rows.length })}</span>
          )}
        </div>
      )}
    </>
  );
}
