import { Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { payoutInFlight } from '@mchweb/contract/ops/schemas';
import { yuan } from '@/lib/money';
import { Age } from '../../components/age';
import { OpsList } from '../../components/ops-list';
import { OpsPageHeader } from '../../components/ops-page';
import { usePayouts } from './api';
import { MONEY_NS } from './i18n';

type Payout = z.infer<typeof payoutInFlight>;

/** /ops/payouts: transfers the payout channel has not answered yet, oldest first. */
export default function PayoutsPage() {
  const { t } = useTranslation(MONEY_NS);
  const list = usePayouts();
  const payee = (r: Payout) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{r.payeeName}</Typography.Text>
      <Typography.Text type="secondary">
        {t(`payouts.payeeType.${r.payeeType}`)} {r.accountNoMasked}
      </Typography.Text>
    </Space>
  );
  const columns: TableColumnsType<Payout> = [
    { title: t('payouts.transferNo'), dataIndex: 'transferNo', width: 220 },
    { title: t('payouts.merchant'), key: 'm', render: (_, r) => `${r.mchName} (${r.mchNo})` },
    { title: t('payouts.payee'), key: 'p', render: (_, r) => payee(r) },
    { title: t('payouts.amount'), dataIndex: 'amountFen', align: 'right', width: 140, render: (f: number) => yuan(f) },
    { title: t('payouts.age'), dataIndex: 'ageSeconds', width: 130, render: (s: number) => <Age seconds={s} /> },
  ];
  return (
    <>
      <OpsPageHeader title={t('payouts.title')} intro={t('payouts.intro')} />
      <OpsList<Payout>
        list={list}
        rowKey="transferNo"
        columns={columns}
        scrollX={960}
        testId="ops-payouts"
        empty={t('payouts.empty')}
        loadErrorTitle={t('payouts.loadError')}
        card={(r) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              <Typography.Text strong>{yuan(r.amountFen)}</Typography.Text>
              <Age seconds={r.ageSeconds} />
            </div>
            {payee(r)}
            <Typography.Text type="secondary">{r.mchName}</Typography.Text>
          </div>
        )}
      />
    </>
  );
}
