import type { ReactNode } from 'react';
import { message } from 'antd';
import { TOAST } from './toast-style';

message.config({ duration: TOAST.durationMs / 1000, top: TOAST.top, maxCount: 5 });

export function showToast(kind: 'success' | 'info' | 'warning' | 'error', content: ReactNode): void {
  void message[kind](content);
}
export function closeToasts(): void {
  message.destroy();
}
