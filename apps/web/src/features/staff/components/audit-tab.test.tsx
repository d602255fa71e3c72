import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { http as mock } from 'msw';
import type { AuditEntry } from '@mchweb/contract';
import { mswServer, ok, withClient } from '@/components/reconciliation/testing';
import { changeLanguage } from '@/i18n';
import { AuditTab } from './audit-tab';

/*
 * The audit tab of /staff-manage words each change in the reader's language: an API key revoked, a webhook's
 * secret viewed and an order refunded read as words, not as the server's keys; an entry of a kind this client
 * does not know keeps its key instead of showing nothing.
 */
const LONG = { timeout: 8000 };
const server = mswServer();
afterEach(async () => changeLanguage('zh-CN'));

const entry = (id: number, action: string, targetType: string | null, targetId: string | null): AuditEntry => ({
  id,
  at: '2026-11-27T10:00:00+08:00',
  userId: 1,
  userMobile: '13800138000',
  action,
  targetType,
  targetId,
  ip: '127.0.0.1',
  detail: null,
});
const ENTRIES = [
  entry(4, 'apiKey.revoke', 'apiKey', 'k1'),
  entry(3, 'webhook.revealSecret', 'webhook', '2'),
  entry(2, 'order.refund', 'order', 'P202611270001'),
  entry(1, 'future.thing', 'gadget', '9'),
];

function show() {
  server.use(mock.get('*/api/merchant/audit/list', () => ok({ items: ENTRIES, nextCursor: null, hasMore: false })));
  const { wrapper: Wrapper } = withClient();
  render(
    <Wrapper>
      <AuditTab />
    </Wrapper>,
  );
}
const rows = () => screen.getByTestId('audit-table').querySelectorAll('tbody tr.ant-table-row');

describe('the audit log in words', { timeout: 20_000 }, () => {
  it('zh-CN: keys, webhooks and refunds by their Chinese names, with their targets', async () => {
    show();
    await screen.findByText(/撤销 API 密钥/, undefined, LONG);
    expect(rows()).toHaveLength(4);
    const text = [...rows()].map((r) => r.textContent);
    expect(text[0]).toContain('API 密钥 #k1');
    expect(text[1]).toContain('查看 Webhook 签名密钥');
    expect(text[1]).toContain('Webhook 端点 #2');
    expect(text[2]).toContain('发起退款');
    expect(text[2]).toContain('订单 #P202611270001');
    expect(text[3]).toContain('future.thing');
    expect(text[3]).toContain('gadget #9');
  });

  it('en-US: the same entries in English', async () => {
    await changeLanguage('en-US');
    show();
    await screen.findByText(/Revoked an API key/, undefined, LONG);
    const text = [...rows()].map((r) => r.textContent);
    expect(text[1]).toContain("Viewed a webhook's signing secret");
    expect(text[1]).toContain('Webhook endpoint #2');
    expect(text[2]).toContain('Refunded an order');
    expect(text[2]).toContain('Order #P202611270001');
  });
});
