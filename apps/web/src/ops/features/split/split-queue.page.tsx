import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SplitQueueItem } from '@mchweb/contract/ops/schemas';
import { NS as SPLIT_NS } from '@/features/split/i18n';
import { Age } from '../../components/age';
import { AssignCell } from '../../components/assign-cell';
import { OpsList } from '../../components/ops-list';
import { OpsPageHeader } from '../../components/ops-page';
import { QueueFilters, useQueueParams } from '../../components/queue-filters';
import { useCan } from '../../session';
import { useAssignSplit, useSplitQueue } from './api';
import { OPS_SPLIT_NS } from './i18n';
import { ReceiversText, SPLIT_STATUS_LIST, STATUS_COLOR } from './split-parts';

type SplitStatus = SplitQueueItem['status'];

/** /ops/split: profit-sharing requests waiting for a decision, oldest first, with filters and assignment. */
export default function SplitQueuePage() {
  const { t } = useTranslation(OPS_SPLIT_NS);
  const { t: ts } = useTranslation(SPLIT_NS);
  const can = useCan();
  const [params, update] = useQueueParams();
  const list = useSplitQueue({
    ...params,
    status: params.status?.filter((s): s is SplitStatus => (SPLIT_STATUS_LIST as readonly string[]).includes(s)),
  });
  const assign = useAssignSplit();
  const canAssign = can('ops:split:review');

  const status = (row: SplitQueueItem) => <Tag color={STATUS_COLOR[row.status]}>{ts(`status.${row.status}`)}</Tag>;
  const merchant = (row: SplitQueueItem) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{row.mchName}</Typography.Text>
      <Typography.Text type="secondary">
        {row.mchNo} · {row.companyName}
      </Typography.Text>
    </Space>
  );
  const assignee = (row: SplitQueueItem) => (
    <AssignCell
      assignee={row.assignee}
      canAssign={canAssign && row.status === 'SUBMITTED'}
      busy={assign.isPending && assign.variables?.applyNo === row.applyNo}
      onAssign={(to) => assign.mutateAsync({ applyNo: row.applyNo, to })}
    />
  );
  const open = (row: SplitQueueItem) => (
    <Link to={`/split/${row.applyNo}`}>
      <Button size="small" type="primary">
        {t('queue.open')}
      </Button>
    </Link>
  );
  const columns: TableColumnsType<SplitQueueItem> = [
    {
      title: t('queue.col.applyNo'),
      dataIndex: 'applyNo',
      width: 210,
      render: (applyNo: string) => <Link to={`/split/${applyNo}`}>{applyNo}</Link>,
    },
    { title: t('queue.col.merchant'), key: 'merchant', render: (_, row) => merchant(row) },
    {
      title: t('queue.col.receivers'),
      key: 'receivers',
      render: (_, row) => <ReceiversText receivers={row.receivers} />,
    },
    { title: t('queue.col.status'), key: 'status', width: 110, render: (_, row) => status(row) },
    { title: t('queue.col.age'), dataIndex: 'ageSeconds', width: 130, render: (s: number) => <Age seconds={s} /> },
    { title: t('queue.col.assignee'), key: 'assignee', width: 190, render: (_, row) => assignee(row) },
    { key: 'open', width: 90, fixed: 'right', render: (_, row) => open(row) },
  ];
  return (
    <>
      <OpsPageHeader title={t('queue.title')} intro={t('queue.intro')} />
      <QueueFilters
        params={params}
        update={update}
        statuses={SPLIT_STATUS_LIST}
        statusLabel={(s) => ts(`status.${s}`)}
        placeholder={t('queue.q')}
      />
      <OpsList<SplitQueueItem>
        list={list}
        rowKey="applyNo"
        columns={columns}
        scrollX={1100}
        testId="split-queue"
        empty={t('queue.empty')}
        loadErrorTitle={t('queue.loadError')}
        card={(row) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              {merchant(row)}
              {open(row)}
            </div>
            <ReceiversText receivers={row.receivers} />
            <Space wrap>
              {status(row)}
              <Age seconds={row.ageSeconds} />
            </Space>
            {assignee(row)}
          </div>
        )}
      />
    </>
  );
}
