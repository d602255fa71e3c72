import { useCallback, useEffect, useRef } from 'react';
import { Modal } from 'antd';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';

/**
 * Unsaved changes: leaving for another page asks first (react-router's blocker), closing or reloading the tab
 * gets the browser's own question. `dirty` is a ref so that a navigation right after a save is not stopped by
 * the render that has not happened yet.
 */
export function useLeaveGuard() {
  const { t } = useTranslation(NS);
  const dirty = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    Modal.confirm({
      title: t('leave.title'),
      content: t('leave.text'),
      okText: t('leave.ok'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
      cancelText: t('leave.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, t]);

  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  return dirty;
}
