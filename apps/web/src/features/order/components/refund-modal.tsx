import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderListItem } from '@mchweb/contract';
import { parseYuan } from '@mchweb/contract/money';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useRefundOrder } from '../api/refund-order';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { REFUND_REASON_MAX, yuan } from './order-values';
import { NS } from '../i18n';

interface Values {
  orderNo: string;
  /** The amount in yuan as typed; named as the body's field so the server's "amountFen: ..." lands beside it. */
  amountFen: string;
  reason: string;
}

/** 1230 fen -> "12.30", the yuan text the amount field starts with. */
const yuanInput = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/**
 * Refund part or all of what is left of a paid order: the amount starts at the refundable amount and may never
 * exceed it, a reason is required. The dialog makes one idempotency key when it opens and sends it with every
 * try, so a retry after a lost answer gets the same refund, never a second one. The server's refusals go beside
 * the field they name (the order number is a read-only field for that), the rest beside the amount.
 */
export function RefundModal({
  order,
  onClose,
}: {
  order: Pick<OrderListItem, 'orderNo' | 'amountFen' | 'refundedFen' | 'refundableFen'>;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const refund = useRefundOrder();
  const max = order.refundableFen;
  const { onFinish, busy } = useServerForm(form, {
    submit: (v: Values) =>
      refund.mutateAsync({
        orderNo: order.orderNo,
        amountFen: parseYuan(v.amountFen) ?? 0,
        reason: v.reason.trim(),
        idempotencyKey,
      }),
    onSuccess: (_, v) => {
      toast.success(t('refund.done', { amount: yuan(parseYuan(v.amountFen) ?? 0) }));
      onClose();
    },
    fallback: 'amountFen',
  });

  return (
    <Modal
      open
      title={t('refund.title')}
      okText={t('refund.submit')}
      cancelText={t('refund.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'refund-submit' }}
      cancelButtonProps={{ 'data-testid': 'refund-cancel' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="refund-modal"
    >
      <Alert type="info" showIcon title={t('refund.note')} className="order-refund-note" />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ orderNo: order.orderNo, amountFen: yuanInput(max), reason: '' }}
      >
        <Form.Item name="orderNo" label={t('refund.orderNo')}>
          <Input readOnly variant="borderless" className="order-mono" data-testid="refund-orderno" />
        </Form.Item>
        <Form.Item
          name="amountFen"
          label={t('refund.amount')}
          extra={t('refund.amountHint', {
            max: yuan(max),
            amount: yuan(order.amountFen),
            refunded: yuan(order.refundedFen),
          })}
          rules={[
            { required: true, whitespace: true, message: t('refund.amountRequired') },
            {
              validator: (_, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                const fen = parseYuan(value);
                if (fen === null) return Promise.reject(new Error(t('refund.amountInvalid')));
                if (fen < 1) return Promise.reject(new Error(t('refund.amountTooSmall')));
                if (fen > max) return Promise.reject(new Error(t('refund.amountTooLarge', { max: yuan(max) })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" autoComplete="off" maxLength={12} data-testid="refund-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('refund.reason')}
          rules={[
            { required: true, whitespace: true, message: t('refund.reasonRequired') },
            { max: REFUND_REASON_MAX, message: t('refund.reasonMax', { max: REFUND_REASON_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={2}
            maxLength={REFUND_REASON_MAX}
            showCount
            placeholder={t('refund.reasonPlaceholder')}
            data-testid="refund-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
