import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import type { WebhookDelivery, WebhookEndpoint } from '@mchweb/contract';
import { mswServer, ok, refuse, withClient } from '@/components/reconciliation/testing';
import { WebhooksTab } from './webhooks-tab';

const LONG = { timeout: 8000 };
const server = mswServer();
const API = '*/api/merchant/developer/webhook';

const endpoint = (id: number, patch: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://shop.example.com/hooks/${id}`,
  description: '收银系统',
  eventTypes: ['order.paid', 'refund.succeeded'],
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
  createdAt: '2026-05-01T10:00:00Z',
  ...patch,
});
const delivery = (id: number, patch: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  msgId: `msg_${'a'.repeat(25)}${id}`,
  eventType: 'order.paid',
  status: 'SUCCEEDED',
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-05-01T10:00:00Z',
  finishedAt: '2026-05-01T10:00:01Z',
  tries: [
    {
      attemptNo: 1,
      scheduledAt: '2026-05-01T10:00:00Z',
      startedAt: '2026-05-01T10:00:00Z',
      durationMs: 42,
      url: 'https://shop.example.com/hooks/1',
      requestHeaders: { 'webhook-id': `msg_${'a'.repeat(25)}${id}`, 'webhook-signature': 'v1,abc=' },
      requestBody: '{"type":"order.paid"}',
      responseStatus: 200,
      responseBody: 'ok',
      error: null,
    },
  ],
  ...patch,
});

function open() {
  const { wrapper: Wrapper } = withClient();
  render(
    <Wrapper>
      <WebhooksTab />
    </Wrapper>,
  );
}

describe('the Webhooks tab', () => {
  it('says when there is no endpoint, and adds one with its URL and event types', { timeout: 60_000 }, async () => {
    const created: unknown[] = [];
    let list: WebhookEndpoint[] = [];
    server.use(
      mock.get(`${API}/endpoints`, () => ok(list)),
      mock.post(`${API}/endpoints/create`, async ({ request }) => {
        created.push(await request.json());
        list = [endpoint(1, { url: 'https://pos.example.com/hook', eventTypes: ['order.paid'] })];
        return ok(list[0]);
      }),
    );
    open();
    await waitFor(() => expect(screen.getByTestId('webhook-empty')).toHaveTextContent('还没有 Webhook 地址'), LONG);
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://pos.example.com/hook' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(
      () => expect(screen.getByTestId('webhook-endpoint')).toHaveTextContent('https://pos.example.com/hook'),
      LONG,
    );
    expect(created).toEqual([{ url: 'https://pos.example.com/hook', description: '', eventTypes: ['order.paid'] }]);
  });

  it("shows the server's refusal beside the URL", { timeout: 60_000 }, async () => {
    server.use(
      mock.get(`${API}/endpoints`, () => ok([])),
      mock.post(`${API}/endpoints/create`, () => refuse(400, 'url: 指向内网或本机地址，生产环境不会推送到这里')),
    );
    open();
    await waitFor(() => screen.getByTestId('webhook-empty'), LONG);
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'http://10.0.0.1/x' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(
      () =>
        expect(
          screen.getByTestId('webhook-url').closest('.ant-form-item')!.querySelector('.ant-form-item-explain'),
        ).toHaveTextContent('指向内网或本机地址'),
      LONG,
    );
  });

  it(
    'a turned-off endpoint shows why; deliveries open with their tries, and a resend is sent',
    { timeout: 60_000 },
    async () => {
      const resent: unknown[] = [];
      server.use(
        mock.get(`${API}/endpoints`, () =>
          ok([endpoint(1, { enabled: false, disabledReason: '平台已停用：一条推送连续 3 天全部失败' })]),
        ),
        mock.get(`${API}/deliveries`, () => ok({ list: [delivery(7)], more: false })),
        mock.post(`${API}/deliveries/resend`, async ({ request }) => {
          resent.push(await request.json());
          return ok({ deliveryId: 7 });
        }),
      );
      open();
      const card = await screen.findByTestId('webhook-endpoint', {}, LONG);
      expect(card).toHaveTextContent('已停用');
      expect(card).toHaveTextContent('连续 3 天全部失败');
      fireEvent.click(within(card).getByTestId('webhook-deliveries-open'));
      await waitFor(() => expect(screen.getByTestId('webhook-delivery-status')).toHaveTextContent('成功'), LONG);
      // A test event cannot go to an endpoint that is off.
      expect(screen.getByTestId('webhook-test-send')).toBeDisabled();
      fireEvent.click(screen.getByRole('button', { name: /expand row|展开行/i }));
      await waitFor(
        () => expect(screen.getByTestId('webhook-try')).toHaveTextContent('webhook-signature: v1,abc='),
        LONG,
      );
      expect(screen.getByTestId('webhook-try')).toHaveTextContent('42 毫秒');
      fireEvent.click(screen.getByTestId('webhook-resend'));
      await waitFor(() => expect(resent).toEqual([{ deliveryId: 7 }]), LONG);
    },
  );

  it('says when the endpoints could not be loaded', { timeout: 60_000 }, async () => {
    server.use(mock.get(`${API}/endpoints`, () => refuse(500, '服务器开小差了')));
    open();
    await waitFor(() => expect(screen.getByText('Webhook 地址加载失败')).toBeInTheDocument(), LONG);
  });
});
