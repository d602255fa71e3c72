import { Button, Empty, Grid, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditAction, AuditEntry, AuditTarget } from '@mchweb/contract';
import { currentLanguage } from '@/i18n';
import { AUDIT_WORDS } from '../audit-words';
import { useAuditList } from '../api/audit-list';
import { LoadError } from '@/components/load-error';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

/** The organisation's audit log, newest first, one keyset page at a time ("load more"). */
export function AuditTab() {
  const { t } = useTranslation(NS);
  const audit = useAuditList(true);
  const narrow = !Grid.useBreakpoint().md;

  if (audit.isError)
    return <LoadError title={t('audit.loadError')} error={audit.error} onRetry={() => void audit.refetch()} />;

  const rows = audit.data?.pages.flatMap((p) => p.items) ?? [];
  // An entry written before its action was worded (or by a newer server) shows its key rather than nothing.
  const words = AUDIT_WORDS[currentLanguage()];
  const action = (a: string) => words.actions[a as AuditAction] ?? a;
  const target = (e: AuditEntry) => {
    if (!e.targetType) return '—';
    const type = words.targets[e.targetType as AuditTarget] ?? e.targetType;
    return e.targetId ? `${type} #${e.targetId}` : type;
  };

  const who = (e: AuditEntry) => e.userMobile ?? (e.userId === null ? t('audit.operator') : `#${e.userId}`);

  return (
    <>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={audit.isPending}
        dataSource={rows}
        pagination={false}
        scroll={narrow ? undefined : { x: 760 }}
        locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
        data-testid="audit-table"
        showHeader={!narrow}
        columns={
          narrow
            ? [
                {
                  key: 'entry',
                  render: (_, e) => (
                    <div>
                      <div style={{ fontWeight: 500 }}>
                        {action(e.action)} · {target(e)}
                      </div>
                      <div className="staff-muted">
                        {who(e)} · {businessTime(e.at)} · {e.ip ?? '—'}
                      </div>
                    </div>
                  ),
                },
              ]
            : [
                {
                  title: t('audit.when'),
                  dataIndex: 'at',
                  render: (at: string) => businessTime(at),
                },
                {
                  title: t('audit.who'),
                  key: 'who',
                  render: (_, e) => who(e),
                },
                {
                  title: t('audit.action'),
                  dataIndex: 'action',
                  render: (a: string) => <span title={a}>{action(a)}</span>,
                },
                { title: t('audit.target'), key: 'target', render: (_, e) => target(e) },
                { title: t('audit.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
              ]
        }
      />
      {rows.length > 0 && (
        <div className="staff-more">
          {audit.hasNextPage ? (
            <Button
              onClick={() => void audit.fetchNextPage()}
              loading={audit.isFetchingNextPage}
              data-testid="audit-more"
            >
              {t('audit.loadMore')}
            </Button>
          ) : (
            <span className="staff-muted">{t('audit.end')}</span>
          )}
        </div>
      )}
    </>
  );
}
