import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import type { WebhookDelivery, WebhookEndpoint } from '@mchweb/contract';
import { MERCHANTS, mswServer, ok, refuse, withClient } from '@/components/reconciliation/testing';
import { changeLanguage } from '@/i18n';
import { setItem } from '@/lib/storage';
import { WebhooksTab } from './webhooks-tab';

const LONG = { timeout: 8000 };
const server = mswServer();
const API = '*/api/merchant/developer/webhook';

const endpoint = (id: number, patch: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://shop.example.com/hooks/${id}`,
  description: '收银系统',
  eventTypes: ['order.paid', 'refund.succeeded'],
  merchantIds: null,
  merchants: [],
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
  setItem('mchList', MERCHANTS);
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
    expect(created).toEqual([
      { url: 'https://pos.example.com/hook', description: '', eventTypes: ['order.paid'], merchantIds: null },
    ]);
    expect(screen.getByTestId('webhook-merchants')).toHaveTextContent('全部商户');
  });

  it(
    'limits an endpoint to some merchants: none chosen is refused before sending, the server refuses beside the field, the card names them',
    { timeout: 60_000 },
    async () => {
      const sent: unknown[] = [];
      let list = [endpoint(1)];
      server.use(
        mock.get(`${API}/endpoints`, () => ok(list)),
        mock.post(`${API}/endpoints/update`, async ({ request }) => {
          const body = (await request.json()) as { merchantIds: number[] | null };
          sent.push(body);
          if (sent.length === 1)
            return refuse(400, 'merchantIds: 您只能查看部分商户，添加的地址只能接收这些商户中部分或全部商户的事件');
          list = [
            endpoint(1, { merchantIds: [2], merchants: [{ mchId: 2, mchNo: 'M100000002', name: MERCHANTS[1].name }] }),
          ];
          return ok(list[0]);
        }),
      );
      open();
      fireEvent.click(within(await screen.findByTestId('webhook-endpoint', {}, LONG)).getByTestId('webhook-edit'));
      const beside = () =>
        screen.getByTestId('scope-choice').closest('.ant-form-item')!.querySelector('.ant-form-item-explain')
          ?.textContent ?? '';
      expect(screen.getByText('接收本机构全部商户的事件，包括以后新增的商户。')).toBeInTheDocument();
      fireEvent.click(screen.getByTestId('scope-some'));
      fireEvent.click(screen.getByTestId('webhook-save'));
      await waitFor(() => expect(beside()).toBe('请至少选择一个商户'), LONG);
      expect(sent).toEqual([]);

      fireEvent.mouseDown(screen.getByTestId('scope-merchants').querySelector('input')!);
      const options = await screen.findAllByText(/二店/, { selector: '.ant-select-item-option-content' }, LONG);
      fireEvent.click(options.at(-1)!);
      fireEvent.click(screen.getByTestId('webhook-save'));
      await waitFor(() => expect(beside()).toContain('您只能查看部分商户'), LONG);
      fireEvent.click(screen.getByTestId('webhook-save'));
      await waitFor(
        () => expect(screen.getByTestId('webhook-merchants')).toHaveTextContent('商户：晨光咖啡（二店）'),
        LONG,
      );
      expect(sent).toHaveLength(2);
      expect(sent[1]).toMatchObject({ id: 1, merchantIds: [2], enabled: true });
    },
  );

  it('names the merchants in English too', { timeout: 60_000 }, async () => {
    await changeLanguage('en-US');
    try {
      server.use(
        mock.get(`${API}/endpoints`, () =>
          ok([
            endpoint(1),
            endpoint(2, {
              merchantIds: [1, 2],
              merchants: MERCHANTS.map((m) => ({ mchId: m.mchId, mchNo: m.mchNo, name: m.name })),
            }),
          ]),
        ),
      );
      open();
      await waitFor(() => expect(screen.getAllByTestId('webhook-merchants')).toHaveLength(2), LONG);
      const [all, some] = screen.getAllByTestId('webhook-merchants');
      expect(all).toHaveTextContent('All merchants');
      expect(some).toHaveTextContent('Merchants: 晨光咖啡, 晨光咖啡（二店）');
    } finally {
      await changeLanguage('zh-CN');
    }
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
