import { Modal } from 'antd';
import { t } from '@/i18n';

/** S8.1: the session-expired dialog (loaded on first use, not with the app shell). */
export function openSessionDialog(onClose: (confirmed: boolean) => void): void {
  Modal.confirm({
    title: t('session.title'),
    content: t('session.content'),
    okText: t('session.ok'),
    cancelText: t('action.cancel'),
    keyboard: true,
    zIndex: 2100,
    onOk: () => onClose(true),
    onCancel: () => onClose(false),
  });
}
