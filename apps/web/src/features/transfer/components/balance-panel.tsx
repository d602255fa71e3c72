import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FigureBar } from '@/components/figure-bar';
import { yuan } from '@/lib/money';
import { useSession } from '@/lib/session';
import { useBalance } from '../api/balance';
import { NS } from '../i18n';

/**
 * A merchant of the session's list and its balance in one glance: pending (not yet settled), available (may be
 * transferred) and in transit (transfers waiting for the channel). Read again while money is in transit.
 */
export function BalancePanel({ mchNo, onChange }: { mchNo: string | null; onChange: (mchNo: string) => void }) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const balance = useBalance(mchNo);
  const b = balance.data;
  const figure = (key: 'pending' | 'available' | 'inTransit', fen: number | undefined) => ({
    key,
    label: t(`balance.${key}`),
    hint: t(`balance.${key}Hint`),
    value: fen === undefined ? undefined : yuan(fen),
    ...(key === 'available' ? { tone: 'net' as const } : {}),
  });
  return (
    <section className="transfer-balance" aria-label={t('balance.label')}>
      <div className="transfer-balance-mch">
        <label htmlFor="transfer-balance-mch">{t('balance.merchant')}</label>
        <Select
          id="transfer-balance-mch"
          value={mchNo ?? undefined}
          onChange={onChange}
          showSearch={{ optionFilterProp: 'label' }}
          options={mchList.map((m) => ({ value: m.mchNo, label: `${m.name} ${m.mchNo}` }))}
          placeholder={t('balance.choose')}
          aria-label={t('balance.merchant')}
          data-testid="balance-mch"
        />
      </div>
      <FigureBar
        label={t('balance.label')}
        testId="balance"
        error={balance.error}
        errorTitle={t('balance.loadError')}
        onRetry={() => void balance.refetch()}
        figures={[
          figure('pending', b?.pendingFen),
          figure('available', b?.availableFen),
          figure('inTransit', b?.inTransitFen),
        ]}
      />
    </section>
  );
}
