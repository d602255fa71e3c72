import type { ReactNode } from 'react';
import { Button, Table, type TableColumnsType } from 'antd';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { NS } from '../i18n';

interface Props<T> {
  query: UseInfiniteQueryResult<unknown, Error>;
  rows: T[];
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  /** A phone: one column of cards, no header, no sideways scroll. */
  narrow: boolean;
  scrollX: number;
  empty: ReactNode;
  loadError: string;
  testId: string;
}

/** A keyset list of this area: the table, "load more" while `hasMore`, the end, and a failure with a retry. */
export function PagedTable<T extends object>({
  query,
  rows,
  rowKey,
  columns,
  narrow,
  scrollX,
  empty,
  loadError,
  testId,
}: Props<T>) {
  const { t } = useTranslation(NS);
  if (query.isError) return <LoadError title={loadError} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        loading={query.isPending}
        dataSource={rows}
        columns={columns}
        showHeader={!narrow}
        pagination={false}
        scroll={narrow ? undefined : { x: scrollX }}
        locale={{ emptyText: query.isPending ? ' ' : empty }}
        data-testid={testId}
      />
      {rows.length > 0 && (
        <div className="onboarding-more">
          {query.hasNextPage ? (
            <Button
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              data-testid={`${testId}-more`}
            >
              {t('list.more')}
            </Button>
          ) : (
            <span className="onboarding-muted">{t('list.end', { n: rows.length })}</span>
          )}
        </div>
      )}
    </>
  );
}
