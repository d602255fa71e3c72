import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_LABELS, MERCHANT_TYPES } from '@mchweb/contract/merchant/schemas';
import { currentLanguage } from '@/i18n';
import { NS } from '../../i18n';
import { Field } from './field';

const upper = (v: string | undefined) => v?.toUpperCase().replace(/\s/g, '');

/** Step 1, the subject (主体): type, names, credit code (none for small-micro), category, address, phone. */
export function StepSubject() {
  const { t } = useTranslation(NS);
  const type = Form.useWatch(['subject', 'type'], { preserve: true }) as string | undefined;
  const lang = currentLanguage();
  return (
    <>
      <Field
        name={['subject', 'type']}
        label={t('field.type')}
        required
        judge="change"
        extra={type && t(`typeHint.${type}`)}
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          className="wizard-type"
          options={MERCHANT_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          data-testid="wizard-subject-type"
        />
      </Field>
      <Field name={['subject', 'name']} label={t('field.name')} extra={t('fieldHint.name')} required>
        <Input maxLength={100} autoComplete="organization" data-testid="wizard-subject-name" />
      </Field>
      <Field name={['subject', 'shortName']} label={t('field.shortName')} extra={t('fieldHint.shortName')} required>
        <Input maxLength={20} data-testid="wizard-subject-shortName" />
      </Field>
      {type !== 'SMALL_MICRO' && (
        <Field
          name={['subject', 'creditCode']}
          label={t('field.creditCode')}
          extra={type === 'INDIVIDUAL' ? t('fieldHint.creditCode92') : t('fieldHint.creditCode')}
          normalize={upper}
          required
        >
          <Input maxLength={18} className="mono" autoComplete="off" data-testid="wizard-subject-creditCode" />
        </Field>
      )}
      <Field name={['subject', 'category']} label={t('field.category')} required judge="change">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('placeholder.choose')}
          options={BUSINESS_CATEGORIES.map((c) => ({ value: c, label: BUSINESS_CATEGORY_LABELS[c][lang] }))}
          data-testid="wizard-subject-category"
        />
      </Field>
      <Field name={['subject', 'address']} label={t('field.address')} required>
        <Input maxLength={200} autoComplete="street-address" data-testid="wizard-subject-address" />
      </Field>
      <Field
        name={['subject', 'servicePhone']}
        label={t('field.servicePhone')}
        extra={t('fieldHint.servicePhone')}
        required
      >
        <Input maxLength={20} inputMode="tel" autoComplete="tel" data-testid="wizard-subject-servicePhone" />
      </Field>
    </>
  );
}
