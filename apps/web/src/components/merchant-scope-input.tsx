import { Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { MEMBER_MERCHANTS_MAX } from '@mchweb/contract/staff/schemas';
import { useSession } from '@/lib/session';
import { SHARED_NS } from './shared-i18n';
import './shared.css';

/** The merchants something is limited to, as a form holds them: null = every merchant, else the chosen ids. */
export type MerchantScopeValue = number[] | null;

/**
 * "Merchants: all / only these": a member's merchants (issue 11), an API key's, a webhook endpoint's. One form field
 * named like the server's (`merchantIds`), so a refusal naming it appears right under it. The choices are the
 * session's merchants (`mchList`): those the person editing sees. `locked`: held at "all" (an Owner always sees every
 * merchant).
 */
export function MerchantScopeInput({
  value = null,
  onChange,
  locked = false,
  known = [],
  id,
}: {
  value?: MerchantScopeValue;
  onChange?: (value: MerchantScopeValue) => void;
  locked?: boolean;
  /** Merchants it has already that the session may not list (the server names them). */
  known?: readonly { mchId: number; mchNo: string; name: string }[];
  id?: string;
}) {
  const { t } = useTranslation(SHARED_NS);
  const { mchList } = useSession();
  const some = value !== null && !locked;
  const options = [
    ...mchList.map((m) => ({
      value: m.mchId,
      label: `${m.name} (${m.mchNo})${m.status === 'ACTIVE' ? '' : ` · ${t(`merchants.status.${m.status}`)}`}`,
    })),
    ...known
      .filter((k) => !mchList.some((m) => m.mchId === k.mchId))
      .map((k) => ({
        value: k.mchId,
        label: `${k.name} (${k.mchNo})`,
      })),
  ];

  return (
    <div className="merchant-scope" id={id}>
      <Radio.Group
        value={some ? 'SOME' : 'ALL'}
        disabled={locked}
        onChange={(e) => onChange?.(e.target.value === 'ALL' ? null : (value ?? []))}
        data-testid="scope-choice"
        aria-label={t('merchants.label')}
      >
        <Radio value="ALL" data-testid="scope-all">
          {t('merchants.all')}
        </Radio>
        <Radio value="SOME" data-testid="scope-some">
          {t('merchants.some')}
        </Radio>
      </Radio.Group>
      {some && (
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
          value={value}
          onChange={(ids: number[]) => onChange?.(ids)}
          options={options}
          placeholder={t('merchants.placeholder')}
          notFoundContent={mchList.length === 0 ? t('merchants.noMerchants') : undefined}
          aria-label={t('merchants.pick')}
          data-testid="scope-merchants"
        />
      )}
    </div>
  );
}

/** The field's rules: "only these" needs 1 to MEMBER_MERCHANTS_MAX merchants (the server checks the same). */
export function useMerchantScopeRules(): Rule[] {
  const { t } = useTranslation(SHARED_NS);
  return [
    {
      validator: async (_, value: MerchantScopeValue | undefined) => {
        if (!value) return;
        if (value.length === 0) throw new Error(t('merchants.required'));
        if (value.length > MEMBER_MERCHANTS_MAX) throw new Error(t('merchants.tooMany', { max: MEMBER_MERCHANTS_MAX }));
      },
    },
  ];
}
