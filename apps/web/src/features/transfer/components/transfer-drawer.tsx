import { Alert, Descriptions, Drawer, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferItem } from '@mchweb/contract';
import { LoadError } from '@/components/load-error';
import { yuan } from '@/lib/money';
import { useTransferDetail } from '../api/transfer-detail';
import { PayeeTypeTag, TransferStatusTag } from './tags';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

const DESCRIBED = { size: 'small', column: 1, bordered: true, styles: { label: { width: '36%' } } } as const;

/** One transfer: amount and status, from whom to whom, remark, who made it and when; read again while processing. */
export function TransferDrawer({
  transferNo,
  onClose,
  narrow,
}: {
  transferNo: string | null;
  onClose: () => void;
  narrow: boolean;
}) {
  const { t } = useTranslation(NS);
  const detail = useTransferDetail(transferNo);
  const x = detail.data;
  return (
    <Drawer
      open={transferNo !== null}
      onClose={onClose}
      size={narrow ? '100%' : 560}
      title={t('drawer.title')}
      closable={{ 'aria-label': t('drawer.close') }}
      destroyOnHidden
      data-testid="transfer-drawer"
    >
      {detail.isError ? (
        <LoadError title={t('drawer.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !x ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <DetailBody x={x} />
      )}
    </Drawer>
  );
}

function DetailBody({ x }: { x: TransferItem }) {
  const { t } = useTranslation(NS);
  const item = (key: string, label: string, children: React.ReactNode) => ({ key, label, children });
  return (
    // Focusable, so a keyboard scrolls the drawer (axe: scrollable-region-focusable).
    <div className="transfer-detail" tabIndex={0} role="region" aria-label={x.transferNo}>
      <header className="transfer-detail-head">
        <Space size={8} wrap>
          <h2 data-testid="transfer-detail-amount">{yuan(x.amountFen)}</h2>
          <TransferStatusTag status={x.status} />
        </Space>
        <div className="transfer-muted transfer-mono" data-testid="transfer-detail-no">
          {x.transferNo}
        </div>
      </header>
      {x.status === 'PROCESSING' && (
        <Alert type="info" showIcon title={t('drawer.waiting')} className="transfer-note" />
      )}
      {x.status === 'FAILED' && (
        <Alert
          type="warning"
          showIcon
          title={t('drawer.returned')}
          description={x.failReason ?? undefined}
          className="transfer-note"
          data-testid="transfer-detail-failed"
        />
      )}
      <Descriptions
        {...DESCRIBED}
        items={[
          item(
            'merchant',
            t('drawer.merchant'),
            <>
              {x.mchName} <span className="transfer-muted transfer-mono">{x.mchNo}</span>
            </>,
          ),
          item(
            'payee',
            t('drawer.payee'),
            <Space size={6} wrap>
              <PayeeTypeTag type={x.payeeType} />
              <span>{x.payeeName}</span>
              <span className="transfer-mono">{x.accountNoMasked}</span>
            </Space>,
          ),
          item('remark', t('drawer.remark'), x.remark || '—'),
          item('createdBy', t('drawer.createdBy'), x.createdBy ?? '—'),
          item('created', t('drawer.created'), businessTime(x.createdAt)),
          item('finished', t('drawer.finished'), businessTime(x.finishedAt)),
        ]}
      />
    </div>
  );
}
