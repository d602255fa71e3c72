import { Alert, Card, Empty, Grid, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ExportButtons } from '@/components/export-buttons';
import { FigureBar } from '@/components/figure-bar';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Permission } from '@/components/permission';
import { useDayFigures } from '@/components/reconciliation/day-figures';
import { MovementTable } from '@/components/reconciliation/movement-table';
import { businessToday } from '@/lib/date-range';
import { allowedPaths, useSession } from '@/lib/session';
import { useBillRows } from '../api/bill-rows';
import { useBillSummary } from '../api/bill-summary';
import { exportTradeBill } from '../api/export-trade-bill';
import { BillChannels } from '../components/bill-channels';
import { billFromParams, BillPicker, paramsFromBill } from '../components/bill-picker';
import { BillSettlements } from '../components/bill-settlements';
import { NS } from '../i18n';
import '@/components/reconciliation/reconciliation.css';
import '../components/bill.css';

/**
 * /bill: the trade bill of one merchant's day, or the organisation's (all merchants), kept in the address
 * (`?mch=&date=`, default yesterday): the total and the lines by channel, the day's settlements, every payment and
 * refund (keyset pages), and the export (bill:export) as CSV (WeChat trade-bill layout) or XLSX. A day without
 * trade says so.
 */
export default function BillPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const bill = billFromParams(params);
  const summary = useBillSummary(bill);
  const s = summary.data;
  const rows = useBillRows(bill, s?.hasTrade === true);
  const figures = useDayFigures(s?.total);
  const narrow = !Grid.useBreakpoint().md;
  const session = useSession();
  const names = new Map(session.mchList.map((m) => [m.mchNo, m.name]));
  const merchantName = (mchNo: string) => names.get(mchNo) ?? mchNo;
  const canOpenSettlement = allowedPaths(session.menuData).has('/settlement');
  const isToday = !dayjs(bill.date).isBefore(dayjs(businessToday()), 'day');

  let body;
  if (summary.isError && !s)
    body = <LoadError title={t('bill.loadError')} error={summary.error} onRetry={() => void summary.refetch()} />;
  else if (!s) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else
    body = (
      <div data-testid="bill-day" data-has-trade={s.hasTrade}>
        {s.hasTrade ? (
          <FigureBar figures={figures} label={t('summary.label')} testId="bill-summary" />
        ) : (
          <Card className="bill-no-trade" data-testid="bill-no-trade">
            <Empty description={t('bill.noTrade', { date: bill.date })}>
              <p className="recon-muted">{t('bill.noTradeHint')}</p>
            </Empty>
          </Card>
        )}
        {s.hasTrade && (
          <section className="bill-section" aria-labelledby="bill-channels-title">
            <h2 id="bill-channels-title">{t('channels.title')}</h2>
            <BillChannels summary={s} narrow={narrow} />
          </section>
        )}
        {(s.hasTrade || s.settlements.length > 0) && (
          <section className="bill-section" aria-labelledby="bill-settlements-title">
            <h2 id="bill-settlements-title">{t('settlements.title')}</h2>
            <BillSettlements summary={s} merchantName={merchantName} canOpenSettlement={canOpenSettlement} />
          </section>
        )}
        {s.hasTrade && (
          <section className="bill-section" aria-labelledby="bill-rows-title">
            <h2 id="bill-rows-title">{t('rows.title')}</h2>
            <p className="recon-muted">{t('rows.hint')}</p>
            <MovementTable
              query={rows}
              narrow={narrow}
              testId="bill-rows"
              merchantName={bill.mchNo ? undefined : merchantName}
              emptyText={t('rows.empty')}
            />
          </section>
        )}
      </div>
    );

  return (
    <section className="bill-page" data-testid="page-bill">
      <PageHeader
        title={t('bill.title')}
        intro={t('bill.intro')}
        actions={
          <Permission codes={['bill:export']}>
            <ExportButtons
              run={(format, onProgress, signal) => exportTradeBill({ ...bill, format }, onProgress, signal)}
              testId="bill-export"
              hint={t('bill.exportHint')}
            />
          </Permission>
        }
      />
      <BillPicker bill={bill} onChange={(b) => setParams(paramsFromBill(b), { replace: true })} />
      {isToday && <Alert type="info" showIcon title={t('bill.today')} className="bill-today" />}
      {body}
    </section>
  );
}
