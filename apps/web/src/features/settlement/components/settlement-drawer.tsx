import { Descriptions, Drawer, Skeleton, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SettlementItem } from '@mchweb/contract';
import { FigureBar } from '@/components/figure-bar';
import { LoadError } from '@/components/load-error';
import { useDayFigures } from '@/components/reconciliation/day-figures';
import { RECON_NS } from '@/components/reconciliation/i18n';
import { MovementTable } from '@/components/reconciliation/movement-table';
import { SettlementStatusTag } from '@/components/reconciliation/settlement-status-tag';
import { yuan } from '@/lib/money';
import { useSettlementDetail } from '../api/settlement-detail';
import { useSettlementMovements } from '../api/settlement-movements';
import { NS } from '../i18n';
import { businessTime } from '@/lib/business-time';

/**
 * One settlement: its number, day, merchant and status (a failure's reason and the attempts so far), its figures,
 * and the payments and refunds it covers (keyset pages). `canOpenBill`: a link to the day's trade bill (the
 * member may open /bill).
 */
export function SettlementDrawer({
  settleNo,
  onClose,
  narrow,
  canOpenBill,
}: {
  settleNo: string | null;
  onClose: () => void;
  narrow: boolean;
  canOpenBill: boolean;
}) {
  const { t } = useTranslation(NS);
  const detail = useSettlementDetail(settleNo);
  return (
    <Drawer
      open={settleNo !== null}
      onClose={onClose}
      size={narrow ? '100%' : 760}
      title={t('drawer.title')}
      closable={{ 'aria-label': t('drawer.close') }}
      destroyOnHidden
      data-testid="settlement-drawer"
    >
      {detail.isError ? (
        <LoadError title={t('drawer.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DetailBody s={detail.data} narrow={narrow} canOpenBill={canOpenBill} />
      )}
    </Drawer>
  );
}

function DetailBody({ s, narrow, canOpenBill }: { s: SettlementItem; narrow: boolean; canOpenBill: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tr } = useTranslation(RECON_NS);
  const figures = useDayFigures(s);
  const movements = useSettlementMovements(s.settleNo);
  const item = (key: string, label: string, children: React.ReactNode) => ({ key, label, children });
  return (
    // Focusable, so a keyboard scrolls the drawer (axe: scrollable-region-focusable).
    <div className="settlement-detail" tabIndex={0} role="region" aria-label={s.settleNo}>
      <header>
        <Space size={8} wrap>
          <h2 className="settlement-detail-net" data-testid="settlement-detail-net">
            {yuan(s.netFen)}
          </h2>
          <SettlementStatusTag status={s.status} />
        </Space>
        <div className="recon-muted">
          {s.settleDate} · {s.mchName}
        </div>
        {s.failReason && (
          <p className="settlement-fail" data-testid="settlement-detail-fail">
            {tr('failReason', { reason: s.failReason })} {tr('attempts', { count: s.attempts })}
          </p>
        )}
      </header>
      <section>
        <Descriptions
          size="small"
          column={1}
          bordered
          styles={{ label: { width: '34%' } }}
          items={[
            item('settleNo', t('drawer.settleNo'), <span className="recon-mono">{s.settleNo}</span>),
            item('day', t('drawer.day'), s.settleDate),
            item(
              'merchant',
              t('drawer.merchant'),
              <>
                {s.mchName} <span className="recon-muted recon-mono">{s.mchNo}</span>
              </>,
            ),
            item('created', t('drawer.created'), businessTime(s.createdAt)),
            item('settledAt', t('drawer.settledAt'), s.settledAt ? businessTime(s.settledAt) : t('drawer.notSettled')),
            item('attempts', t('drawer.attempts'), s.attempts),
          ]}
        />
      </section>
      <section aria-labelledby="settlement-figures">
        <h3 id="settlement-figures">{t('drawer.figures')}</h3>
        <FigureBar figures={figures} label={t('drawer.figures')} testId="settlement-detail" />
      </section>
      <section aria-labelledby="settlement-movements">
        <div className="settlement-section-head">
          <h3 id="settlement-movements">{t('drawer.movements')}</h3>
          {canOpenBill && (
            <Link to={`/bill?mch=${s.mchNo}&date=${s.settleDate}`} data-testid="settlement-open-bill">
              {t('drawer.bill')}
            </Link>
          )}
        </div>
        <p className="recon-muted">{t('drawer.movementsHint')}</p>
        <MovementTable query={movements} narrow={narrow} testId="settlement-movements" />
      </section>
    </div>
  );
}
