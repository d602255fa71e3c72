import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes, safeNavigate } from './router';
import { routerMode } from './router-mode';
import { ROUTES } from './paths';

describe('router', () => {
  it('S2.6 / redirects to /home', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 5000 });
  });

  it('S2.1 history mode by default; hash mode by build setting or by the runtime meta tag', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(routerMode(undefined, doc)).toBe('history');
    expect(routerMode('hash', doc)).toBe('hash');
    const meta = doc.createElement('meta');
    meta.name = 'mchweb-router-mode';
    meta.content = 'hash';
    doc.head.appendChild(meta);
    expect(routerMode(undefined, doc)).toBe('hash');
  });

  it('S2.7 S2.8 S2.3 every route of the seed has its own lazily loaded page', async () => {
    const seed = [
      '/order',
      '/settlement',
      '/merchant',
      '/code-setting',
      '/div-account',
      '/transfer-account',
      '/transfer-list',
      '/mch-code-setting',
      '/merchant-entry',
      '/bill',
      '/inco-manage',
      '/audit-progress',
      '/staff-manage',
      '/organ-home',
      '/organ-create',
      '/organ-select',
      '/welcome',
      '/channel',
      '/incomming',
      '/new-incomming',
      '/protocal-privacy',
      '/protocal-user',
      '/protocal-risk',
      '/login',
      '/register',
      '/open',
      '/login-error',
      '/home',
      '/product',
      '/case',
    ];
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...seed].sort());
    for (const r of ROUTES) {
      const mod = await r.load();
      expect(typeof mod.default, r.path).toBe('function');
    }
    expect(ROUTES.filter((r) => r.area === 'main').map((r) => r.path)).toEqual(
      expect.arrayContaining(seed.slice(0, 20)),
    );
  });

  it('S2.13 a navigation superseded by another is swallowed silently', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    let release: () => void = () => undefined;
    const router = createMemoryRouter(
      [
        { path: '/', Component: () => null },
        { path: '/slow', loader: () => new Promise((r) => (release = () => r(null))), Component: () => null },
        { path: '/fast', Component: () => null },
      ],
      { initialEntries: ['/'] },
    );
    const first = safeNavigate(router, '/slow');
    const second = safeNavigate(router, '/fast');
    release();
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    await safeNavigate(router, '/fast'); // duplicate navigation
    expect(router.state.location.pathname).toBe('/fast');
    await new Promise((r) => setTimeout(r, 20));
    expect(unhandled).not.toHaveBeenCalled();
    process.off('unhandledRejection', unhandled);
  });
});
