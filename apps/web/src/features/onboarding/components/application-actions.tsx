import { Button, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationListItem } from '@mchweb/contract';
import { Permission } from '@/components/permission';
import { prompt } from '@/components/prompt';
import { fieldOf } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCancelApplication } from '../api/cancel-application';
import { useSubmitApplication } from '../api/submit-application';
import { NS } from '../i18n';

/** What can be done with an application in its state; changes need onboarding:edit. */
export function ApplicationActions({ row }: { row: ApplicationListItem }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const cancel = useCancelApplication();
  const editable = row.status === 'DRAFT' || row.status === 'REJECTED';
  const cancelable = editable || row.status === 'SUBMITTED';
  const label = row.name ?? row.applyNo;

  async function onSubmit() {
    try {
      await submit.mutateAsync({ applyNo: row.applyNo });
      toast.success(t('list.submitted', { name: label }));
    } catch (e) {
      // Not complete (the server's full check names the fields): the wizard shows each problem beside its field.
      if (e instanceof ApiError && e.code === 400) {
        toast.warning(t('list.submitRefused'));
        navigate(`/new-incomming?applyNo=${row.applyNo}`);
      } else toast.error(fieldOf(e).message);
    }
  }
  async function onCancel() {
    const reason = await prompt({
      title: t('list.cancelTitle', { name: label }),
      message: t('list.cancelText'),
      placeholder: t('list.cancelReason'),
      validator: (v) => v.trim().length <= 200 || t('list.cancelReasonRule'),
    });
    if (reason === null) return;
    try {
      await cancel.mutateAsync({ applyNo: row.applyNo, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    } catch {
      return; // the request layer showed the refusal
    }
    toast.success(t('list.canceled', { name: label }));
  }

  return (
    <Space size={0} wrap className="onboarding-actions">
      {editable && (
        <Permission codes={['onboarding:edit']}>
          <Link
            to={`/new-incomming?applyNo=${row.applyNo}`}
            className="ant-btn-link-like"
            data-testid={`edit-${row.applyNo}`}
          >
            {row.status === 'REJECTED' ? t('list.correct') : t('list.edit')}
          </Link>
        </Permission>
      )}
      {row.status === 'DRAFT' && (
        <Permission codes={['onboarding:edit']}>
          <Button
            type="link"
            size="small"
            loading={submit.isPending}
            onClick={() => void onSubmit()}
            data-testid={`submit-${row.applyNo}`}
          >
            {t('list.submit')}
          </Button>
        </Permission>
      )}
      {row.status !== 'DRAFT' && (
        <Link
          to={`/audit-progress?applyNo=${row.applyNo}`}
          className="ant-btn-link-like"
          data-testid={`progress-${row.applyNo}`}
        >
          {t('list.progress')}
        </Link>
      )}
      {cancelable && (
        <Permission codes={['onboarding:edit']}>
          <Button
            type="link"
            size="small"
            danger
            loading={cancel.isPending}
            onClick={() => void onCancel()}
            data-testid={`cancel-${row.applyNo}`}
          >
            {t('list.cancel')}
          </Button>
        </Permission>
      )}
    </Space>
  );
}
