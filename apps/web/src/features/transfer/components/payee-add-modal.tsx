import { Alert, Form, Input, Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { bankCardProblem } from '@mchweb/contract/id-checks';
import type { PayeeAddBody } from '@mchweb/contract';
import { useHasPermission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useAddPayee } from '../api/add-payee';
import { useTransferRules } from '../api/transfer-rules';
import { FundsSmsField } from './funds-sms-field';
import { PayeeTypeTag } from './tags';
import {
  ALIPAY_ACCOUNT_PATTERN,
  groupedCard,
  NAME_MAX,
  PAYEE_TYPE_LIST,
  WECHAT_OPENID_PATTERN,
  type PayeeType,
} from './transfer-values';
import { NS } from '../i18n';

interface Values {
  type: PayeeType;
  name: string;
  /** As typed: a card number grouped in fours, an Alipay mobile or e-mail, a WeChat openid. */
  accountNo: string;
  bankName?: string;
  smsCode: string;
}

/** The body of /transfer/account/add for the type chosen: a card number without its spaces. */
function bodyOf(v: Values): PayeeAddBody {
  const base = { name: v.name.trim(), smsCode: v.smsCode.trim() };
  if (v.type === 'BANK_CARD')
    return { ...base, type: v.type, accountNo: v.accountNo.replace(/\s/g, ''), bankName: v.bankName?.trim() ?? '' };
  return { ...base, type: v.type, accountNo: v.accountNo.trim() };
}

/**
 * Add a payee account: the type switch changes the fields (a bank card's number grouped in fours as it is typed,
 * checked by its Luhn digit, and its bank; an Alipay mobile or e-mail; a WeChat openid), then the SMS code sent to
 * the organisation's contact mobile (shown masked, with the resend countdown). The server's refusals go beside the
 * field they name; one naming no field shows above the form.
 */
export function PayeeAddModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 'BANK_CARD';
  const add = useAddPayee();
  const rules = useTransferRules(useHasPermission(['transfer:view']));
  const mobile = rules.data?.contactMobileMasked;
  const { onFinish, busy, error, showError } = useServerForm(form, {
    submit: (v: Values) => add.mutateAsync(bodyOf(v)),
    onSuccess: (payee) => {
      toast.success(t('payee.added', { name: payee.name }));
      onClose();
    },
  });

  const accountRules = {
    BANK_CARD: [
      { required: true, whitespace: true, message: t('payee.cardRequired') },
      {
        validator: (_: unknown, value: string | undefined) => {
          const digits = (value ?? '').replace(/\s/g, '');
          const problem = digits ? bankCardProblem(digits) : null;
          if (problem === 'format') return Promise.reject(new Error(t('payee.cardFormat')));
          if (problem) return Promise.reject(new Error(t('payee.cardCheck')));
          return Promise.resolve();
        },
      },
    ],
    ALIPAY: [{ required: true, pattern: ALIPAY_ACCOUNT_PATTERN, message: t('payee.alipayInvalid') }],
    WECHAT: [{ required: true, pattern: WECHAT_OPENID_PATTERN, message: t('payee.wechatInvalid') }],
  }[type];

  return (
    <Modal
      open
      title={t('payee.title')}
      okText={t('payee.submit')}
      cancelText={t('payee.cancel')}
      okButtonProps={{ 'data-testid': 'payee-submit' }}
      cancelButtonProps={{ 'data-testid': 'payee-cancel' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="payee-modal"
    >
      {error && <Alert type="error" showIcon title={error} className="transfer-note" data-testid="payee-error" />}
      {mobile === null && <Alert type="warning" showIcon title={t('sms.noMobile')} className="transfer-note" />}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ type: 'BANK_CARD', name: '', accountNo: '', bankName: '', smsCode: '' }}
        onValuesChange={(changed: Partial<Values>) => {
          // Another type: the number typed meant something else.
          if (changed.type) form.setFields([{ name: 'accountNo', value: '', errors: [] }]);
        }}
      >
        <Form.Item name="type" label={t('payee.type')}>
          <Segmented<PayeeType>
            className="transfer-type-switch"
            options={PAYEE_TYPE_LIST.map((v) => ({ value: v, label: <PayeeTypeTag type={v} /> }))}
            data-testid="payee-type"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('payee.name')}
          rules={[
            { required: true, whitespace: true, message: t('payee.nameRequired') },
            { max: NAME_MAX, message: t('payee.nameMax', { max: NAME_MAX }) },
          ]}
        >
          <Input maxLength={NAME_MAX} placeholder={t('payee.namePlaceholder')} data-testid="payee-name" />
        </Form.Item>
        <Form.Item
          name="accountNo"
          label={t(type === 'BANK_CARD' ? 'payee.cardNo' : type === 'ALIPAY' ? 'payee.alipayNo' : 'payee.wechatNo')}
          rules={accountRules}
          normalize={type === 'BANK_CARD' ? (v: string) => groupedCard(v) : undefined}
          validateDebounce={300}
        >
          <Input
            className={type === 'BANK_CARD' ? 'transfer-card-input' : undefined}
            inputMode={type === 'BANK_CARD' ? 'numeric' : type === 'ALIPAY' ? 'email' : 'text'}
            autoComplete="off"
            maxLength={type === 'BANK_CARD' ? 23 : type === 'ALIPAY' ? 64 : 40}
            placeholder={
              type === 'ALIPAY'
                ? t('payee.alipayPlaceholder')
                : type === 'WECHAT'
                  ? t('payee.wechatPlaceholder')
                  : undefined
            }
            data-testid="payee-account"
          />
        </Form.Item>
        {type === 'BANK_CARD' && (
          <Form.Item
            name="bankName"
            label={t('payee.bankName')}
            rules={[
              { required: true, whitespace: true, min: 2, message: t('payee.bankRequired') },
              { max: NAME_MAX, message: t('payee.nameMax', { max: NAME_MAX }) },
            ]}
          >
            <Input maxLength={NAME_MAX} placeholder={t('payee.bankPlaceholder')} data-testid="payee-bank" />
          </Form.Item>
        )}
        <FundsSmsField
          form={form}
          purpose="payee"
          mobile={mobile}
          onError={(e) => showError(e, 'smsCode')}
          testIds={{ input: 'payee-sms', send: 'payee-sms-send' }}
        />
      </Form>
    </Modal>
  );
}
