import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseYuan } from '@mchweb/contract/money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { yuan } from '@/lib/money';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useBalance } from '../api/balance';
import { useCreateTransfer } from '../api/create-transfer';
import { usePayeeList } from '../api/payee-list';
import { useTransferRules } from '../api/transfer-rules';
import { FundsSmsField } from './funds-sms-field';
import { REMARK_MAX } from './transfer-values';
import { NS } from '../i18n';

interface Values {
  mchNo: string;
  accountId: number;
  /** The amount in yuan as typed; named as the body's field so the server's "amountFen: ..." lands beside it. */
  amountFen: string;
  remark: string;
  smsCode?: string;
}

/**
 * A transfer from a merchant's available balance to a payee account: the merchant (its available balance under
 * it), the account, the amount in yuan (never above available), a remark, and the contact mobile's SMS code only
 * when the amount is above the organisation's threshold; the daily limit is said above the form. The dialog makes
 * one idempotency key when it opens and sends it with every try, so a retry after a lost answer makes one
 * transfer. The server's refusals (more than available, the daily limit, the code) go beside their field.
 */
export function TransferModal({
  mchNo,
  onClose,
  onCreated,
}: {
  mchNo: string | null;
  onClose: () => void;
  /** After the transfer was made: its merchant (the page shows that balance). */
  onCreated: (mchNo: string) => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { mchList } = useSession();
  const chosen = Form.useWatch('mchNo', form) ?? mchNo;
  const typed = parseYuan(Form.useWatch('amountFen', form) ?? '');
  const balance = useBalance(chosen ?? null);
  const rules = useTransferRules();
  const payees = usePayeeList({}, 100);
  const accounts = payees.data?.pages.flatMap((p) => p.rows) ?? [];
  const needsSms = rules.data !== undefined && typed !== null && typed > rules.data.smsAboveFen;
  const available = balance.data?.availableFen;
  const create = useCreateTransfer();
  const { onFinish, busy, error, showError } = useServerForm(form, {
    submit: (v: Values) =>
      create.mutateAsync({
        mchNo: v.mchNo,
        accountId: v.accountId,
        amountFen: parseYuan(v.amountFen) ?? 0,
        remark: v.remark.trim(),
        idempotencyKey,
        ...(needsSms && v.smsCode ? { smsCode: v.smsCode.trim() } : {}),
      }),
    onSuccess: (transfer) => {
      toast.success(t('create.done', { amount: yuan(transfer.amountFen) }));
      onCreated(transfer.mchNo);
      onClose();
    },
  });

  return (
    <Modal
      open
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={t('create.cancel')}
      okButtonProps={{ 'data-testid': 'transfer-submit' }}
      cancelButtonProps={{ 'data-testid': 'transfer-cancel' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="transfer-modal"
    >
      {rules.data && (
        <Alert
          type="info"
          showIcon
          className="transfer-limits"
          title={t('create.limits', { limit: yuan(rules.data.dailyLimitFen), sms: yuan(rules.data.smsAboveFen) })}
          data-testid="transfer-limits"
        />
      )}
      {error && <Alert type="error" showIcon title={error} className="transfer-note" data-testid="transfer-error" />}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ mchNo: mchNo ?? undefined, amountFen: '', remark: '', smsCode: '' }}
      >
        <Form.Item
          name="mchNo"
          label={t('create.merchant')}
          rules={[{ required: true, message: t('create.merchantRequired') }]}
          extra={
            available !== undefined && (
              <span data-testid="transfer-available">{t('create.available', { amount: yuan(available) })}</span>
            )
          }
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={mchList
              .filter((m) => m.status === 'ACTIVE')
              .map((m) => ({ value: m.mchNo, label: `${m.name} ${m.mchNo}` }))}
            placeholder={t('balance.choose')}
            aria-label={t('create.merchant')}
            data-testid="transfer-mch"
          />
        </Form.Item>
        <Form.Item
          name="accountId"
          label={t('create.payee')}
          rules={[{ required: true, message: t('create.payeeRequired') }]}
          extra={
            payees.isSuccess &&
            accounts.length === 0 && (
              <span>
                {t('create.noPayee')} <Link to="/transfer-account">{t('create.addPayee')}</Link>
              </span>
            )
          }
        >
          <Select
            loading={payees.isPending}
            placeholder={t('create.payeePlaceholder')}
            aria-label={t('create.payee')}
            showSearch={{ optionFilterProp: 'label' }}
            options={accounts.map((a) => ({
              value: a.accountId,
              label: `${a.name} · ${t(`payeeType.${a.type}`)} ${a.accountNoMasked}${a.bankName ? ` · ${a.bankName}` : ''}`,
            }))}
            data-testid="transfer-payee"
          />
        </Form.Item>
        <Form.Item
          name="amountFen"
          label={t('create.amount')}
          dependencies={['mchNo']}
          rules={[
            { required: true, whitespace: true, message: t('create.amountRequired') },
            {
              validator: (_, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                const fen = parseYuan(value);
                if (fen === null) return Promise.reject(new Error(t('create.amountInvalid')));
                if (fen < 1) return Promise.reject(new Error(t('create.amountTooSmall')));
                if (available !== undefined && fen > available)
                  return Promise.reject(new Error(t('create.amountTooLarge', { max: yuan(available) })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" autoComplete="off" maxLength={12} data-testid="transfer-amount" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('create.remark')}
          rules={[{ max: REMARK_MAX, message: t('payee.nameMax', { max: REMARK_MAX }) }]}
        >
          <Input
            maxLength={REMARK_MAX}
            showCount
            placeholder={t('create.remarkPlaceholder')}
            data-testid="transfer-remark"
          />
        </Form.Item>
        {needsSms && (
          <FundsSmsField
            form={form}
            purpose="transfer"
            mobile={rules.data?.contactMobileMasked}
            onError={(e) => showError(e, 'smsCode')}
            testIds={{ input: 'transfer-sms', send: 'transfer-sms-send' }}
          />
        )}
      </Form>
    </Modal>
  );
}
