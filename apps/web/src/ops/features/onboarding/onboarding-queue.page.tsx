import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OnboardingQueueItem } from '@mchweb/contract/ops/schemas';
import { APPLY_STATUS_LIST, ApplyStatusTag } from '@/features/onboarding/components/status-tag';
import { NS as ONBOARDING_NS } from '@/features/onboarding/i18n';
import { useQueueFilter } from '../../components/queue-filters';
import { QueueMerchant, ReviewQueue } from '../../components/review-queue';
import { useAssignApplication, useOnboardingQueue } from './api';
import { ONB_NS } from './i18n';

// A draft is the merchant's, not the queue's: never offered, never sent.
const QUEUE_STATUSES = APPLY_STATUS_LIST.filter((s) => s !== 'DRAFT');

/** /ops/onboarding: the applications waiting for a decision, oldest first, with filters and assignment. */
export default function OnboardingQueuePage() {
  const { t } = useTranslation(ONB_NS);
  const { t: to } = useTranslation(ONBOARDING_NS);
  const list = useOnboardingQueue(useQueueFilter(QUEUE_STATUSES));
  const assign = useAssignApplication();
  return (
    <ReviewQueue<OnboardingQueueItem>
      ns={ONB_NS}
      path="/onboarding"
      statuses={QUEUE_STATUSES}
      statusLabel={(s) => to(`status.${s}`)}
      list={list}
      assign={assign}
      permission="ops:onboarding:review"
      open={(row) => row.status === 'SUBMITTED' || row.status === 'AUDITING'}
      merchant={(row) => (
        <QueueMerchant
          name={row.shortName ?? row.name ?? '—'}
          about={[row.type && to(`type.${row.type}`), to(`source.${row.source}`)].filter(Boolean).join(' · ')}
        />
      )}
      asks={{
        column: { title: t('queue.col.company'), dataIndex: 'companyName', ellipsis: true },
        card: (row) => (
          <Typography.Text type="secondary">
            {row.applyNo} · {row.companyName}
          </Typography.Text>
        ),
      }}
      status={(row) => (
        <Space size={4} wrap>
          <ApplyStatusTag status={row.status} />
          {row.submissions > 1 && <Tag color="orange">{t('queue.resubmitted', { n: row.submissions })}</Tag>}
        </Space>
      )}
      statusWidth={180}
      scrollX={1080}
      testId="onboarding-queue"
    />
  );
}
