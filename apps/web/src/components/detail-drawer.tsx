import type { ReactNode } from 'react';
import { Drawer, Skeleton } from 'antd';
import { LoadError } from './load-error';

/** What the drawer needs of a TanStack query of one record. */
export interface DetailQuery<T> {
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

/**
 * A drawer with one record read by a query: open while `open`, the whole width on a phone, a skeleton while it
 * loads, a failed read with its reason and a retry, then `children(record)`.
 */
export function DetailDrawer<T>({
  open,
  onClose,
  narrow,
  width,
  title,
  closeLabel,
  loadErrorTitle,
  detail,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  narrow: boolean;
  /** Its width from `md` up. */
  width: number;
  title: string;
  closeLabel: string;
  loadErrorTitle: string;
  detail: DetailQuery<T>;
  testId: string;
  children: (record: T) => ReactNode;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={narrow ? '100%' : width}
      title={title}
      closable={{ 'aria-label': closeLabel }}
      destroyOnHidden
      data-testid={testId}
    >
      {detail.isError ? (
        <LoadError title={loadErrorTitle} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data === undefined ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        children(detail.data)
      )}
    </Drawer>
  );
}
