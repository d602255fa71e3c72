import { Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MEMBER_MERCHANTS_MAX } from '@mchweb/contract/staff/schemas';
import { useSession } from '@/lib/session';
import { NS } from '../i18n';

/** A member's merchants as the form holds them: null = every merchant, else the chosen ids (`mchId`). */
export type MerchantScopeValue = number[] | null;

/**
 * "Merchants: all / only these" (issue 11), one form field named like the server's (`merchantIds`), so a refusal
 * naming it appears right under it. The choices are the session's merchants (`mchList`): those the editor sees.
 * `ownerRole`: the role chosen is Owner, who always sees every merchant (the control is locked to "all").
 */
export function MerchantScopeInput({
  value = null,
  onChange,
  ownerRole = false,
  known = [],
  id,
}: {
  value?: MerchantScopeValue;
  onChange?: (value: MerchantScopeValue) => void;
  ownerRole?: boolean;
  /** Merchants the member has already that the session may not list (the server names them). */
  known?: readonly { mchId: number; mchNo: string; name: string }[];
  id?: string;
}) {
  const { t } = useTranslation(NS);
  const { mchList } = useSession();
  const some = value !== null && !ownerRole;
  const options = [
    ...mchList.map((m) => ({
      value: m.mchId,
      label: `${m.name} (${m.mchNo})${m.status === 'ACTIVE' ? '' : ` · ${t(`scope.status.${m.status}`)}`}`,
    })),
    ...known
      .filter((k) => !mchList.some((m) => m.mchId === k.mchId))
      .map((k) => ({
        value: k.mchId,
        label: `${k.name} (${k.mchNo})`,
      })),
  ];

  return (
    <div className="staff-scope" id={id}>
      <Radio.Group
        value={some ? 'SOME' : 'ALL'}
        disabled={ownerRole}
        onChange={(e) => onChange?.(e.target.value === 'ALL' ? null : (value ?? []))}
        data-testid="scope-choice"
        aria-label={t('scope.label')}
      >
        <Radio value="ALL" data-testid="scope-all">
          {t('scope.all')}
        </Radio>
        <Radio value="SOME" data-testid="scope-some">
          {t('scope.some')}
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
          placeholder={t('scope.placeholder')}
          notFoundContent={mchList.length === 0 ? t('scope.noMerchants') : undefined}
          aria-label={t('scope.pick')}
          data-testid="scope-merchants"
        />
      )}
    </div>
  );
}

/** What the choice means, for the field's `extra` (under the field and its error). */
export const merchantScopeHint = (t: TFunction, value: MerchantScopeValue | undefined, ownerRole = false) =>
  t(ownerRole ? 'scope.ownerAll' : value ? 'scope.hintSome' : 'scope.hintAll');

/** The field's rules: "only these" needs 1 to MEMBER_MERCHANTS_MAX merchants (the server checks the same). */
export function merchantScopeRules(t: TFunction): Rule[] {
  return [
    {
      validator: async (_, value: MerchantScopeValue | undefined) => {
        if (!value) return;
        if (value.length === 0) throw new Error(t('scope.required'));
        if (value.length > MEMBER_MERCHANTS_MAX) throw new Error(t('scope.tooMany', { max: MEMBER_MERCHANTS_MAX }));
      },
    },
  ];
}
