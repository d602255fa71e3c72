import { useTranslation } from 'react-i18next';
import type { DashboardOverview } from '@mchweb/contract';
import type { Figure } from '@/components/figure-bar';
import { count, yuan } from '@/lib/money';
import { DASHBOARD_NS } from '../../dashboard-i18n';

type Totals = DashboardOverview['today'];

/** Today's trade amount, payments, refunds and net, each with yesterday's under it. */
export function useTodayFigures(o: DashboardOverview | undefined): Figure[] {
  const { t } = useTranslation(DASHBOARD_NS);
  const figure = (key: keyof Totals, label: string, show: (v: number) => string, extra?: Partial<Figure>): Figure => ({
    key,
    label,
    value: o && show(o.today[key]),
    sub: o && t('today.yesterday', { value: show(o.yesterday[key]) }),
    ...extra,
  });
  return [
    figure('amountFen', t('today.amount'), yuan),
    figure('count', t('today.count'), count),
    figure('refundedFen', t('today.refunded'), yuan),
    figure('netFen', t('today.net'), yuan, { tone: 'net', hint: t('today.netHint') }),
  ];
}
