import { Button, Dropdown, Form } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHANNELS, type Channel } from '@mchweb/contract/merchant/schemas';
import { TwodigitInput } from '@/components/numeric-input';
import { NS } from '../../i18n';
import { Field } from './field';
import { DEFAULT_RATES, type WizardValues } from './form-values';
import { fieldProblems } from './issues';

/**
 * Step 4, the fee rate (‰, one decimal, at most 9.9: the seed's `twodigit` input) on each channel the merchant
 * takes. A channel can be removed and added back; the list's index is the one the server's messages name.
 */
export function StepRates() {
  const { t } = useTranslation(NS);
  const form = Form.useFormInstance<WizardValues>();
  const rates = (Form.useWatch('rates') as WizardValues['rates']) ?? [];
  const missing = CHANNELS.filter((c) => !rates.some((r) => r?.channel === c));
  return (
    <>
      <p className="wizard-note">{t('rates.intro')}</p>
      <Form.List
        name="rates"
        rules={[
          {
            // The list's own problems (no channel at all); each rate's are beside its input.
            validator: async () => {
              const texts = fieldProblems(['rates'], form.getFieldsValue(true), t, (i) => i.path.at(-1) !== 'rate');
              if (texts.length) throw new Error(texts.join(t('issue.separator')));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => {
              const channel = form.getFieldValue(['rates', field.name, 'channel']) as Channel;
              return (
                <div className="wizard-rate" key={field.key}>
                  <Field
                    name={[field.name, 'rate']}
                    path={['rates', field.name, 'rate']}
                    label={t(`channel.${channel}`)}
                    required
                    extra={t('rates.default', { rate: DEFAULT_RATES[channel] })}
                    className="wizard-rate-field"
                  >
                    <TwodigitInput suffix="‰" style={{ width: 140 }} data-testid={`wizard-rate-${channel}`} />
                  </Field>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('rates.remove', { channel: t(`channel.${channel}`) })}
                    onClick={() => remove(field.name)}
                  />
                </div>
              );
            })}
            <Form.ErrorList errors={errors} />
            {missing.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: missing.map((c) => ({ key: c, label: t(`channel.${c}`) })),
                  onClick: ({ key }) => add({ channel: key, rate: String(DEFAULT_RATES[key as Channel]) }),
                }}
              >
                <Button icon={<PlusOutlined />} data-testid="wizard-rate-add">
                  {t('rates.add')}
                </Button>
              </Dropdown>
            )}
          </>
        )}
      </Form.List>
    </>
  );
}
