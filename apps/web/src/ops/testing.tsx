import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { withClient } from '@/components/reconciliation/testing';
import { setSessionRealm } from '@/lib/session-expiry';
import { OPS_SESSION_KEYS, setItem } from '@/lib/storage';
import type { OpsOperatorInfo } from './session';

/*
 * What the console's unit tests share: the console's session realm (as ops-main.tsx sets it), an operator in
 * storage, and a page opened in a memory router. Imported by tests only.
 */
export const REVIEWER: OpsOperatorInfo = {
  operatorNo: '7',
  name: '李审核',
  account: 'li.review',
  roles: ['REVIEWER'],
  permissions: ['ops:onboarding:view', 'ops:onboarding:review', 'ops:merchant:view'],
};

/** Open `Page` at `path` (the console's routes besides it as `others`), signed in as `operator` unless null. */
export function openOpsPage(
  routes: { path: string; Component: ComponentType }[],
  at: string,
  operator: OpsOperatorInfo | null = REVIEWER,
) {
  setSessionRealm({ tokenKey: 'opsToken', keys: OPS_SESSION_KEYS });
  if (operator) {
    setItem('opsToken', 'ops_test-token');
    setItem('opsOperator', operator);
  }
  const { wrapper: Wrapper } = withClient();
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return router;
}
