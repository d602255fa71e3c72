import { useState } from 'react';
import { Button, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApprovalItem, ApprovalStatus } from '@mchweb/contract/ops/schemas';
import { fieldOf } from '@/lib/api';
import { businessTime } from '@/lib/business-time';
import { yuan } from '@/lib/money';
import { toast } from '@/lib/toast';
import { OpsList } from '../../components/ops-list';
import { OpsFilters, OpsPageHeader } from '../../components/ops-page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useCan, useOpsSession } from '../../session';
import { useApprovals, useDecide } from './api';
import { MONEY_NS } from './i18n';
import { ProposeDialog, type ProposeTarget } from './propose-dialog';

const STATUS_COLOR: Record<ApprovalStatus, string> = {
  PENDING: 'gold',
  APPROVED: 'green',
  REFUSED: 'red',
  CANCELED: 'default',
  FAILED: 'red',
};
const STATUSES = Object.keys(STATUS_COLOR) as ApprovalStatus[];

/** Approve / refuse for another operator's proposal; withdraw for one's own. */
function Decide({ item }: { item: ApprovalItem }) {
  const { t } = useTranslation(MONEY_NS);
  const can = useCan();
  const { operator } = useOpsSession();
  const decide = useDecide();
  const [refusing, setRefusing] = useState(false);
  if (item.status !== 'PENDING') return null;
  const own = String(item.proposedBy.operatorId) === operator?.operatorNo;
  const run = (decision: 'approve' | 'cancel', done: string) =>
    void decide.mutateAsync({ decision, approvalNo: item.approvalNo }).then(
      () => toast.success(done),
      (e: unknown) => toast.error(fieldOf(e).message),
    );
  return (
    <Space wrap size={4}>
      {can('ops:money:approve') && (
        <Tooltip title={own ? t('approvals.own') : undefined}>
          <Button
            size="small"
            type="primary"
            disabled={own}
            loading={decide.isPending && decide.variables?.decision === 'approve'}
            onClick={() => run('approve', t('approvals.approved'))}
            data-testid="approval-approve"
          >
            {t('approvals.approve')}
          </Button>
        </Tooltip>
      )}
      {can('ops:money:approve') && !own && (
        <Button size="small" danger onClick={() => setRefusing(true)} data-testid="approval-refuse">
          {t('approvals.refuse')}
        </Button>
      )}
      {own && (
        <Button size="small" onClick={() => run('cancel', t('approvals.canceled'))} data-testid="approval-cancel">
          {t('approvals.cancel')}
        </Button>
      )}
      <ReasonDialog
        open={refusing}
        title={t('approvals.refuseTitle')}
        okText={t('approvals.refuse')}
        danger
        onSubmit={(note) =>
          decide
            .mutateAsync({ decision: 'refuse', approvalNo: item.approvalNo, note })
            .then(() => toast.success(t('approvals.refused')))
        }
        onClose={() => setRefusing(false)}
      />
    </Space>
  );
}

/** /ops/approvals: money actions proposed by one operator, waiting for (or decided by) another. */
export default function ApprovalsPage() {
  const { t } = useTranslation(MONEY_NS);
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status');
  const status = asked === null ? ['PENDING' as const] : STATUSES.filter((s) => asked.split(',').includes(s));
  const list = useApprovals({ status: status.length ? status : undefined });
  const [target, setTarget] = useState<ProposeTarget | null>(null);
  const what = (r: ApprovalItem) => (
    <Space orientation="vertical" size={0}>
      <Space size={4} wrap>
        <Tag>{t(`approvals.kind.${r.kind}`)}</Tag>
        <Tag color={STATUS_COLOR[r.status]}>{t(`approvals.status.${r.status}`)}</Tag>
      </Space>
      <Typography.Text>{r.summary}</Typography.Text>
      <Typography.Text type="secondary">{r.reason}</Typography.Text>
    </Space>
  );
  const people = (r: ApprovalItem) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text>
        {r.proposedBy.name} · {businessTime(r.proposedAt, 'minute')}
      </Typography.Text>
      {r.decidedBy && (
        <Typography.Text type="secondary">
          {r.decidedBy.name} · {r.decidedAt && businessTime(r.decidedAt, 'minute')}
          {r.decisionNote && ` · ${r.decisionNote}`}
        </Typography.Text>
      )}
    </Space>
  );
  const columns: TableColumnsType<ApprovalItem> = [
    { title: t('approvals.what'), key: 'what', render: (_, r) => what(r) },
    {
      title: t('approvals.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      width: 130,
      render: (f: number | null) => (f === null ? '—' : yuan(f)),
    },
    {
      title: `${t('approvals.proposedBy')} / ${t('approvals.decidedBy')}`,
      key: 'who',
      width: 260,
      render: (_, r) => people(r),
    },
    { title: t('approvals.result'), dataIndex: 'result', width: 200, render: (v: string | null) => v ?? '—' },
    { key: 'decide', width: 200, render: (_, r) => <Decide item={r} /> },
  ];
  return (
    <>
      <OpsPageHeader
        title={t('approvals.title')}
        intro={t('approvals.intro')}
        extra={
          can('ops:money:propose') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTarget({ kind: 'ADJUSTMENT' })}
              data-testid="propose-adjustment"
            >
              {t('approvals.propose')}
            </Button>
          )
        }
      />
      <OpsFilters>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 240 }}
          aria-label={t('approvals.filter')}
          placeholder={t('approvals.filter')}
          value={status}
          options={STATUSES.map((s) => ({ value: s, label: t(`approvals.status.${s}`) }))}
          onChange={(v: string[]) => setSearch({ status: v.join(',') })}
        />
      </OpsFilters>
      <OpsList<ApprovalItem>
        list={list}
        rowKey="approvalNo"
        columns={columns}
        scrollX={1100}
        testId="ops-approvals"
        empty={t('approvals.empty')}
        loadErrorTitle={t('approvals.loadError')}
        card={(r) => (
          <div className="ops-card-row">
            {what(r)}
            {r.amountFen !== null && <Typography.Text strong>{yuan(r.amountFen)}</Typography.Text>}
            {people(r)}
            <Decide item={r} />
          </div>
        )}
      />
      <ProposeDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
