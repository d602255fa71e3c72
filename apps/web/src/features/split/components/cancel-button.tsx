import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SplitItem } from '@mchweb/contract';
import { Permission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useCancelSplit } from '../api/cancel-split';
import { NS } from '../i18n';

/** Cancel a SUBMITTED application after a confirm (split:apply); nothing for any other state. */
export function CancelButton({ item, block = false }: { item: SplitItem; block?: boolean }) {
  const { t } = useTranslation(NS);
  const cancel = useCancelSplit();
  if (item.status !== 'SUBMITTED') return null;
  const confirm = () =>
    Modal.confirm({
      title: t('action.cancelTitle'),
      content: t('action.cancelText', { name: item.mchName, total: item.totalRatio }),
      okText: t('action.cancelOk'),
      okButtonProps: { danger: true, 'data-testid': 'split-cancel-confirm' },
      cancelText: t('action.keep'),
      onOk: async () => {
        try {
          await cancel.mutateAsync({ applyNo: item.applyNo });
        } catch {
          return; // toasted by the request layer
        }
        toast.success(t('action.canceled'));
      },
    });
  return (
    <Permission codes={['split:apply']}>
      <Button
        danger
        type={block ? 'default' : 'link'}
        size={block ? 'middle' : 'small'}
        onClick={confirm}
        loading={cancel.isPending}
        aria-label={`${t('action.cancel')} ${item.applyNo}`}
        data-testid={`split-cancel-${item.applyNo}`}
      >
        {t('action.cancel')}
      </Button>
    </Permission>
  );
}
