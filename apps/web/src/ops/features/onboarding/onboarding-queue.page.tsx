import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplyStatus } from '@mchweb/contract';
import type { OnboardingQueueItem } from '@mchweb/contract/ops/schemas';
import { APPLY_STATUS_LIST, ApplyStatusTag } from '@/features/onboarding/components/status-tag';
import { NS as ONBOARDING_NS } from '@/features/onboarding/i18n';
import { Age } from '../../components/age';
import { OpsList } from '../../components/ops-list';
import { OpsPageHeader } from '../../components/ops-page';
import { useCan } from '../../session';
import { AssignCell } from '../../components/assign-cell';
import { useAssignApplication, useOnboardingQueue } from './api';
import { ONB_NS } from './i18n';
import { QueueFilters, useQueueParams } from '../../components/queue-filters';

/** /ops/onboarding: the applications waiting for a decision, oldest first, with filters and assignment. */
export default function OnboardingQueuePage() {
  const { t } = useTranslation(ONB_NS);
  const { t: to } = useTranslation(ONBOARDING_NS);
  const can = useCan();
  const [params, update] = useQueueParams();
  const list = useOnboardingQueue({
    ...params,
    status: params.status?.filter((s): s is ApplyStatus => (APPLY_STATUS_LIST as readonly string[]).includes(s)),
  });
  const assign = useAssignApplication();
  const canAssign = can('ops:onboarding:review');

  const merchant = (row: OnboardingQueueItem) => (
    <Space orientation="vertical" size={0} data-testid={`queue-row-${row.applyNo}`}>
      <Typography.Text strong>{row.shortName ?? row.name ?? '—'}</Typography.Text>
      <Typography.Text type="secondary">
        {[row.type && to(`type.${row.type}`), to(`source.${row.source}`)].filter(Boolean).join(' · ')}
      </Typography.Text>
    </Space>
  );
  const assignee = (row: OnboardingQueueItem) => (
    <AssignCell
      assignee={row.assignee}
      canAssign={canAssign && ['SUBMITTED', 'AUDITING'].includes(row.status)}
      busy={assign.isPending && assign.variables?.applyNo === row.applyNo}
      onAssign={(to) => assign.mutateAsync({ applyNo: row.applyNo, to })}
    />
  );
  const status = (row: OnboardingQueueItem) => (
    <Space size={4} wrap>
      <ApplyStatusTag status={row.status} />
      {row.submissions > 1 && <Tag color="orange">{t('queue.resubmitted', { n: row.submissions })}</Tag>}
    </Space>
  );
  const open = (row: OnboardingQueueItem) => (
    <Link to={`/onboarding/${row.applyNo}`} data-testid="queue-open">
      <Button size="small" type="primary">
        {t('queue.open')}
      </Button>
    </Link>
  );

  const columns: TableColumnsType<OnboardingQueueItem> = [
    {
      title: t('queue.col.applyNo'),
      dataIndex: 'applyNo',
      width: 200,
      render: (applyNo: string) => <Link to={`/onboarding/${applyNo}`}>{applyNo}</Link>,
    },
    { title: t('queue.col.merchant'), key: 'merchant', render: (_, row) => merchant(row) },
    { title: t('queue.col.company'), dataIndex: 'companyName', ellipsis: true },
    { title: t('queue.col.status'), key: 'status', width: 180, render: (_, row) => status(row) },
    { title: t('queue.col.age'), dataIndex: 'ageSeconds', width: 130, render: (s: number) => <Age seconds={s} /> },
    { title: t('queue.col.assignee'), key: 'assignee', width: 190, render: (_, row) => assignee(row) },
    { title: t('queue.col.actions'), key: 'open', width: 90, fixed: 'right', render: (_, row) => open(row) },
  ];

  return (
    <>
      <OpsPageHeader title={t('queue.title')} intro={t('queue.intro')} />
      <QueueFilters
        params={params}
        update={update}
        statuses={APPLY_STATUS_LIST.filter((s) => s !== 'DRAFT')}
        statusLabel={(s) => to(`status.${s}`)}
        placeholder={t('queue.q')}
      />
      <OpsList<OnboardingQueueItem>
        list={list}
        rowKey="applyNo"
        columns={columns}
        scrollX={1080}
        testId="onboarding-queue"
        empty={t('queue.empty')}
        loadErrorTitle={t('queue.loadError')}
        card={(row) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              {merchant(row)}
              {open(row)}
            </div>
            <Typography.Text type="secondary">
              {row.applyNo} · {row.companyName}
            </Typography.Text>
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
