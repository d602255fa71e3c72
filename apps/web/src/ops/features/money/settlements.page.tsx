import { useState } from 'react';
import { Button, Card, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { opsSettlementItem, settlementRunItem } from '@mchweb/contract/ops/schemas';
import { DayRangePicker, dayRangeFrom } from '@/components/day-range-picker';
import { businessTime } from '@/lib/business-time';
import { yuan } from '@/lib/money';
import { OpsList, OpsTable } from '../../components/ops-list';
import { OpsFilters, OpsPageHeader } from '../../components/ops-page';
import { useCan } from '../../session';
import { useSettlementList, useSettlementRuns } from './api';
import { MONEY_NS } from './i18n';
import { ProposeDialog, type ProposeTarget } from './propose-dialog';

type Run = z.infer<typeof settlementRunItem>;
type Settlement = z.infer<typeof opsSettlementItem>;
const STATUS_COLOR = { PENDING: 'blue', SETTLED: 'green', FAILED: 'red' } as const;
/** A day's counts, in the table's order. */
const COUNTS = ['settled', 'failed', 'retried', 'pending'] as const;

/** The settlements of one day; a failed one can be proposed for a re-run. */
function DaySettlements({ day }: { day: string }) {
  const { t } = useTranslation(MONEY_NS);
  const can = useCan();
  const list = useSettlementList({ day }, true);
  const [target, setTarget] = useState<ProposeTarget | null>(null);
  const columns: TableColumnsType<Settlement> = [
    { title: t('runs.merchant'), key: 'm', render: (_, r) => `${r.mchName} (${r.mchNo})` },
    { title: t('runs.net'), dataIndex: 'netFen', align: 'right', width: 140, render: (f: number) => yuan(f) },
    {
      title: t('runs.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: Settlement['status']) => <Tag color={STATUS_COLOR[s]}>{t(`runs.status_.${s}`)}</Tag>,
    },
    { title: t('runs.attempts'), dataIndex: 'attempts', width: 100, align: 'right' },
    { title: t('runs.failReason'), dataIndex: 'failReason', render: (v: string | null) => v ?? '—' },
    {
      key: 'rerun',
      width: 150,
      render: (_, r) =>
        r.status === 'FAILED' &&
        can('ops:money:propose') && (
          <Button size="small" onClick={() => setTarget({ kind: 'SETTLEMENT_RERUN', settleNo: r.settleNo })}>
            {t('runs.rerun')}
          </Button>
        ),
    },
  ];
  return (
    <Card title={t('runs.detail', { day })} size="small" className="ops-section">
      <OpsList<Settlement>
        list={list}
        rowKey="settleNo"
        columns={columns}
        scrollX={900}
        testId="ops-day-settlements"
        empty={t('runs.empty')}
        loadErrorTitle={t('runs.loadError')}
        card={(r) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              <Typography.Text strong>{r.mchName}</Typography.Text>
              <Tag color={STATUS_COLOR[r.status]}>{t(`runs.status_.${r.status}`)}</Tag>
            </div>
            <Typography.Text>{yuan(r.netFen)}</Typography.Text>
            {r.failReason && <Typography.Text type="danger">{r.failReason}</Typography.Text>}
            {r.status === 'FAILED' && can('ops:money:propose') && (
              <Button size="small" onClick={() => setTarget({ kind: 'SETTLEMENT_RERUN', settleNo: r.settleNo })}>
                {t('runs.rerun')}
              </Button>
            )}
          </div>
        )}
      />
      <ProposeDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}

/** /ops/settlements: one line per business day (settled, failed, retried, pending); a day opens its settlements. */
export default function SettlementRunsPage() {
  const { t } = useTranslation(MONEY_NS);
  const [search, setSearch] = useSearchParams();
  const { from, to } = dayRangeFrom(search.get('from'), search.get('to'), 14);
  const day = search.get('day');
  const runs = useSettlementRuns(from, to);
  const set = (patch: Record<string, string | null>) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      Object.entries(patch).forEach(([k, v]) => (v ? next.set(k, v) : next.delete(k)));
      return next;
    });
  const dayLink = (d: string) => (
    <Button type="link" onClick={() => set({ day: d })} style={{ padding: 0 }}>
      {d}
    </Button>
  );
  const finished = (v: string | null) => (v ? businessTime(v, 'minute') : <Tag>{t('runs.notRun')}</Tag>);
  const failed = (n: number) =>
    n ? (
      <Typography.Text type="danger" strong>
        {n}
      </Typography.Text>
    ) : (
      0
    );
  const columns: TableColumnsType<Run> = [
    { title: t('runs.day'), dataIndex: 'day', render: dayLink },
    { title: t('runs.finishedAt'), dataIndex: 'finishedAt', render: finished },
    { title: t('runs.settled'), dataIndex: 'settled', align: 'right' },
    { title: t('runs.failed'), dataIndex: 'failed', align: 'right', render: failed },
    { title: t('runs.retried'), dataIndex: 'retried', align: 'right' },
    { title: t('runs.pending'), dataIndex: 'pending', align: 'right' },
  ];
  return (
    <>
      <OpsPageHeader title={t('runs.title')} intro={t('runs.intro')} />
      <OpsFilters>
        <DayRangePicker
          from={from}
          to={to}
          testId="runs-range"
          onChange={(r) => set({ from: r.from, to: r.to, day: null })}
        />
      </OpsFilters>
      <OpsTable<Run>
        query={runs}
        rowKey="day"
        columns={columns}
        scrollX={720}
        rowClassName={(r) => (r.day === day ? 'ant-table-row-selected' : '')}
        testId="settlement-runs"
        empty={t('runs.empty')}
        loadErrorTitle={t('runs.loadError')}
        card={(r) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              {dayLink(r.day)}
              <Typography.Text type="secondary">{finished(r.finishedAt)}</Typography.Text>
            </div>
            <Space wrap size={[16, 0]}>
              {COUNTS.map((k) => (
                <span key={k}>
                  <Typography.Text type="secondary">{t(`runs.${k}`)}</Typography.Text>{' '}
                  {k === 'failed' ? failed(r.failed) : r[k]}
                </span>
              ))}
            </Space>
          </div>
        )}
      />
      {day && <DaySettlements day={day} />}
    </>
  );
}
