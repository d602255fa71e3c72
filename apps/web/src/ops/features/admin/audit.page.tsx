import { Col, Input, Row, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OpsAuditItem } from '@mchweb/contract/ops/schemas';
import { businessTime } from '@/lib/business-time';
import { OpsList } from '../../components/ops-list';
import { OpsFilters, OpsPageHeader } from '../../components/ops-page';
import { useAuditLog } from './api';
import { ADMIN_NS } from './i18n';
import './audit.css';

/** A value as the log shows it: an object's keys one a line, the keys that changed marked. */
function Snapshot({ value, other, title }: { value: unknown; other: unknown; title: string }) {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  const otherRecord = other && typeof other === 'object' ? (other as Record<string, unknown>) : {};
  return (
    <div className="ops-audit-snapshot">
      <Typography.Text strong>{title}</Typography.Text>
      {record ? (
        <dl>
          {Object.entries(record).map(([k, v]) => (
            <div
              key={k}
              className={JSON.stringify(v) !== JSON.stringify(otherRecord[k]) ? 'ops-audit-changed' : undefined}
            >
              <dt>{k}</dt>
              <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <pre>{value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}</pre>
      )}
    </div>
  );
}

function BeforeAfter({ row }: { row: OpsAuditItem }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Snapshot title={t('audit.before')} value={row.before} other={row.after} />
      </Col>
      <Col xs={24} md={12}>
        <Snapshot title={t('audit.after')} value={row.after} other={row.before} />
      </Col>
    </Row>
  );
}

/** /ops/audit: every operator action with before and after, filtered by action and target. */
export default function AuditPage() {
  const { t } = useTranslation(ADMIN_NS);
  const [search, setSearch] = useSearchParams();
  const action = search.get('action') ?? '';
  const targetId = search.get('target') ?? '';
  const set = (key: string, value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const list = useAuditLog({ action: action || undefined, targetId: targetId || undefined });
  const who = (r: OpsAuditItem) => r.operatorName ?? t('audit.system');
  const columns: TableColumnsType<OpsAuditItem> = [
    { title: t('audit.col.at'), dataIndex: 'at', width: 170, render: (v: string) => businessTime(v, 'second') },
    { title: t('audit.col.operator'), key: 'who', width: 140, render: (_, r) => who(r) },
    { title: t('audit.col.action'), dataIndex: 'action', width: 200, render: (v: string) => <code>{v}</code> },
    {
      title: t('audit.col.target'),
      key: 'target',
      width: 220,
      render: (_, r) => [r.targetType, r.targetId].filter(Boolean).join(' ') || '—',
    },
    { title: t('audit.col.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
    { title: t('audit.col.ip'), dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
  ];
  return (
    <>
      <OpsPageHeader title={t('audit.title')} intro={t('audit.intro')} />
      <OpsFilters>
        <Input.Search
          allowClear
          defaultValue={action}
          placeholder={t('audit.action')}
          aria-label={t('audit.action')}
          style={{ width: 240 }}
          onSearch={(v) => set('action', v.trim())}
        />
        <Input.Search
          allowClear
          defaultValue={targetId}
          placeholder={t('audit.target')}
          aria-label={t('audit.target')}
          style={{ width: 240 }}
          onSearch={(v) => set('target', v.trim())}
        />
      </OpsFilters>
      <OpsList<OpsAuditItem>
        list={list}
        rowKey="id"
        columns={columns}
        scrollX={1060}
        testId="ops-audit"
        empty={t('audit.empty')}
        loadErrorTitle={t('audit.loadError')}
        expandable={{ expandedRowRender: (r) => <BeforeAfter row={r} /> }}
        card={(r) => (
          <div className="ops-card-row">
            <div className="ops-card-row-head">
              <code>{r.action}</code>
              <Typography.Text type="secondary">{businessTime(r.at, 'minute')}</Typography.Text>
            </div>
            <Typography.Text>
              {who(r)} · {[r.targetType, r.targetId].filter(Boolean).join(' ')}
            </Typography.Text>
            {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
            <BeforeAfter row={r} />
          </div>
        )}
      />
    </>
  );
}
