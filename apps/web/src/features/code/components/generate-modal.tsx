import { Alert, Form, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeBatch } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateBatch } from '../api/create-batch';
import { CODES_PER_PAGE } from './code-values';
import { NS } from '../i18n';

const COUNT_MAX = 1000;
const COUNT_DEFAULT = 12;

interface Values {
  count: number;
}

/**
 * How many codes to generate (1 to 1000), and the confirmation of what that makes (how many A4 pages print):
 * the dialog's button says the number. The server's refusal goes beside the count.
 */
export function GenerateModal({ onClose, onDone }: { onClose: () => void; onDone: (batch: CodeBatch) => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const count = Form.useWatch('count', form) ?? COUNT_DEFAULT;
  const valid = Number.isInteger(count) && count >= 1 && count <= COUNT_MAX;
  const create = useCreateBatch();
  const { onFinish, busy } = useServerForm(form, {
    submit: (v: Values) => create.mutateAsync({ count: v.count }),
    onSuccess: (batch) => {
      toast.success(t('generate.done', { count: batch.count, batchNo: batch.batchNo }));
      onDone(batch);
    },
    fallback: 'count',
  });

  return (
    <Modal
      open
      title={t('generate.title')}
      okText={t('generate.submit', { count: valid ? count : '' })}
      cancelText={t('action.cancel', { ns: 'common' })}
      okButtonProps={{ 'data-testid': 'generate-submit', disabled: !valid }}
      cancelButtonProps={{ 'data-testid': 'generate-cancel' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ count: COUNT_DEFAULT }}>
        <Form.Item
          name="count"
          label={t('generate.count')}
          extra={t('generate.countHint')}
          rules={[{ required: true, type: 'integer', min: 1, max: COUNT_MAX, message: t('generate.countRequired') }]}
        >
          <InputNumber min={1} max={COUNT_MAX} precision={0} style={{ width: '100%' }} data-testid="generate-count" />
        </Form.Item>
      </Form>
      {valid && (
        <Alert
          type="info"
          showIcon
          data-testid="generate-summary"
          title={t('generate.summary', {
            count,
            pages: t('generate.pages', { count: Math.ceil(count / CODES_PER_PAGE) }),
          })}
        />
      )}
    </Modal>
  );
}
