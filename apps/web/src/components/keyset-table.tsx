import type { ReactNode } from 'react';
import { Button, Table, type TableColumnsType, type TableProps } from 'antd';
import { LoadError } from './load-error';
import './keyset-table.css';

/** What the table needs of a TanStack infinite query of keyset pages. */
export interface KeysetList {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * The rows of keyset pages (POST .../list answering `{rows, nextCursor, hasMore}`): a table from `md` up, one
 * card a row on a phone (`narrow`: the columns are then one card column and the header is hidden), "load more"
 * while the server says more follow and the count once all are shown. A first read that failed is a retry.
 */
export function KeysetTable<T extends object>({
  list,
  rows,
  rowKey,
  columns,
  narrow,
  scrollX,
  empty,
  testId,
  loadErrorTitle,
  moreText,
  endText,
  expandable,
}: {
  list: KeysetList;
  rows: T[];
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  narrow: boolean;
  /** The table's width from `md` up, scrolled sideways in a narrower window. */
  scrollX: number;
  empty: ReactNode;
  /** The table's test id; "load more" is `<testId>-more`. */
  testId: string;
  loadErrorTitle: string;
  moreText: string;
  endText: string;
  /** Rows that open to show more (antd's expandable rows). */
  expandable?: TableProps<T>['expandable'];
}) {
  if (list.isError && !list.data)
    return <LoadError title={loadErrorTitle} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        loading={list.isPending}
        dataSource={rows}
        columns={columns}
        showHeader={!narrow}
        pagination={false}
        scroll={narrow ? undefined : { x: scrollX }}
        locale={{ emptyText: list.isPending ? ' ' : empty }}
        expandable={expandable}
        data-testid={testId}
      />
      {rows.length > 0 && (
        <div className="keyset-more">
          {list.hasNextPage ? (
            <Button
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              data-testid={`${testId}-more`}
            >
              {moreText}
            </Button>
          ) : (
            <span className="keyset-end">{endText}</span>
          )}
        </div>
      )}
    </>
  );
}
