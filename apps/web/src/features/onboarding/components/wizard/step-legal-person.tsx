import { Checkbox, DatePicker, Input, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ID_LONG_TERM } from '@mchweb/contract/onboarding/application';
import { NS } from '../../i18n';
import { Field } from './field';

const DAY = 'YYYY-MM-DD';
const asDay = (value: string | undefined) => (value && dayjs(value, DAY, true).isValid() ? dayjs(value, DAY) : null);

/** A day as the contract's `YYYY-MM-DD` text, picked from a calendar. */
function DayInput({
  value,
  onChange,
  onBlur,
  id,
  testId,
  disabled,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  onBlur?: () => void;
  id?: string;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <DatePicker
      id={id}
      value={asDay(value)}
      onChange={(d) => onChange?.(d ? d.format(DAY) : undefined)}
      onBlur={onBlur}
      format={DAY}
      placeholder={t('placeholder.day')}
      disabled={disabled}
      inputReadOnly={false}
      style={{ width: 180 }}
      data-testid={testId}
    />
  );
}

/** The last day of validity, or long-term (长期, `ID_LONG_TERM`). */
function ValidToInput({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation(NS);
  const longTerm = value === ID_LONG_TERM;
  return (
    <Space wrap>
      <DayInput
        id={id}
        value={longTerm ? undefined : value}
        onChange={onChange}
        disabled={longTerm}
        testId="wizard-legalPerson-idValidTo"
      />
      <Checkbox
        checked={longTerm}
        onChange={(e) => onChange?.(e.target.checked ? ID_LONG_TERM : undefined)}
        data-testid="wizard-legalPerson-longTerm"
      >
        {t('field.longTerm')}
      </Checkbox>
    </Space>
  );
}

/** Step 2, the legal person (法人 / 经营者) and their resident identity card. */
export function StepLegalPerson() {
  const { t } = useTranslation(NS);
  return (
    <>
      <Field name={['legalPerson', 'name']} label={t('field.personName')} required>
        <Input maxLength={50} autoComplete="name" data-testid="wizard-legalPerson-name" />
      </Field>
      <Field
        name={['legalPerson', 'idNumber']}
        label={t('field.idNumber')}
        extra={t('fieldHint.idNumber')}
        normalize={(v: string | undefined) => v?.toUpperCase().replace(/\s/g, '')}
        required
      >
        <Input maxLength={18} className="mono" autoComplete="off" data-testid="wizard-legalPerson-idNumber" />
      </Field>
      <Field name={['legalPerson', 'idValidFrom']} label={t('field.idValidFrom')} judge="change" required>
        <DayInput testId="wizard-legalPerson-idValidFrom" />
      </Field>
      <Field name={['legalPerson', 'idValidTo']} label={t('field.idValidTo')} judge="change" required>
        <ValidToInput />
      </Field>
    </>
  );
}
