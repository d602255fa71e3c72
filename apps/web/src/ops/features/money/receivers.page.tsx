import { useState } from 'react';
import { Button, Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { receiverOwed } from '@mchweb/contract/ops/schemas';
import { LoadError } from '@/components/load-error';
import { yuan } from '@/lib/money';
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
  const columns: TableColumnsType<Owed> = [
    { title: t('receivers.name'), dataIndex: 'name' },
    {
      title: t('receivers.account'),
      key: 'a',
      render: (_, r) => [r.bankName, r.accountNoMasked].filter(Boolean).join(' ') || '—',
    },
    { title: t('receivers.merchant'), key: 'm', render: (_, r) => `${r.mchName} (${r.mchNo})` },
    {
      title: t('receivers.owed'),
      dataIndex: 'owedFen',
      align: 'right',
      width: 140,
      render: (f: number) => <Typography.Text strong>{yuan(f)}</Typography.Text>,
    },
    {
      key: 'pay',
      width: 120,
      render: (_, r) =>
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
        ),
    },
  ];
  return (
    <>
      <OpsPageHeader title={t('receivers.title')} intro={t('receivers.intro')} />
      {owed.isError ? (
        <LoadError title={t('receivers.loadError')} error={owed.error} onRetry={() => void owed.refetch()} />
      ) : owed.data?.length === 0 ? (
        // Nobody owed: the words alone (an empty table's header ran off a phone's edge, squeezed it was worse).
        <Card size="small">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('receivers.empty')} />
        </Card>
      ) : (
        <Table<Owed>
          rowKey={(r) => `${r.applyNo}-${r.receiver}`}
          size="middle"
          loading={owed.isPending}
          dataSource={owed.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 820 }}
          locale={{ emptyText: ' ' }}
          data-testid="receivers-owed"
        />
      )}
      <ProposeDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
