import { useTranslation } from 'react-i18next';
import type { BillSummary } from '@mchweb/contract';
import { count, yuan } from '@/lib/money';
import type { Figure } from '../figure-bar';
import { RECON_NS } from './i18n';

/** A merchant-day's figures (a settlement, a bill, a total of either): the contract's `dayFiguresShape`. */
export type DayFigures = BillSummary['total'];

/**
 * The figures of a day, or of a filter's settlements (`withCount`: how many, from `f.count`), for a FigureBar:
 * trade with its count, refunds with theirs, fees, profit sharing, net. Undefined values while `f` loads.
 */
export function useDayFigures(f: (DayFigures & { count?: number }) | undefined, withCount = false): Figure[] {
  const { t } = useTranslation(RECON_NS);
  return [
    ...(withCount ? [{ key: 'count', label: t('figure.count'), value: f && count(f.count ?? 0) }] : []),
    {
      key: 'tradeFen',
      label: t('figure.trade'),
      value: f && yuan(f.tradeFen),
      sub: f && t('figure.tradeCount', { count: f.tradeCount }),
    },
    {
      key: 'refundFen',
      label: t('figure.refund'),
      value: f && yuan(f.refundFen),
      sub: f && t('figure.refundCount', { count: f.refundCount }),
    },
    { key: 'feeFen', label: t('figure.fee'), value: f && yuan(f.feeFen) },
    { key: 'splitFen', label: t('figure.split'), value: f && yuan(f.splitFen) },
    { key: 'netFen', label: t('figure.net'), value: f && yuan(f.netFen), hint: t('figure.netHint'), tone: 'net' },
  ];
}
