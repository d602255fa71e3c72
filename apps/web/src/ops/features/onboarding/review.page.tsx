import { Button, Card, Descriptions, Result, Skeleton, Space, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnboardingReview } from '@mchweb/contract/ops/schemas';
import { LoadError } from '@/components/load-error';
import { ApplyStatusTag } from '@/features/onboarding/components/status-tag';
import { NS as ONBOARDING_NS } from '@/features/onboarding/i18n';
import { businessTime } from '@/lib/business-time';
import { Age } from '../../components/age';
import { OpsPageHeader } from '../../components/ops-page';
import { useCan, useOpsSession } from '../../session';
import { ApplicationFields, useReviewSections } from './application-fields';
import { AssignCell } from '../../components/assign-cell';
import { documentUrl, useAssignApplication, useOnboardingDetail } from './api';
import { DecisionPanel } from './decision-panel';
import { DocumentGallery } from './document-viewer';
import { ONB_NS } from './i18n';
import './review.css';

function History({ review }: { review: OnboardingReview }) {
  const { t } = useTranslation(ONBOARDING_NS);
  return (
    <Timeline
      items={review.history.map((e) => ({
        color: e.event === 'REJECTED' ? 'red' : e.event === 'APPROVED' ? 'green' : 'blue',
        content: (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{t(`event.${e.event}`)}</Typography.Text>
            <Typography.Text type="secondary">
              {businessTime(e.at, 'minute')} · {e.by ?? t(`actor.${e.actor}`)}
            </Typography.Text>
            {e.reason && <Typography.Text>{e.reason}</Typography.Text>}
            {e.fields?.map((f) => (
              <Typography.Text key={f.field} type="danger">
                {f.field}: {f.reason}
              </Typography.Text>
            ))}
          </Space>
        ),
      }))}
    />
  );
}

function Review({ review }: { review: OnboardingReview }) {
  const { t } = useTranslation(ONB_NS);
  const can = useCan();
  const { operator } = useOpsSession();
  const assign = useAssignApplication();
  const sections = useReviewSections(review.application);
  const rejected = new Map((review.rejectFields ?? []).map((f) => [f.field, f.reason]));
  const canReview = can('ops:onboarding:review');
  const open = review.status === 'SUBMITTED' || review.status === 'AUDITING';
  const mine = !!review.assignee && String(review.assignee.operatorId) === operator?.operatorNo;
  const docs = review.documents.map((d) => ({ ...d, path: documentUrl(review.applyNo, d.fileId) }));
  return (
    <>
      <OpsPageHeader
        title={
          <Space wrap>
            {review.shortName ?? review.name ?? review.applyNo}
            <ApplyStatusTag status={review.status} />
          </Space>
        }
        intro={t('review.title', { applyNo: review.applyNo })}
        extra={
          <Link to="/onboarding">
            <Button icon={<ArrowLeftOutlined />}>{t('review.back')}</Button>
          </Link>
        }
      />
      <Card size="small" className="ops-section">
        <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} size="small">
          <Descriptions.Item label={t('review.company')}>{review.companyName}</Descriptions.Item>
          <Descriptions.Item label={t('review.submittedAt')}>
            {review.submittedAt ? businessTime(review.submittedAt, 'minute') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('review.age')}>
            <Age seconds={review.ageSeconds} />
          </Descriptions.Item>
          <Descriptions.Item label={t('review.assignee')}>
            <AssignCell
              assignee={review.assignee}
              canAssign={canReview && open}
              busy={assign.isPending}
              onAssign={(to) => assign.mutateAsync({ applyNo: review.applyNo, to })}
            />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <div className="ops-review-grid ops-section">
        <div>
          <ApplicationFields sections={sections} rejected={rejected} />
          <Card title={t('review.documents')} size="small" className="ops-section">
            <DocumentGallery docs={docs} rejected={rejected} />
          </Card>
          <Card title={t('review.history')} size="small" className="ops-section">
            <History review={review} />
          </Card>
        </div>
        <div className="ops-review-side">
          <DecisionPanel review={review} sections={sections} canReview={canReview} mine={mine} />
        </div>
      </div>
    </>
  );
}

/** /ops/onboarding/:applyNo: one application, every field, its documents and history, and the decision. */
export default function OnboardingReviewPage() {
  const { applyNo = '' } = useParams();
  const { t } = useTranslation(ONB_NS);
  const detail = useOnboardingDetail(applyNo);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (detail.isError)
    return <LoadError title={t('review.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Result status="404" title={t('review.loadError')} />;
  return <Review review={detail.data} />;
}
