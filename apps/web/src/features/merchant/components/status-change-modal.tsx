import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useFreezeMerchant } from '../api/freeze-merchant';
import { useUnfreezeMerchant } from '../api/unfreeze-merchant';
import { NS } from '../i18n';

/** The most a reason may hold (the contract's `statusReason`). */
export const REASON_MAX = 200;

interface Values {
  mchNo: string;
  reason?: string;
}

/**
 * Freeze (a reason is required) or unfreeze (a note is optional) one merchant. The server's refusal (already
 * frozen, closed, no permission) goes beside the reason. On success the mutation has refreshed the list, the
 * drawer and the session's merchant list before the dialog closes.
 */
export function StatusChangeModal({
  action,
  merchant,
  onClose,
}: {
  action: 'freeze' | 'unfreeze';
  merchant: { mchNo: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const freeze = useFreezeMerchant();
  const unfreeze = useUnfreezeMerchant();
  const { onFinish, busy } = useServerForm(form, {
    // The merchant number is a field of the form (read-only), so a refusal naming it (already frozen, closed)
    // appears beside it; one naming no field goes beside the reason.
    submit: ({ reason }: Values) => {
      const text = reason?.trim();
      return action === 'freeze'
        ? freeze.mutateAsync({ mchNo: merchant.mchNo, reason: text ?? '' })
        : unfreeze.mutateAsync({ mchNo: merchant.mchNo, ...(text ? { reason: text } : {}) });
    },
    onSuccess: () => {
      toast.success(t(`${action}.done`, { name: merchant.name }));
      onClose();
    },
    fallback: 'reason',
  });

  return (
    <Modal
      open
      title={t(`${action}.title`, { name: merchant.name })}
      okText={t(`${action}.submit`)}
      cancelText={t('cancel')}
      okButtonProps={{ danger: action === 'freeze', 'data-testid': 'status-submit' }}
      cancelButtonProps={{ 'data-testid': 'status-cancel' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert
        type={action === 'freeze' ? 'warning' : 'info'}
        showIcon
        title={t(action === 'freeze' ? 'freeze.warning' : 'unfreeze.note')}
        style={{ marginBottom: 16 }}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={action === 'freeze'}
        onFinish={onFinish}
        initialValues={{ mchNo: merchant.mchNo }}
      >
        <Form.Item name="mchNo" label={t('drawer.mchNo')}>
          <Input readOnly variant="borderless" className="mch-mono" data-testid="status-mchno" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t(`${action}.reason`)}
          rules={[
            ...(action === 'freeze' ? [{ required: true, whitespace: true, message: t('freeze.reasonRequired') }] : []),
            { max: REASON_MAX, message: t('reasonMax') },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={REASON_MAX}
            showCount
            placeholder={t(`${action}.reasonPlaceholder`)}
            data-testid="status-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
