import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillSummary } from '@mchweb/contract';
import { RECON_NS } from '@/components/reconciliation/i18n';
import { yuan } from '@/lib/money';
import { NS } from '../i18n';

type Line = BillSummary['byChannel'][number];
type Row = Line | (BillSummary['total'] & { channel: 'TOTAL' });

/**
 * The day by channel: payments and refunds (amount and count), fees, profit sharing, net, and the total line
 * under them. A table on a wide screen; on a phone one card a channel.
 */
export function BillChannels({ summary, narrow }: { summary: BillSummary; narrow: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tr } = useTranslation(RECON_NS);
  const rows: Row[] = [...summary.byChannel, { ...summary.total, channel: 'TOTAL' }];
  const name = (r: Row) => (r.channel === 'TOTAL' ? t('channels.total') : tr(`channel.${r.channel}`));
  const amount = (fen: number, count?: string) => (
    <>
      <span className="recon-money">{yuan(fen)}</span>
      {count && <div className="recon-muted">{count}</div>}
    </>
  );
  if (narrow)
    return (
      <ul className="bill-channel-cards" data-testid="bill-channels">
        {rows.map((r) => (
          <li key={r.channel} className={r.channel === 'TOTAL' ? 'bill-channel-total' : undefined}>
            <div className="recon-card-head">
              <strong>{name(r)}</strong>
              <strong className="recon-money">{yuan(r.netFen)}</strong>
            </div>
            <div className="recon-muted">
              {t('channels.trade')} {yuan(r.tradeFen)} ({tr('figure.tradeCount', { count: r.tradeCount })})
              {r.refundCount > 0 &&
                ` · ${t('channels.refund')} ${yuan(r.refundFen)} (${tr('figure.refundCount', { count: r.refundCount })})`}{' '}
              · {t('channels.fee')} {yuan(r.feeFen)}
              {r.splitFen !== 0 && ` · ${t('channels.split')} ${yuan(r.splitFen)}`}
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Table<Row>
      rowKey="channel"
      size="small"
      pagination={false}
      dataSource={rows}
      rowClassName={(r) => (r.channel === 'TOTAL' ? 'bill-channel-total' : '')}
      scroll={{ x: 680 }}
      data-testid="bill-channels"
      columns={[
        { title: t('channels.channel'), key: 'channel', render: (_: unknown, r: Row) => name(r) },
        {
          title: t('channels.trade'),
          key: 'trade',
          align: 'right',
          render: (_: unknown, r: Row) =>
            amount(r.tradeFen, r.tradeCount > 0 ? tr('figure.tradeCount', { count: r.tradeCount }) : undefined),
        },
        {
          title: t('channels.refund'),
          key: 'refund',
          align: 'right',
          render: (_: unknown, r: Row) =>
            amount(r.refundFen, r.refundCount > 0 ? tr('figure.refundCount', { count: r.refundCount }) : undefined),
        },
        { title: t('channels.fee'), dataIndex: 'feeFen', align: 'right', render: (fen: number) => amount(fen) },
        { title: t('channels.split'), dataIndex: 'splitFen', align: 'right', render: (fen: number) => amount(fen) },
        {
          title: t('channels.net'),
          dataIndex: 'netFen',
          align: 'right',
          render: (fen: number) => <strong className="recon-money">{yuan(fen)}</strong>,
        },
      ]}
    />
  );
}
