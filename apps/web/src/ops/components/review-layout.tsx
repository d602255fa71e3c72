import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Skeleton,
  Space,
  Timeline,
  Typography,
  type DescriptionsProps,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { businessTime } from '@/lib/business-time';
import { Age } from './age';
import { AssignCell, useTakenByMe, type Assign } from './assign-cell';
import type { QueueItem } from './review-queue';
import { OpsPageHeader } from './ops-page';
import { useCan } from '../session';
import './review-layout.css';

/** One event of an application's history, oldest first. */
export interface HistoryEntry {
  key: string | number;
  title: ReactNode;
  at: string;
  by: string;
  reason?: string | null;
  /** More under it (a rejection's reasons per field). */
  more?: ReactNode;
  color?: string;
}

/**
 * An application's review (onboarding, profit-sharing): its name and status with the way back to the queue; its
 * facts, wait and who has taken it; what it asks (`children`) and its history on the left, the decision on the
 * right (under it below 1100 px). The decision shows once the operator may review and has taken it; a decided
 * application says so instead. Texts: the page's namespace's `review.*` and `queue.col.*`.
 */
export function ReviewLayout({
  ns,
  queuePath,
  review,
  name,
  status,
  statusName,
  open,
  permission,
  assign,
  facts,
  decision,
  history,
  children,
}: {
  ns: string;
  queuePath: string;
  review: QueueItem;
  name: ReactNode;
  status: ReactNode;
  statusName: string;
  /** It still waits for a decision. */
  open: boolean;
  /** The permission that reviews it (takes it, decides it). */
  permission: string;
  assign: Assign;
  facts: DescriptionsProps['items'];
  decision: ReactNode;
  history: HistoryEntry[];
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const canReview = useCan()(permission);
  const mine = useTakenByMe(review.assignee);
  return (
    <>
      <OpsPageHeader
        title={
          <Space wrap>
            {name}
            {status}
          </Space>
        }
        intro={t('review.title', { applyNo: review.applyNo })}
        extra={
          <Link to={queuePath}>
            <Button icon={<ArrowLeftOutlined />}>{t('review.back')}</Button>
          </Link>
        }
      />
      <Card size="small" className="ops-section">
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 4 }}
          size="small"
          items={[
            ...(facts ?? []),
            { key: 'age', label: t('queue.col.age'), children: <Age seconds={review.ageSeconds} /> },
            {
              key: 'assignee',
              label: t('queue.col.assignee'),
              children: (
                <AssignCell
                  assignee={review.assignee}
                  canAssign={canReview && open}
                  busy={assign.isPending}
                  onAssign={(to) => assign.mutateAsync({ applyNo: review.applyNo, to })}
                />
              ),
            },
          ]}
        />
      </Card>
      <div className="ops-review-grid ops-section">
        <div>
          {children}
          <Card title={t('review.history')} size="small" className="ops-section">
            <ReviewHistory entries={history} empty={t('review.noHistory')} />
          </Card>
        </div>
        <div className="ops-review-side">
          <Card title={t('review.decide')} size="small">
            {!open ? (
              <Alert type="info" showIcon title={t('review.closed', { status: statusName })} />
            ) : !canReview ? null : !mine ? (
              <Alert type="warning" showIcon title={t('review.notAssigned')} />
            ) : (
              decision
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

function ReviewHistory({ entries, empty }: { entries: HistoryEntry[]; empty: string }) {
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <Timeline
      items={entries.map((e) => ({
        key: e.key,
        color: e.color,
        content: (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{e.title}</Typography.Text>
            <Typography.Text type="secondary">
              {businessTime(e.at, 'minute')} · {e.by}
            </Typography.Text>
            {e.reason && <Typography.Text>{e.reason}</Typography.Text>}
            {e.more}
          </Space>
        ),
      }))}
    />
  );
}

/** A review page's detail query: a skeleton while it loads, a retry when it failed, else the review. */
export function ReviewDetail<R>({
  detail,
  loadError,
  children,
}: {
  detail: UseQueryResult<R>;
  loadError: string;
  children: (review: R) => ReactNode;
}) {
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (detail.isError) return <LoadError title={loadError} error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Result status="404" title={loadError} />;
  return children(detail.data);
}
