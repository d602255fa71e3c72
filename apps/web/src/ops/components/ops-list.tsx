import type { ReactNode } from 'react';
import { Empty, Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import type { InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeysetTable, type KeysetList } from '@/components/keyset-table';
import { LoadError } from '@/components/load-error';
import { SHARED_NS } from './i18n';

type Paged<T> = InfiniteData<{ rows: T[]; hasMore: boolean; nextCursor: string | null }>;
/** A keyset list's query (TanStack's infinite query of `{rows, hasMore, nextCursor}` pages). */
export type OpsKeysetList<T> = KeysetList & { data: Paged<T> | undefined };

/** What every console list is given: its columns from 768 px, and the card of a row on a phone. */
interface ListProps<T> {
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  card: (row: T) => ReactNode;
  /** The table's width from 768 px, scrolled sideways in a narrower window. */
  scrollX: number;
  empty: string;
  loadErrorTitle: string;
  testId: string;
}

/** Below 768 px the columns are one card column (the header hidden): a phone never scrolls a list sideways. */
function useColumns<T>(
  columns: TableColumnsType<T>,
  card: (row: T) => ReactNode,
): { narrow: boolean; columns: TableColumnsType<T> } {
  const narrow = !Grid.useBreakpoint().md;
  return { narrow, columns: narrow ? [{ key: 'card', render: (_: unknown, row: T) => card(row) }] : columns };
}

const emptyText = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;

/** A keyset list of the console: a table at 768 px and up, one card a row on a phone, "load more", every state. */
export function OpsList<T extends object>({
  list,
  expandable,
  ...props
}: ListProps<T> & {
  list: OpsKeysetList<T>;
  /** Rows that open to show more (a table from 768 px; the phone's card shows it all). */
  expandable?: { expandedRowRender: (row: T) => ReactNode };
}) {
  const { t } = useTranslation(SHARED_NS);
  const shown = useColumns(props.columns, props.card);
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <KeysetTable<T>
      list={list}
      rows={rows}
      rowKey={props.rowKey}
      columns={shown.columns}
      narrow={shown.narrow}
      scrollX={props.scrollX}
      empty={emptyText(props.empty)}
      testId={props.testId}
      expandable={shown.narrow ? undefined : expandable}
      loadErrorTitle={props.loadErrorTitle}
      moreText={t('list.more')}
      endText={t('list.end', { n: rows.length })}
    />
  );
}

/** What a list read whole (one query answering every row) gives the table. */
interface WholeList<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T[] | undefined;
  refetch: () => Promise<unknown>;
}

/** A list of the console read whole (the operators, a range of days): the same table and cards, no "load more". */
export function OpsTable<T extends object>({
  query,
  rowKey,
  rowClassName,
  ...props
}: Omit<ListProps<T>, 'rowKey'> & {
  query: WholeList<T>;
  /** A field, or the row's key made of several. */
  rowKey: (keyof T & string) | ((row: T) => string);
  rowClassName?: TableProps<T>['rowClassName'];
}) {
  const shown = useColumns(props.columns, props.card);
  if (query.isError)
    return <LoadError title={props.loadErrorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      loading={query.isPending}
      dataSource={query.data ?? []}
      columns={shown.columns}
      showHeader={!shown.narrow}
      pagination={false}
      scroll={shown.narrow ? undefined : { x: props.scrollX }}
      rowClassName={rowClassName}
      locale={{ emptyText: query.isPending ? ' ' : emptyText(props.empty) }}
      data-testid={props.testId}
    />
  );
}
