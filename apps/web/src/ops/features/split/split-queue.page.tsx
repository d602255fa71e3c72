import { useTranslation } from 'react-i18next';
import type { SplitQueueItem } from '@mchweb/contract/ops/schemas';
import { NS as SPLIT_NS } from '@/features/split/i18n';
import { useQueueFilter } from '../../components/queue-filters';
import { QueueMerchant, ReviewQueue } from '../../components/review-queue';
import { useAssignSplit, useSplitQueue } from './api';
import { OPS_SPLIT_NS } from './i18n';
import { ReceiversText, SPLIT_STATUS_LIST, SplitStatusTag } from './split-parts';

/** /ops/split: profit-sharing requests waiting for a decision, oldest first, with filters and assignment. */
export default function SplitQueuePage() {
  const { t } = useTranslation(OPS_SPLIT_NS);
  const { t: ts } = useTranslation(SPLIT_NS);
  const list = useSplitQueue(useQueueFilter(SPLIT_STATUS_LIST));
  const assign = useAssignSplit();
  return (
    <ReviewQueue<SplitQueueItem>
      ns={OPS_SPLIT_NS}
      path="/split"
      statuses={SPLIT_STATUS_LIST}
      statusLabel={(s) => ts(`status.${s}`)}
      list={list}
      assign={assign}
      permission="ops:split:review"
      open={(row) => row.status === 'SUBMITTED'}
      merchant={(row) => <QueueMerchant name={row.mchName} about={`${row.mchNo} · ${row.companyName}`} />}
      asks={{
        column: {
          title: t('queue.col.receivers'),
          key: 'receivers',
          render: (_, row) => <ReceiversText receivers={row.receivers} />,
        },
        card: (row) => <ReceiversText receivers={row.receivers} />,
      }}
      status={(row) => <SplitStatusTag status={row.status} />}
      statusWidth={110}
      scrollX={1100}
      testId="split-queue"
    />
  );
}
