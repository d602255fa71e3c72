import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call, fileUrl, pathOf } from './api-client';

const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe('the typed client', () => {
  it('fills a path parameter, encoded, and refuses a path without its value', () => {
    expect(pathOf(orderEndpoints.cashierCode, { codeNo: 'a/b c' })).toBe('/api/pay/code/a%2Fb%20c');
    expect(() => pathOf(orderEndpoints.cashierCode, {})).toThrow(':codeNo');
  });

  it('a stored file is its path with the query', () => {
    expect(fileUrl(onboardingEndpoints.publicFile, { fileId: 'F1' }, { inviteNo: 'I2' })).toBe(
      '/api/pay/inco/file/F1?inviteNo=I2',
    );
  });

  it('GET sends the query, POST the body, each to its declared path, and resolves to the data', async () => {
    const seen: string[] = [];
    server.use(
      mock.get('*/api/merchant/order/detail', ({ request }) => {
        seen.push(`GET ${new URL(request.url).pathname}${new URL(request.url).search}`);
        return ok({ orderNo: 'P1' });
      }),
      mock.post('*/api/pay/order', async ({ request }) => {
        seen.push(`POST ${new URL(request.url).pathname} ${JSON.stringify(await request.json())}`);
        return ok({ orderNo: 'P2' });
      }),
    );
    await expect(call(orderEndpoints.detail, { query: { orderNo: 'P1' } })).resolves.toEqual({ orderNo: 'P1' });
    const body = { codeNo: '880000000001', amountFen: 100, channel: 'WECHAT' as const, idempotencyKey: 'k-0123456789' };
    await expect(call(orderEndpoints.cashierCreate, { body })).resolves.toEqual({ orderNo: 'P2' });
    expect(seen).toEqual(['GET /api/merchant/order/detail?orderNo=P1', `POST /api/pay/order ${JSON.stringify(body)}`]);
  });
});
