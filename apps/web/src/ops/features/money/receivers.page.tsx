import { useState } from 'react';
import { Button, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { receiverOwed } from '@mchweb/contract/ops/schemas';
import { yuan } from '@/lib/money';
import { OpsTable } from '../../components/ops-list';
import { OpsPageHeader } from '../../components/ops-page';
import { useCan } from '../../session';
import { useReceiversOwed } from './api';
import { MONEY_NS } from './i18n';
import { ProposeDialog, type ProposeTarget } from './propose-dialog';

type Owed = z.infer<typeof receiverOwed>;

/** /ops/receivers: outside split receivers the platform owes; a payment is proposed for a second operator. */
export default function ReceiversOwedPage() {
  const { t } = useTranslation(MONEY_NS);
  const can = useCan();
  const owed = useReceiversOwed();
  const [target, setTarget] = useState<ProposeTarget | null>(null);
  const account = (r: Owed) => [r.bankName, r.accountNoMasked].filter(Boolean).join(' ') || '—';
  const owedFen = (f: number) => <Typography.Text strong>{yuan(f)}</Typography.Text>;
  const pay = (r: Owed) =>
    can('ops:money:propose') && (
      <Button
        size="small"
        onClick={() =>
          setTarget({
            kind: 'RECEIVER_PAYOUT',
            applyNo: r.applyNo,
            receiver: r.receiver,
            name: r.name,
            owedFen: r.owedFen,
          })
        }
      >
        {t('receivers.pay')}
      </Button>
    );
  const columns: TableColumnsType<Owed> = [
    { title: t('receivers.name'), dataIndex: 'name' },
    { title: t('receivers.account'), key: 'a', render: (_, r) => account(r) },
    { title: t('receivers.merchant'), key: 'm', render: (_, r) => `${r.mchName} (${r.mchNo})` },
    { title: t('receivers.owed'), dataIndex: 'owedFen', align: 'right', width: 140, render: owedFen },
    { key: 'pay', width: 120, render: (_, r) => pay(r) },
  ];
  return (
    <>
      <OpsPageHeader title={t('receivers.title')} intro={t('receivers.intro')} />
      <OpsTable<Owed>
        query={owed}
        rowKey={(r) => `${r.applyNo}-${r.receiver}`}
        columns={columns}
        scrollX={820}
        testId="receivers-owed"
        empty={t('receivers.empty')}
        loadErrorTitle={t('receivers.loadError')}
        card={(r) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              <Typography.Text strong>{r.name}</Typography.Text>
              {owedFen(r.owedFen)}
            </div>
            <Typography.Text type="secondary">{account(r)}</Typography.Text>
            <Typography.Text type="secondary">{r.mchName}</Typography.Text>
            {pay(r)}
          </div>
        )}
      />
      <ProposeDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
