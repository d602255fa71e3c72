import type { ReactNode } from 'react';
import { Button, Space, Typography, type TableColumnsType, type TableColumnType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Age } from './age';
import { AssignCell, type Assign, type Assignee } from './assign-cell';
import { OpsList, type OpsKeysetList } from './ops-list';
import { OpsPageHeader } from './ops-page';
import { QueueFilters } from './queue-filters';
import { useCan } from '../session';

/** What every application waiting for a reviewer has: its number, how long it has waited, who has taken it. */
export interface QueueItem {
  applyNo: string;
  ageSeconds: number;
  assignee: Assignee | null;
}

/**
 * A queue of applications waiting for a decision (onboarding, profit-sharing): the filters in the address, oldest
 * first, each row's merchant, what it asks, status, wait and who has taken it, and the button that opens its review.
 * A table from 768 px, one card a row on a phone. Its texts are the page's own namespace's `queue.*`.
 */
export function ReviewQueue<T extends QueueItem>({
  ns,
  path,
  statuses,
  statusLabel,
  list,
  assign,
  permission,
  open,
  merchant,
  asks,
  status,
  statusWidth,
  scrollX,
  testId,
}: {
  ns: string;
  /** The queue's path: a row's review is `<path>/<applyNo>`. */
  path: string;
  /** The statuses the filter offers. */
  statuses: readonly string[];
  statusLabel: (status: string) => string;
  list: OpsKeysetList<T>;
  assign: Assign;
  /** The permission that reviews these applications (takes them). */
  permission: string;
  /** The row still waits for a decision (only then is it taken or put back). */
  open: (row: T) => boolean;
  merchant: (row: T) => ReactNode;
  /** What the application asks for: its column, and its line on the phone's card. */
  asks: { column: TableColumnType<T>; card: (row: T) => ReactNode };
  status: (row: T) => ReactNode;
  statusWidth: number;
  scrollX: number;
  testId: string;
}) {
  const { t } = useTranslation(ns);
  const canReview = useCan()(permission);
  const who = (row: T) => (
    <AssignCell
      assignee={row.assignee}
      canAssign={canReview && open(row)}
      busy={assign.isPending && assign.variables?.applyNo === row.applyNo}
      onAssign={(to) => assign.mutateAsync({ applyNo: row.applyNo, to })}
    />
  );
  const review = (row: T) => (
    <Link to={`${path}/${row.applyNo}`} data-testid="queue-open">
      <Button size="small" type="primary">
        {t('queue.open')}
      </Button>
    </Link>
  );
  const whom = (row: T) => <div data-testid={`queue-row-${row.applyNo}`}>{merchant(row)}</div>;
  const columns: TableColumnsType<T> = [
    {
      title: t('queue.col.applyNo'),
      dataIndex: 'applyNo',
      width: 210,
      render: (applyNo: string) => <Link to={`${path}/${applyNo}`}>{applyNo}</Link>,
    },
    { title: t('queue.col.merchant'), key: 'merchant', render: (_, row) => whom(row) },
    asks.column,
    { title: t('queue.col.status'), key: 'status', width: statusWidth, render: (_, row) => status(row) },
    { title: t('queue.col.age'), dataIndex: 'ageSeconds', width: 130, render: (s: number) => <Age seconds={s} /> },
    { title: t('queue.col.assignee'), key: 'assignee', width: 190, render: (_, row) => who(row) },
    { title: t('queue.col.actions'), key: 'open', width: 90, fixed: 'right', render: (_, row) => review(row) },
  ];
  return (
    <>
      <OpsPageHeader title={t('queue.title')} intro={t('queue.intro')} />
      <QueueFilters statuses={statuses} statusLabel={statusLabel} placeholder={t('queue.q')} />
      <OpsList<T>
        list={list}
        rowKey="applyNo"
        columns={columns}
        scrollX={scrollX}
        testId={testId}
        empty={t('queue.empty')}
        loadErrorTitle={t('queue.loadError')}
        card={(row) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              {whom(row)}
              {review(row)}
            </div>
            {asks.card(row)}
            <Space wrap>
              {status(row)}
              <Age seconds={row.ageSeconds} />
            </Space>
            {who(row)}
          </div>
        )}
      />
    </>
  );
}

/** The merchant of a queue's row: its name, and a line under it. */
export function QueueMerchant({ name, about }: { name: ReactNode; about: ReactNode }) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{name}</Typography.Text>
      <Typography.Text type="secondary">{about}</Typography.Text>
    </Space>
  );
}
