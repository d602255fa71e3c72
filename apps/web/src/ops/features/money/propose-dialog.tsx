import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalProposeBody } from '@mchweb/contract/ops/schemas';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { usePropose } from './api';
import { MONEY_NS } from './i18n';

/** What is being proposed: an adjustment of any merchant, or a re-run / payout of a given item. */
export type ProposeTarget =
  | { kind: 'ADJUSTMENT' }
  | { kind: 'SETTLEMENT_RERUN'; settleNo: string }
  | { kind: 'RECEIVER_PAYOUT'; applyNo: string; receiver: number; name: string; owedFen: number };

interface Values {
  mchNo?: string;
  direction?: 'credit' | 'debit';
  /** In yuan, named as the server names the amount so that its refusal shows beside this field. */
  amountFen?: number;
  reason: string;
}

const fenOf = (yuan: number) => Math.round(yuan * 100);

function bodyOf(target: ProposeTarget, v: Values): ApprovalProposeBody {
  switch (target.kind) {
    case 'ADJUSTMENT':
      return {
        kind: 'ADJUSTMENT',
        mchNo: v.mchNo ?? '',
        amountFen: (v.direction === 'debit' ? -1 : 1) * fenOf(v.amountFen ?? 0),
        reason: v.reason,
      };
    case 'SETTLEMENT_RERUN':
      return { kind: 'SETTLEMENT_RERUN', settleNo: target.settleNo, reason: v.reason };
    case 'RECEIVER_PAYOUT':
      return {
        kind: 'RECEIVER_PAYOUT',
        applyNo: target.applyNo,
        receiver: target.receiver,
        amountFen: fenOf(v.amountFen ?? 0),
        reason: v.reason,
      };
  }
}

/** Proposes a money action; it runs only when a second operator approves it (four eyes). */
export function ProposeDialog({ target, onClose }: { target: ProposeTarget | null; onClose: () => void }) {
  const { t } = useTranslation(MONEY_NS);
  const propose = usePropose();
  const [form] = Form.useForm<Values>();
  const server = useServerForm(form, {
    submit: (values) => propose.mutateAsync(bodyOf(target!, values)),
    onSuccess: () => {
      toast.success(t('proposeForm.done'));
      form.resetFields();
      onClose();
    },
    fallback: 'reason',
  });
  const title = !target
    ? ''
    : target.kind === 'ADJUSTMENT'
      ? t('proposeForm.titleAdjustment')
      : target.kind === 'SETTLEMENT_RERUN'
        ? t('proposeForm.titleRerun', { settleNo: target.settleNo })
        : t('proposeForm.titlePayout', { name: target.name });
  const amountRule = { required: true, type: 'number' as const, min: 0.01, message: t('proposeForm.amountRule') };
  return (
    <Modal
      open={target !== null}
      title={title}
      okText={t('proposeForm.submit')}
      okButtonProps={{ loading: server.busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('fourEyes')} className="ops-section" />
      <Form
        form={form}
        layout="vertical"
        onFinish={server.onFinish}
        className="ops-section"
        initialValues={{
          direction: 'credit',
          amountFen: target?.kind === 'RECEIVER_PAYOUT' ? target.owedFen / 100 : undefined,
        }}
      >
        {target?.kind === 'ADJUSTMENT' && (
          <>
            <Form.Item name="mchNo" label={t('proposeForm.mchNo')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={20} data-testid="adjust-mchno" />
            </Form.Item>
            <Form.Item name="direction" label={t('proposeForm.direction')}>
              <Radio.Group
                options={[
                  { value: 'credit', label: t('proposeForm.credit') },
                  { value: 'debit', label: t('proposeForm.debit') },
                ]}
              />
            </Form.Item>
          </>
        )}
        {(target?.kind === 'ADJUSTMENT' || target?.kind === 'RECEIVER_PAYOUT') && (
          <Form.Item name="amountFen" label={t('proposeForm.amount')} rules={[amountRule]}>
            <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: 200 }} data-testid="adjust-amount" />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('proposeForm.reason')}
          rules={[{ required: true, whitespace: true, message: t('proposeForm.reasonRule') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="adjust-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
