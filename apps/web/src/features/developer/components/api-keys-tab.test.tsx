import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import type { ApiKey } from '@mchweb/contract';
import { mswServer, ok, withClient } from '@/components/reconciliation/testing';
import { ApiKeysTab } from './api-keys-tab';

const LONG = { timeout: 8000 };
const server = mswServer();

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  keyId: 'AbCdEfGh1234',
  prefix: 'mk_test_AbCdEfGh1234',
  mode: 'test',
  name: 'Shop till',
  scopes: ['orders:read', 'orders:write'],
  merchantIds: null,
  merchants: [],
  status: 'ACTIVE',
  createdAt: '2026-05-01T01:00:00.000Z',
  createdBy: 'Owner',
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
const SECRET = `mk_test_AbCdEfGh1234_${'s'.repeat(43)}`;

describe('issue 30 the API keys tab', () => {
  it(
    'shows the empty state, creates a key, shows its secret once, and lists it without the secret',
    { timeout: 120_000 },
    async () => {
      let keys: ApiKey[] = [];
      const sent: unknown[] = [];
      server.use(
        mock.get('*/api/merchant/developer/key/list', () => ok(keys)),
        mock.post('*/api/merchant/developer/key/create', async ({ request }) => {
          sent.push(await request.json());
          keys = [key()];
          return ok({ key: keys[0], secret: SECRET });
        }),
      );
      const { wrapper: Wrapper } = withClient();
      render(
        <Wrapper>
          <ApiKeysTab />
        </Wrapper>,
      );
      await waitFor(() => expect(screen.getByTestId('api-keys-empty')).toBeInTheDocument(), LONG);

      fireEvent.click(screen.getByTestId('key-create'));
      fireEvent.change(await screen.findByTestId('key-name'), { target: { value: ' Shop till ' } });
      fireEvent.click(screen.getByTestId('key-create-submit'));

      const secret = (await screen.findByTestId('key-secret', {}, LONG)) as HTMLTextAreaElement;
      expect(secret.value).toBe(SECRET);
      expect(sent).toEqual([{ name: 'Shop till', scopes: ['orders:read', 'orders:write'], merchantIds: null }]);
      await waitFor(() => expect(screen.getByTestId('key-row-AbCdEfGh1234')).toBeInTheDocument(), LONG);

      fireEvent.click(screen.getByTestId('key-secret-done'));
      await waitFor(() => expect(screen.queryByTestId('key-secret')).toBeNull(), LONG);
      // Once closed, the secret is nowhere on the page: only the key's prefix is.
      expect(document.body.textContent).not.toContain(SECRET);
      expect(screen.getByTestId('key-row-AbCdEfGh1234')).toHaveTextContent('mk_test_AbCdEfGh1234');
    },
  );
});
