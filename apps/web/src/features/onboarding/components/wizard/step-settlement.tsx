import { AutoComplete, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_ACCOUNT_TYPES } from '@mchweb/contract/merchant/schemas';
import { NS } from '../../i18n';
import { Field } from './field';

/** The banks most merchants settle to (suggestions only: any bank's name may be typed). */
const BANKS = [
  '中国工商银行',
  '中国农业银行',
  '中国银行',
  '中国建设银行',
  '交通银行',
  '中国邮政储蓄银行',
  '招商银行',
  '浦发银行',
  '中信银行',
  '兴业银行',
  '中国民生银行',
  '中国光大银行',
  '平安银行',
  '华夏银行',
  '广发银行',
];

/** Which account types a subject type may use (the contract's rule, shown before it is broken). */
const allowed = (type: string | undefined, accountType: string) =>
  !(type === 'ENTERPRISE' && accountType !== 'CORPORATE') && !(type === 'SMALL_MICRO' && accountType !== 'PERSONAL');

/** Step 3, the settlement account (结算账户): where the merchant's money goes. */
export function StepSettlement() {
  const { t } = useTranslation(NS);
  const type = Form.useWatch(['subject', 'type'], { preserve: true }) as string | undefined;
  const accountType = Form.useWatch(['settlement', 'accountType'], { preserve: true }) as string | undefined;
  return (
    <>
      <Field
        name={['settlement', 'accountType']}
        label={t('field.accountType')}
        judge="change"
        required
        extra={type && t(`accountHint.${type}`)}
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={SETTLEMENT_ACCOUNT_TYPES.map((v) => ({
            value: v,
            label: t(`accountType.${v}`),
            disabled: !allowed(type, v),
          }))}
          data-testid="wizard-settlement-accountType"
        />
      </Field>
      <Field name={['settlement', 'bankName']} label={t('field.bankName')} required>
        <AutoComplete
          options={BANKS.map((b) => ({ value: b }))}
          showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()) }}
          data-testid="wizard-settlement-bankName"
        />
      </Field>
      <Field
        name={['settlement', 'branchName']}
        label={t('field.branchName')}
        extra={t('fieldHint.branchName')}
        required
      >
        <Input maxLength={100} data-testid="wizard-settlement-branchName" />
      </Field>
      <Field
        name={['settlement', 'accountNumber']}
        label={t('field.accountNumber')}
        extra={accountType === 'PERSONAL' ? t('fieldHint.cardNumber') : t('fieldHint.accountNumber')}
        required
      >
        <Input
          maxLength={40}
          inputMode="numeric"
          autoComplete="off"
          className="mono"
          data-testid="wizard-settlement-accountNumber"
        />
      </Field>
      <Field
        name={['settlement', 'accountName']}
        label={t('field.accountName')}
        extra={accountType === 'CORPORATE' ? t('fieldHint.holderSubject') : t('fieldHint.holderPerson')}
        required
      >
        <Input maxLength={100} data-testid="wizard-settlement-accountName" />
      </Field>
    </>
  );
}
