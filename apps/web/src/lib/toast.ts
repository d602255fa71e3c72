import type { ReactNode } from 'react';

type Kind = 'success' | 'info' | 'warning' | 'error';

// antd's message is loaded on the first toast, not with the app shell (the /login budget, docs/web.md).
const impl = () => import('./toast-impl');

function show(kind: Kind, content: ReactNode): void {
  void impl().then((m) => m.showToast(kind, content));
}

/** S8.10: Escape closes the toasts (antd's message has no keyboard close of its own). */
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && document.querySelector('.ant-message-notice')) void impl().then((m) => m.closeToasts());
  });
}

/** S8.10: the four toast types. Use these rather than antd's message directly so the config applies. */
export const toast = {
  success: (content: ReactNode) => show('success', content),
  info: (content: ReactNode) => show('info', content),
  warning: (content: ReactNode) => show('warning', content),
  error: (content: ReactNode) => show('error', content),
};
