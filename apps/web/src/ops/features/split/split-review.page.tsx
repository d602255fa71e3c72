import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { splitReview } from '@mchweb/contract/ops/schemas';
import { NS as SPLIT_NS } from '@/features/split/i18n';
import { fieldOf } from '@/lib/api';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { ReasonDialog } from '../../components/reason-dialog';
import { ReviewDetail, ReviewLayout } from '../../components/review-layout';
import { useApproveSplit, useAssignSplit, useRejectSplit, useSplitDetail } from './api';
import { OPS_SPLIT_NS } from './i18n';
import { ReceiversText, SplitStatusTag } from './split-parts';

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
  const assign = useAssignSplit();
  return (
    <ReviewLayout
      ns={OPS_SPLIT_NS}
      queuePath="/split"
      review={review}
      name={review.mchName}
      status={<SplitStatusTag status={review.status} />}
      statusName={ts(`status.${review.status}`)}
      open={review.status === 'SUBMITTED'}
      permission="ops:split:review"
      assign={assign}
      facts={[
        {
          key: 'merchant',
          label: t('review.merchant'),
          children: <Link to={`/merchants/${review.mchNo}`}>{review.mchNo}</Link>,
        },
        { key: 'company', label: t('review.company'), children: review.companyName },
        { key: 'total', label: t('review.total'), children: `${review.totalRatio}\u00a0%` },
        { key: 'createdAt', label: t('review.createdAt'), children: businessTime(review.createdAt, 'minute') },
        { key: 'effectiveFrom', label: t('review.effectiveFrom'), children: review.effectiveFrom ?? '—' },
        { key: 'remark', label: t('review.remark'), children: review.remark || '—' },
        ...(review.rejectReason
          ? [{ key: 'rejectReason', label: t('review.rejectReason'), children: review.rejectReason }]
          : []),
      ]}
      decision={<Decide review={review} />}
      history={review.history.map((h) => ({
        key: h.id,
        // An action this page does not know yet shows as the audit log names it.
        title: t(`review.action.${h.action.replace(/^split\./, '')}`, { defaultValue: h.action }),
        at: h.at,
        by: h.operatorName ?? '—',
        reason: h.reason,
      }))}
    >
      <Card title={t('review.receivers')} size="small" className="ops-section">
        <ReceiversText receivers={review.receivers} />
      </Card>
    </ReviewLayout>
  );
}

/** /ops/split/:applyNo: one profit-sharing request, its receivers, the operators' actions, and the decision. */
export default function SplitReviewPage() {
  const { applyNo = '' } = useParams();
  const { t } = useTranslation(OPS_SPLIT_NS);
  return (
    <ReviewDetail detail={useSplitDetail(applyNo)} loadError={t('review.loadError')}>
      {(review) => <Review review={review} />}
    </ReviewDetail>
  );
}
