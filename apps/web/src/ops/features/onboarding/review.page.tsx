import { Card, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnboardingReview } from '@mchweb/contract/ops/schemas';
import { ApplyStatusTag } from '@/features/onboarding/components/status-tag';
import { NS as ONBOARDING_NS } from '@/features/onboarding/i18n';
import { businessTime } from '@/lib/business-time';
import { ReviewDetail, ReviewLayout, type HistoryEntry } from '../../components/review-layout';
import { ApplicationFields, useReviewSections } from './application-fields';
import { documentUrl, useAssignApplication, useOnboardingDetail } from './api';
import { DecisionPanel } from './decision-panel';
import { DocumentGallery } from './document-viewer';
import { ONB_NS } from './i18n';
import './review.css';

function useHistory(review: OnboardingReview): HistoryEntry[] {
  const { t } = useTranslation(ONBOARDING_NS);
  return review.history.map((e, i) => ({
    key: i,
    title: t(`event.${e.event}`),
    at: e.at,
    by: e.by ?? t(`actor.${e.actor}`),
    reason: e.reason,
    color: e.event === 'REJECTED' ? 'red' : e.event === 'APPROVED' ? 'green' : 'blue',
    more: e.fields?.map((f) => (
      <Typography.Text key={f.field} type="danger">
        {f.field}: {f.reason}
      </Typography.Text>
    )),
  }));
}

function Review({ review }: { review: OnboardingReview }) {
  const { t } = useTranslation(ONB_NS);
  const { t: to } = useTranslation(ONBOARDING_NS);
  const assign = useAssignApplication();
  const sections = useReviewSections(review.application);
  const history = useHistory(review);
  const rejected = new Map((review.rejectFields ?? []).map((f) => [f.field, f.reason]));
  const docs = review.documents.map((d) => ({ ...d, path: documentUrl(review.applyNo, d.fileId) }));
  return (
    <ReviewLayout
      ns={ONB_NS}
      queuePath="/onboarding"
      review={review}
      name={review.shortName ?? review.name ?? review.applyNo}
      status={<ApplyStatusTag status={review.status} />}
      statusName={to(`status.${review.status}`)}
      open={review.status === 'SUBMITTED' || review.status === 'AUDITING'}
      permission="ops:onboarding:review"
      assign={assign}
      facts={[
        { key: 'company', label: t('review.company'), children: review.companyName },
        {
          key: 'submittedAt',
          label: t('review.submittedAt'),
          children: review.submittedAt ? businessTime(review.submittedAt, 'minute') : '—',
        },
      ]}
      decision={<DecisionPanel review={review} sections={sections} />}
      history={history}
    >
      <ApplicationFields sections={sections} rejected={rejected} />
      <Card title={t('review.documents')} size="small" className="ops-section">
        <DocumentGallery docs={docs} rejected={rejected} />
      </Card>
    </ReviewLayout>
  );
}

/** /ops/onboarding/:applyNo: one application, every field, its documents and history, and the decision. */
export default function OnboardingReviewPage() {
  const { applyNo = '' } = useParams();
  const { t } = useTranslation(ONB_NS);
  return (
    <ReviewDetail detail={useOnboardingDetail(applyNo)} loadError={t('review.loadError')}>
      {(review) => <Review review={review} />}
    </ReviewDetail>
  );
}
