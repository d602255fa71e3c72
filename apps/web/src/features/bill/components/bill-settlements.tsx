import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BillSummary } from '@mchweb/contract';
import { SettlementStatusTag } from '@/components/reconciliation/settlement-status-tag';
import { yuan } from '@/lib/money';
import { NS } from '../i18n';

/**
 * The day's settlements (one a merchant that moved money), each with its status and net, and a link to it (opened)
 * on /settlement when the member may open that page; then their sum against the day's net (equal once every
 * merchant of the day is settled). None yet: when the day will be settled.
 */
export function BillSettlements({
  summary,
  merchantName,
  canOpenSettlement,
}: {
  summary: BillSummary;
  merchantName: (mchNo: string) => string;
  canOpenSettlement: boolean;
}) {
  const { t } = useTranslation(NS);
  if (summary.settlements.length === 0)
    return (
      <p className="recon-muted" data-testid="bill-settlements-none">
        {t('settlements.none')}
      </p>
    );
  const settled = summary.settlements.reduce((sum, s) => sum + s.netFen, 0);
  const gap = summary.total.netFen - settled;
  return (
    <>
      <ul className="bill-settlements" data-testid="bill-settlements">
        {summary.settlements.map((s) => (
          <li key={s.settleNo} data-testid={`bill-settlement-${s.settleNo}`}>
            <span className="bill-settlement-name">{merchantName(s.mchNo)}</span>
            <SettlementStatusTag status={s.status} />
            <strong className="recon-money">{yuan(s.netFen)}</strong>
            {canOpenSettlement && (
              <Link to={`/settlement?from=${summary.date}&to=${summary.date}&mch=${s.mchNo}&open=${s.settleNo}`}>
                {t('settlements.open')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p
        className={`bill-check ${gap === 0 ? 'bill-check-ok' : 'bill-check-gap'}`}
        data-testid="bill-settlements-check"
      >
        {gap === 0
          ? t('settlements.match', { sum: yuan(settled) })
          : t('settlements.gap', { sum: yuan(settled), gap: yuan(gap) })}
      </p>
    </>
  );
}
