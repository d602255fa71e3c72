import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { splitReview } from '@mchweb/contract/ops/schemas';
import { LoadError } from '@/components/load-error';
import { NS as SPLIT_NS } from '@/features/split/i18n';
import { fieldOf } from '@/lib/api';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { Age } from '../../components/age';
import { AssignCell } from '../../components/assign-cell';
import { OpsPageHeader } from '../../components/ops-page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useCan, useOpsSession } from '../../session';
import { useApproveSplit, useAssignSplit, useRejectSplit, useSplitDetail } from './api';
import { OPS_SPLIT_NS } from './i18n';
import { ReceiversText, STATUS_COLOR } from './split-parts';

type SplitReview = z.infer<typeof splitReview>;

function Decide({ review }: { review: SplitReview }) {
  const { t } = useTranslation(OPS_SPLIT_NS);
  const approve = useApproveSplit();
  const reject = useRejectSplit();
  const [rejecting, setRejecting] = useState(false);
  return (
    <Space wrap>
      <Button
        type="primary"
        loading={approve.isPending}
        onClick={() =>
          void approve.mutateAsync({ applyNo: review.applyNo }).then(
            () => toast.success(t('review.approved')),
            (e: unknown) => toast.error(fieldOf(e).message),
          )
        }
      >
        {t('review.approve')}
      </Button>
      <Button danger onClick={() => setRejecting(true)}>
        {t('review.reject')}
      </Button>
      <ReasonDialog
        open={rejecting}
        title={t('review.rejectTitle')}
        okText={t('review.reject')}
        danger
        onSubmit={(reason) =>
          reject.mutateAsync({ applyNo: review.applyNo, reason }).then(() => toast.success(t('review.rejected')))
        }
        onClose={() => setRejecting(false)}
      />
    </Space>
  );
}

function Review({ review }: { review: SplitReview }) {
  const { t } = useTranslation(OPS_SPLIT_NS);
  const { t: ts } = useTranslation(SPLIT_NS);
  const can = useCan();
  const { operator } = useOpsSession();
  const assign = useAssignSplit();
  const canReview = can('ops:split:review');
  const open = review.status === 'SUBMITTED';
  const mine = !!review.assignee && String(review.assignee.operatorId) === operator?.operatorNo;
  return (
    <>
      <OpsPageHeader
        title={
          <Space wrap>
            {review.mchName}
            <Tag color={STATUS_COLOR[review.status]}>{ts(`status.${review.status}`)}</Tag>
          </Space>
        }
        intro={t('review.title', { applyNo: review.applyNo })}
        extra={
          <Link to="/split">
            <Button icon={<ArrowLeftOutlined />}>{t('review.back')}</Button>
          </Link>
        }
      />
      <Card size="small" className="ops-section">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('review.merchant')}>
            <Link to={`/merchants/${review.mchNo}`}>{review.mchNo}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('review.company')}>{review.companyName}</Descriptions.Item>
          <Descriptions.Item label={t('review.total')}>{review.totalRatio} %</Descriptions.Item>
          <Descriptions.Item label={t('review.createdAt')}>
            {businessTime(review.createdAt, 'minute')}
          </Descriptions.Item>
          <Descriptions.Item label={t('queue.col.age')}>
            <Age seconds={review.ageSeconds} />
          </Descriptions.Item>
          <Descriptions.Item label={t('queue.col.assignee')}>
            <AssignCell
              assignee={review.assignee}
              canAssign={canReview && open}
              busy={assign.isPending}
              onAssign={(to) => assign.mutateAsync({ applyNo: review.applyNo, to })}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('review.effectiveFrom')}>{review.effectiveFrom ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('review.remark')}>{review.remark || '—'}</Descriptions.Item>
          {review.rejectReason && (
            <Descriptions.Item label={t('review.rejectReason')}>{review.rejectReason}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title={t('review.receivers')} size="small" className="ops-section">
        <ReceiversText receivers={review.receivers} />
      </Card>
      <Card size="small" className="ops-section">
        {!open ? (
          <Alert type="info" showIcon title={t('review.closed', { status: ts(`status.${review.status}`) })} />
        ) : !canReview ? null : mine ? (
          <Decide review={review} />
        ) : (
          <Alert type="warning" showIcon title={t('review.notAssigned')} />
        )}
      </Card>
      <Card title={t('review.history')} size="small" className="ops-section">
        {review.history.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review.noHistory')} />
        ) : (
          <Timeline
            items={review.history.map((h) => ({
              content: (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{h.action}</Typography.Text>
                  <Typography.Text type="secondary">
                    {businessTime(h.at, 'minute')} · {h.operatorName ?? '—'}
                  </Typography.Text>
                  {h.reason && <Typography.Text>{h.reason}</Typography.Text>}
                </Space>
              ),
            }))}
          />
        )}
      </Card>
    </>
  );
}

/** /ops/split/:applyNo: one profit-sharing request, its receivers, the operators' actions, and the decision. */
export default function SplitReviewPage() {
  const { applyNo = '' } = useParams();
  const { t } = useTranslation(OPS_SPLIT_NS);
  const detail = useSplitDetail(applyNo);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError)
    return <LoadError title={t('review.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Result status="404" title={t('review.loadError')} />;
  return <Review review={detail.data} />;
}
