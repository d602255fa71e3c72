import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SplitQueueItem } from '@mchweb/contract/ops/schemas';
import { NS as SPLIT_NS } from '@/features/split/i18n';

type SplitStatus = SplitQueueItem['status'];
const STATUS_COLOR: Record<SplitStatus, string> = {
  SUBMITTED: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELED: 'default',
};
// Its keys, not the contract's list: that module builds zod schemas, which this chunk does without.
export const SPLIT_STATUS_LIST = Object.keys(STATUS_COLOR) as SplitStatus[];

/** A request's status, in the portal's words and the console's colours. */
export function SplitStatusTag({ status }: { status: SplitStatus }) {
  const { t } = useTranslation(SPLIT_NS);
  return <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

/** The receivers of a split, one line each: name, kind, ratio. */
export function ReceiversText({ receivers }: { receivers: SplitQueueItem['receivers'] }) {
  const { t } = useTranslation(SPLIT_NS);
  return (
    <Space orientation="vertical" size={0}>
      {receivers.map((r, i) => (
        <Typography.Text key={i}>
          {/* A no-break space: "10" and "%" never on two lines. */}
          {r.name} <Typography.Text type="secondary">({t(`receiverType.${r.type}`)})</Typography.Text> {r.ratio}&nbsp;%
        </Typography.Text>
      ))}
    </Space>
  );
}
