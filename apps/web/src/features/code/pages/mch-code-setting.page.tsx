import { useState } from 'react';
import { Button, ConfigProvider, Empty, Grid, Input, Select, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CodeListItem } from '@mchweb/contract';
import { Permission } from '@/components/permission';
import { useSession } from '@/lib/session';
import { useCodeList, type CodeListFilter } from '../api/code-list';
import { BindForm } from '../components/bind-form';
import { PngButton, useCodeConfirms } from '../components/code-actions';
import { CodeTable } from '../components/code-table';
import { CODE_STATUS_LIST, codeNoOf, type CodeStatus } from '../components/code-values';
import { NS } from '../i18n';
import '../components/code.css';

/** The filters' placeholders are their only visible labels: dark enough to read (antd's default is 0.25 alpha). */
const READABLE_PLACEHOLDERS = { token: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } };
const DEFAULT_FILTER: CodeListFilter = { status: ['BOUND'] };

/** Status(es), merchant, code number (exact) and label (contains); each applies at once. */
function CodeFilters({ filter, onChange }: { filter: CodeListFilter; onChange: (f: CodeListFilter) => void }) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const set = (patch: Partial<CodeListFilter>) =>
    onChange(
      Object.fromEntries(Object.entries({ ...filter, ...patch }).filter(([, v]) => v !== undefined)) as CodeListFilter,
    );
  return (
    <ConfigProvider theme={READABLE_PLACEHOLDERS}>
      <div className="code-filters" role="search" aria-label={t('filter.label')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={filter.status ?? []}
          onChange={(status: CodeStatus[]) => set({ status: status.length ? status : undefined })}
          options={CODE_STATUS_LIST.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          data-testid="code-filter-status"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          value={filter.mchNo}
          onChange={(mchNo: string | undefined) => set({ mchNo })}
          options={mchList.map((m) => ({ value: m.mchNo, label: `${m.name} (${m.mchNo})` }))}
          placeholder={t('filter.merchant')}
          aria-label={t('filter.merchant')}
          data-testid="code-filter-merchant"
        />
        <Input.Search
          allowClear
          defaultValue={filter.codeNo}
          placeholder={t('filter.codeNo')}
          aria-label={t('filter.codeNo')}
          onSearch={(v) => set({ codeNo: codeNoOf(v) ?? (v.trim() || undefined) })}
          maxLength={20}
          data-testid="code-filter-code-no"
        />
        <Input.Search
          allowClear
          defaultValue={filter.label}
          placeholder={t('filter.labelText')}
          aria-label={t('filter.labelText')}
          onSearch={(v) => set({ label: v.trim() || undefined })}
          maxLength={30}
          data-testid="code-filter-label"
        />
      </div>
    </ConfigProvider>
  );
}

/**
 * /mch-code-setting: bind a code to a merchant (code:bind: typed or scanned, an optional fixed amount and label),
 * and the organisation's codes (bound ones first shown) to move to another merchant or unbind. `?codeNo=` fills
 * the form (the "bind" links of /code-setting).
 */
export default function MchCodeSettingPage() {
  const { t } = useTranslation(NS);
  const narrow = !Grid.useBreakpoint().md;
  const [params] = useSearchParams();
  const fromLink = codeNoOf(params.get('codeNo') ?? '');
  const [preset, setPreset] = useState(fromLink ? { codeNo: fromLink, at: 0 } : null);
  const [filter, setFilter] = useState<CodeListFilter>(DEFAULT_FILTER);
  const list = useCodeList(filter);
  const { confirmUnbind } = useCodeConfirms();

  function edit(code: CodeListItem) {
    setPreset({ codeNo: code.codeNo, at: Date.now() });
    document.getElementById('mch-code-setting-title')?.scrollIntoView({ behavior: 'smooth' });
  }
  const actions = (c: CodeListItem) => (
    <Space size={8} wrap>
      <PngButton code={c} />
      {c.status !== 'DISABLED' && (
        <Permission codes={['code:bind']}>
          <Button size="small" onClick={() => edit(c)} data-testid={`code-edit-${c.codeNo}`}>
            {c.status === 'BOUND' ? t('code.rebind') : t('code.bind')}
          </Button>
        </Permission>
      )}
      {c.status === 'BOUND' && (
        <Permission codes={['code:bind']}>
          <Button size="small" danger onClick={() => confirmUnbind(c)} data-testid={`code-unbind-${c.codeNo}`}>
            {t('code.unbind')}
          </Button>
        </Permission>
      )}
    </Space>
  );
  const filtered = JSON.stringify(filter) !== JSON.stringify({});

  return (
    <section className="code-page" data-testid="page-mch-code-setting" aria-labelledby="mch-code-setting-title">
      <header className="code-head">
        <div>
          <h1 id="mch-code-setting-title">{t('mchCodeSetting.title')}</h1>
          <p className="code-intro">{t('mchCodeSetting.description')}</p>
        </div>
      </header>
      <Permission codes={['code:bind']}>
        <BindForm preset={preset} />
      </Permission>
      <h2>{t('list.title')}</h2>
      <CodeFilters filter={filter} onChange={setFilter} />
      <CodeTable
        query={list}
        narrow={narrow}
        actions={actions}
        testId="code-table"
        empty={
          <Empty description={filtered ? t('code.noMatch') : t('code.empty')}>
            {filtered && (
              <Button onClick={() => setFilter({})} data-testid="code-filter-reset">
                {t('filter.reset')}
              </Button>
            )}
          </Empty>
        }
      />
    </section>
  );
}
