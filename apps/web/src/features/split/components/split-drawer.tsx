import { Alert, Descriptions, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SplitItem } from '@mchweb/contract';
import { DetailDrawer } from '@/components/detail-drawer';
import { useSplitDetail } from '../api/split-detail';
import { CancelButton } from './cancel-button';
import { SplitStatusTag, ReceiverTypeIcon } from './tags';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

const DESCRIBED = { size: 'small', column: 1, bordered: true, styles: { label: { width: '36%' } } } as const;

/** One application: status, merchant, receivers with ratios, total, when it applies from, reason, times; cancel. */
export function SplitDrawer({
  applyNo,
  onClose,
  narrow,
}: {
  applyNo: string | null;
  onClose: () => void;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <DetailDrawer
      open={applyNo !== null}
      onClose={onClose}
      narrow={narrow}
      width={600}
      title={t('drawer.title')}
      closeLabel={t('drawer.close')}
      loadErrorTitle={t('drawer.loadError')}
      detail={useSplitDetail(applyNo)}
      testId="split-drawer"
    >
      {(x) => <DetailBody x={x} />}
    </DetailDrawer>
  );
}

type Receiver = SplitItem['receivers'][number];

function DetailBody({ x }: { x: SplitItem }) {
  const { t } = useTranslation(NS);
  const item = (key: string, label: string, children: React.ReactNode) => ({ key, label, children });
  return (
    // Focusable, so a keyboard scrolls the drawer (axe: scrollable-region-focusable).
    <div className="split-detail" tabIndex={0} role="region" aria-label={x.applyNo}>
      <header className="split-detail-head">
        <Space size={8} wrap>
          <h2 data-testid="split-detail-total">{x.totalRatio}%</h2>
          <SplitStatusTag status={x.status} />
        </Space>
        <div className="split-muted split-mono" data-testid="split-detail-no">
          {x.applyNo}
        </div>
      </header>
      {x.status === 'SUBMITTED' && <Alert type="info" showIcon title={t('drawer.waiting')} className="split-note" />}
      {x.status === 'APPROVED' && x.effectiveFrom && (
        <Alert
          type="success"
          showIcon
          title={t('drawer.approved', { day: x.effectiveFrom })}
          className="split-note"
          data-testid="split-detail-approved"
        />
      )}
      {x.status === 'REJECTED' && (
        <Alert
          type="warning"
          showIcon
          title={t('drawer.rejected')}
          description={x.rejectReason ?? undefined}
          className="split-note"
          data-testid="split-detail-rejected"
        />
      )}
      <Descriptions
        {...DESCRIBED}
        items={[
          item(
            'merchant',
            t('drawer.merchant'),
            <>
              {x.mchName} <span className="split-muted split-mono">{x.mchNo}</span>
            </>,
          ),
          item('total', t('drawer.total'), `${x.totalRatio}%`),
          item('effectiveFrom', t('drawer.effectiveFrom'), x.effectiveFrom ?? '—'),
          ...(x.rejectReason ? [item('rejectReason', t('drawer.rejectReason'), x.rejectReason)] : []),
          item('remark', t('drawer.remark'), x.remark || '—'),
          item('created', t('drawer.created'), businessTime(x.createdAt)),
          item('decided', t('drawer.decided'), businessTime(x.decidedAt)),
        ]}
      />
      <h3>{t('drawer.receivers')}</h3>
      <Table<Receiver>
        size="small"
        pagination={false}
        rowKey={(r) => `${r.type}-${r.mchNo ?? ''}-${r.name}-${r.accountNoMasked ?? ''}`}
        dataSource={x.receivers}
        data-testid="split-detail-receivers"
        columns={[
          {
            title: t('drawer.name'),
            key: 'name',
            render: (_: unknown, r: Receiver) => (
              <Space size={6}>
                <ReceiverTypeIcon type={r.type} />
                <span>{r.name}</span>
              </Space>
            ),
          },
          {
            title: t('drawer.account'),
            key: 'account',
            render: (_: unknown, r: Receiver) =>
              r.type === 'MERCHANT' ? (
                <span className="split-mono">{r.mchNo}</span>
              ) : (
                <>
                  <span className="split-mono">{r.accountNoMasked}</span>
                  {r.bankName && <div className="split-muted">{r.bankName}</div>}
                </>
              ),
          },
          {
            title: t('drawer.ratio'),
            dataIndex: 'ratio',
            align: 'right' as const,
            render: (v: number) => <span className="split-ratio-value">{v}%</span>,
          },
        ]}
      />
      {x.status === 'SUBMITTED' && (
        <div className="split-detail-actions">
          <CancelButton item={x} block />
        </div>
      )}
    </div>
  );
}
