import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { merchantApiV1 } from '@mchweb/contract';
import { mswServer, withClient } from '@/components/reconciliation/testing';
import { changeLanguage, i18n } from '@/i18n';
import { NS } from '../i18n';
import { ApiReferenceTab } from './api-reference-tab';

const LONG = { timeout: 8000 };
const server = mswServer();

/** A document shaped as /api/v1/openapi.json: one operation we translate, one we do not (a newer one). */
const doc = {
  openapi: '3.0.3',
  info: { title: 'mchweb merchant API', version: '1', description: 'Take payments.' },
  servers: [{ url: '/api/v1' }],
  tags: [{ name: 'payments', description: 'Payments (orders) of your merchants' }],
  paths: {
    '/payments': {
      post: {
        operationId: 'createPayment',
        tags: ['payments'],
        summary: 'Create a payment',
        description: 'A PENDING order for one of the key’s merchants.',
        'x-scope': 'orders:write',
        parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
        responses: { 201: { description: 'Created' } },
      },
      get: {
        operationId: 'somethingNew',
        tags: ['payments'],
        summary: 'Something new',
        description: 'Not translated yet.',
        'x-scope': 'orders:read',
        parameters: [],
        responses: { 200: { description: 'OK' } },
      },
    },
  },
  components: {
    parameters: {
      IdempotencyKey: { name: 'Idempotency-Key', in: 'header', required: true, description: 'A unique value.' },
    },
  },
};

function renderTab() {
  server.use(mock.get('*/api/v1/openapi.json', () => HttpResponse.json(doc)));
  const { wrapper: Wrapper } = withClient();
  render(
    <Wrapper>
      <ApiReferenceTab />
    </Wrapper>,
  );
}

afterEach(async () => changeLanguage('zh-CN'));

describe('issue 30 the API reference in both languages', () => {
  it('shows the calls in Chinese on a Chinese page, and the document’s own text where no translation exists', async () => {
    await changeLanguage('zh-CN');
    renderTab();
    expect(await screen.findByText('发起收款', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('商户的收款（订单）')).toBeInTheDocument();
    expect(screen.queryByText('Create a payment')).not.toBeInTheDocument();
    expect(screen.getByText('Something new')).toBeInTheDocument();
  });

  it('shows the document’s English on an English page (not the Chinese fallback)', async () => {
    await changeLanguage('en-US');
    renderTab();
    expect(await screen.findByText('Create a payment', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('Payments (orders) of your merchants')).toBeInTheDocument();
    expect(screen.queryByText('发起收款')).not.toBeInTheDocument();
  });

  it('has Chinese for every call of the merchant API (a new call needs its translation)', () => {
    for (const { operationId } of Object.values(merchantApiV1)) {
      for (const part of ['summary', 'description'])
        expect(i18n.exists(`reference.doc.ops.${operationId}.${part}`, { ns: NS, lng: 'zh-CN' }), operationId).toBe(
          true,
        );
    }
  });
});
