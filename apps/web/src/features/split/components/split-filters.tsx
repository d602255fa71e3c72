import { Button, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { useSession } from '@/lib/session';
import type { SplitListFilter } from '../api/query-keys';
import { SPLIT_STATUS_LIST, MCH_NO_PATTERN, READABLE_PLACEHOLDERS } from './split-values';
import { NS } from '../i18n';

const listOf = <T extends string>(value: string | null, allowed: (v: string) => v is T): T[] => [
  ...new Set((value ?? '').split(',').filter(allowed)),
];
const isStatus = (v: string): v is (typeof SPLIT_STATUS_LIST)[number] =>
  (SPLIT_STATUS_LIST as readonly string[]).includes(v);
const isMchNo = (v: string): v is string => MCH_NO_PATTERN.test(v);

/**
 * The filter of /div-account as kept in the address: `?status=SUBMITTED,APPROVED&mch=M1,M2`. Values the server
 * would refuse are dropped.
 */
export function filterFromParams(params: URLSearchParams): SplitListFilter {
  const statuses = listOf(params.get('status'), isStatus);
  const mchNos = listOf(params.get('mch'), isMchNo).slice(0, 50);
  return { ...(statuses.length ? { statuses } : {}), ...(mchNos.length ? { mchNos } : {}) };
}

/** The address of a filter, keeping other parameters (the open drawer's `open`). */
export function paramsFromFilter(filter: SplitListFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('status');
  next.delete('mch');
  if (filter.statuses?.length) next.set('status', filter.statuses.join(','));
  if (filter.mchNos?.length) next.set('mch', filter.mchNos.join(','));
  return next;
}

/** Statuses and merchants (from the session's merchant list); each applies at once. */
export function SplitFilters({
  filter,
  onChange,
}: {
  filter: SplitListFilter;
  onChange: (f: SplitListFilter) => void;
}) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const set = (patch: Partial<SplitListFilter>) =>
    onChange(
      Object.fromEntries(Object.entries({ ...filter, ...patch }).filter(([, v]) => v !== undefined)) as SplitListFilter,
    );
  return (
    <ConfigProvider theme={READABLE_PLACEHOLDERS}>
      <div className="split-filters" role="search" aria-label={t('filter.region')}>
        <FilterSelect
          value={filter.statuses}
          onChange={(v) => set({ statuses: v })}
          options={SPLIT_STATUS_LIST.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          label={t('filter.statuses')}
          testId="split-filter-status"
        />
        <FilterSelect
          value={filter.mchNos}
          onChange={(mchNos) => set({ mchNos })}
          options={mchList.map((m) => ({ value: m.mchNo, label: m.name }))}
          label={t('filter.merchants')}
          testId="split-filter-mch"
        />
        {Object.keys(filter).length > 0 && (
          <Button onClick={() => onChange({})} data-testid="split-filter-reset">
            {t('filter.reset')}
          </Button>
        )}
      </div>
    </ConfigProvider>
  );
}
