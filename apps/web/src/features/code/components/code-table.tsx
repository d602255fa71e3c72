import type { ReactNode } from 'react';
import { Table } from 'antd';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CodeListItem, CodePage } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { spacedCodeNo, yuan } from './code-values';
import { LoadMore } from './load-more';
import { CodeStatusTag } from './status-tag';
import { NS } from '../i18n';

/**
 * Codes of a keyset list: number, status, merchant, amount, label and the page's actions; one card per code on a
 * phone. Loading, empty, failure with a retry, and "load more" while another page follows.
 */
export function CodeTable({
  query,
  narrow,
  empty,
  actions,
  testId,
}: {
  query: UseInfiniteQueryResult<{ pages: CodePage[] }, Error>;
  narrow: boolean;
  empty: ReactNode;
  actions: (code: CodeListItem) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  if (query.isError) {
    return <LoadError title={t('code.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  }

  const number = (c: CodeListItem) => <span className="code-mono code-card-number">{spacedCodeNo(c.codeNo)}</span>;
  const merchant = (c: CodeListItem) =>
    c.mchNo ? (
      <div>
        <div>{c.mchName}</div>
        <div className="code-muted code-mono">{c.mchNo}</div>
      </div>
    ) : (
      <span className="code-muted">—</span>
    );
  const amount = (c: CodeListItem) =>
    c.fixedAmountFen !== null ? (
      <span className="code-nowrap">{yuan(c.fixedAmountFen)}</span>
    ) : c.mchNo ? (
      <span className="code-muted">{t('code.typedAmount')}</span>
    ) : null;

  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, c: CodeListItem) => (
            <div className="code-card" data-testid={`code-row-${c.codeNo}`}>
              <div className="code-card-head">
                {number(c)}
                <CodeStatusTag status={c.status} />
              </div>
              {c.mchNo && (
                <div className="code-muted">
                  {c.mchName} · {amount(c)}
                  {c.label ? ` · ${c.label}` : ''}
                </div>
              )}
              <div className="code-card-foot">{actions(c)}</div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.codeNo'),
          key: 'codeNo',
          render: (_: unknown, c: CodeListItem) => <span data-testid={`code-row-${c.codeNo}`}>{number(c)}</span>,
        },
        {
          title: t('col.status'),
          dataIndex: 'status',
          render: (s: CodeListItem['status']) => <CodeStatusTag status={s} />,
        },
        { title: t('col.merchant'), key: 'merchant', render: (_: unknown, c: CodeListItem) => merchant(c) },
        { title: t('col.amount'), key: 'amount', render: (_: unknown, c: CodeListItem) => amount(c) },
        { title: t('col.label'), dataIndex: 'label', render: (l: string | null) => l ?? '' },
        { title: t('col.actions'), key: 'actions', render: (_: unknown, c: CodeListItem) => actions(c) },
      ];

  return (
    <>
      <Table<CodeListItem>
        rowKey="codeNo"
        size="small"
        loading={query.isPending}
        dataSource={rows}
        columns={columns}
        showHeader={!narrow}
        pagination={false}
        scroll={narrow ? undefined : { x: 760 }}
        locale={{ emptyText: query.isPending ? ' ' : empty }}
        data-testid={testId}
      />
      <LoadMore
        query={query}
        shown={rows.length}
        more={t('code.more')}
        end={t('code.end', { count: rows.length })}
        testId={`${testId}-more`}
      />
    </>
  );
}
