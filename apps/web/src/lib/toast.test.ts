import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { toast } from './toast';

describe('toasts', () => {
  it('S8.10 the four toast types; Escape closes them', async () => {
    toast.success('saved');
    toast.info('note');
    toast.warning('careful');
    toast.error('failed');
    // antd's message is imported on the first toast: on a busy machine that takes over waitFor's default second.
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(4), { timeout: 5000 });
    for (const type of ['success', 'info', 'warning', 'error']) {
      expect(document.querySelector(`.ant-message-notice-${type}`)).not.toBeNull();
    }
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
  });
});
