import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import { bindingMobile } from './binding-mobile';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  message.destroy();
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

describe('company API: bindingMobile', () => {
  it('S7.2 S8.3 /feeManager/bindingMobile posts mobile and code; its failures are rejected silently', async () => {
    let sent: unknown;
    server.use(
      mock.post('*/api/merchant/feeManager/bindingMobile', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 200, code: 400, msg: 'smsCode: is wrong', message: '', data: null });
      }),
    );
    await expect(bindingMobile({ mobile: '13800138000', smsCode: '123456' })).rejects.toMatchObject({
      code: 400,
      msg: 'smsCode: is wrong',
    });
    expect(sent).toEqual({ mobile: '13800138000', smsCode: '123456' });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
  });
});
