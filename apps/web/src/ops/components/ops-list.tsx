import type { ReactNode } from 'react';
import { Empty, Grid, type TableColumnsType } from 'antd';
import type { InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeysetTable, type KeysetList } from '@/components/keyset-table';
import { SHARED_NS } from './i18n';

type Paged<T> = InfiniteData<{ rows: T[]; hasMore: boolean; nextCursor: string | null }>;

/**
 * A keyset list of the console: a table at 768 px and up, one card a row on a phone (`card`), "load more",
 * the loading, empty and failed states.
 */
export function OpsList<T extends object>({
  list,
  rowKey,
  columns,
  card,
  scrollX,
  empty,
  loadErrorTitle,
  testId,
  expandable,
}: {
  list: KeysetList & { data: Paged<T> | undefined };
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  card: (row: T) => ReactNode;
  scrollX: number;
  empty: string;
  loadErrorTitle: string;
  testId: string;
  /** Rows that open to show more (a table from 768 px; the phone's card shows it all). */
  expandable?: { expandedRowRender: (row: T) => ReactNode };
}) {
  const { t } = useTranslation(SHARED_NS);
  const narrow = !Grid.useBreakpoint().md;
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <KeysetTable<T>
      list={list}
      rows={rows}
      rowKey={rowKey}
      columns={narrow ? [{ key: 'card', render: (_: unknown, row: T) => card(row) }] : columns}
      narrow={narrow}
      scrollX={scrollX}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
      testId={testId}
      expandable={narrow ? undefined : expandable}
      loadErrorTitle={loadErrorTitle}
      moreText={t('list.more')}
      endText={t('list.end', { n: rows.length })}
    />
  );
}
