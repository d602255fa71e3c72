import { Input, Segmented, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OpsFilters } from './ops-page';
import { SHARED_NS } from './i18n';

/** A queue's filters as they live in the address (`?status=SUBMITTED&assignee=me&minAge=24&q=`). */
export interface QueueParams {
  status: string[] | undefined;
  assignee: 'me' | 'nobody' | undefined;
  minAgeHours: number | undefined;
  q: string | undefined;
}

export function useQueueParams(): [QueueParams, (patch: Record<string, string | null>) => void] {
  const [search, setSearch] = useSearchParams();
  const assignee = search.get('assignee');
  const minAge = Number(search.get('minAge'));
  const params: QueueParams = {
    status: search.get('status')?.split(',').filter(Boolean) || undefined,
    assignee: assignee === 'me' || assignee === 'nobody' ? assignee : undefined,
    minAgeHours: Number.isInteger(minAge) && minAge > 0 ? minAge : undefined,
    q: search.get('q')?.trim() || undefined,
  };
  const update = (patch: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        Object.entries(patch).forEach(([k, v]) => (v ? next.set(k, v) : next.delete(k)));
        return next;
      },
      { replace: true },
    );
  return [params, update];
}

/**
 * The filter a queue sends: the address's, with only the statuses the queue knows (`?status=BOGUS` is dropped, not
 * refused by the server).
 */
export function useQueueFilter<S extends string>(statuses: readonly S[]) {
  const [params] = useQueueParams();
  return { ...params, status: params.status?.filter((s): s is S => (statuses as readonly string[]).includes(s)) };
}

/** Status, who has taken it, how long it has waited, and a search: the same four for every queue. */
export function QueueFilters({
  statuses,
  statusLabel,
  placeholder,
}: {
  statuses: readonly string[];
  statusLabel: (status: string) => string;
  placeholder: string;
}) {
  const { t } = useTranslation(SHARED_NS);
  const [params, update] = useQueueParams();
  return (
    <OpsFilters>
      <Input.Search
        className="ops-filter-search"
        allowClear
        defaultValue={params.q}
        placeholder={placeholder}
        aria-label={placeholder}
        onSearch={(q) => update({ q: q.trim() || null })}
      />
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 200 }}
        placeholder={t('queue.status')}
        aria-label={t('queue.status')}
        value={params.status ?? []}
        options={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
        onChange={(v: string[]) => update({ status: v.join(',') || null })}
      />
      <Segmented
        value={params.assignee ?? 'any'}
        options={(['any', 'me', 'nobody'] as const).map((v) => ({ value: v, label: t(`queue.assignee.${v}`) }))}
        onChange={(v) => update({ assignee: v === 'any' ? null : String(v) })}
      />
      <Select
        style={{ minWidth: 140 }}
        aria-label={t('queue.minAge.label')}
        value={String(params.minAgeHours ?? 0)}
        options={[
          { value: '0', label: t('queue.minAge.any') },
          { value: '4', label: t('queue.minAge.h4') },
          { value: '24', label: t('queue.minAge.h24') },
          { value: '72', label: t('queue.minAge.h72') },
        ]}
        onChange={(v) => update({ minAge: v === '0' ? null : v })}
      />
    </OpsFilters>
  );
}
