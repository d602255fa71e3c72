import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { acceptInvitation, useAcceptInvitation } from './accept-invitation';
import { companyListQuery } from './company-list';
import { declineInvitation } from './decline-invitation';
import { invitationListQuery } from './invitation-list';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  message.destroy();
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

const envelope = (code: number, msg: string, data: unknown = null) =>
  HttpResponse.json({ status: 200, code, msg, message: msg, data });

describe('company API: staff invitations (issue 14.2)', () => {
  it('lists, accepts and declines by invitationId; a withdrawn invitation is refused with a toast', async () => {
    const sent: [string, unknown][] = [];
    const invitation = {
      invitationId: 7,
      companyId: 3,
      companyName: 'Riverside Tea Rooms',
      role: 'ADMIN',
      roleName: 'Admin',
      invitedAt: '2026-01-02T03:04:05.000Z',
    };
    server.use(
      mock.get('*/api/merchant/staff/invitation/list', () => envelope(200, 'success', [invitation])),
      mock.post('*/api/merchant/staff/invitation/:answer', async ({ request, params }) => {
        sent.push([String(params.answer), await request.json()]);
        return params.answer === 'accept' ? envelope(200, 'success') : envelope(404, 'Invitation not found');
      }),
    );
    expect(invitationListQuery().queryKey).toEqual(['company', 'invitations']);
    await expect(new QueryClient().fetchQuery(invitationListQuery())).resolves.toEqual([invitation]);
    await expect(acceptInvitation({ invitationId: 7 })).resolves.toBeNull();
    await expect(declineInvitation({ invitationId: 7 })).rejects.toMatchObject({ code: 404 });
    expect(sent).toEqual([
      ['accept', { invitationId: 7 }],
      ['decline', { invitationId: 7 }],
    ]);
    // The toast code loads on demand: on a loaded machine that takes more than waitFor's default second.
    await waitFor(
      () => expect(document.querySelector('.ant-message-notice')?.textContent ?? '').toContain('not found'),
      {
        timeout: 10_000,
      },
    );
  });

  it('an invitation accepted while the organisation list is still loading shows in the list afterwards', async () => {
    const row = (companyId: number, companyName: string) => ({
      companyId,
      companyName,
      role: 'FINANCE',
      roleName: 'Finance',
      status: 'ACTIVE',
      memberStatus: 'ACTIVE',
      current: companyId === 1,
    });
    let joined = false;
    let lists = 0;
    server.use(
      // The first list is asked before the answer and comes back after it: slow, and without the new organisation.
      mock.get('*/api/merchant/company/list', async () => {
        const [first, seen] = [++lists === 1, joined];
        if (first) await new Promise((r) => setTimeout(r, 300));
        return envelope(
          200,
          'success',
          seen ? [row(1, 'Morning Light'), row(5, 'West Lake Florist')] : [row(1, 'Morning Light')],
        );
      }),
      mock.get('*/api/merchant/staff/invitation/list', () => envelope(200, 'success', [])),
      mock.post('*/api/merchant/staff/invitation/accept', () => ((joined = true), envelope(200, 'success'))),
      mock.post('*/api/merchant/feeManager/getCompany', () => envelope(200, 'success', { companyId: 1 })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => ({ list: useQuery(companyListQuery()), accept: useAcceptInvitation() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.list.isFetching).toBe(true));
    await result.current.accept.mutateAsync({ invitationId: 9 });
    await waitFor(() => expect(result.current.list.data?.map((c) => c.companyId)).toEqual([1, 5]));
  });
});
