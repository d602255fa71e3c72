import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { guarded, routes, safeNavigate } from './router';
import { routerMode } from './router-mode';
import { MENU } from '@mchweb/contract/permissions';
import { ROUTES } from './paths';
import { pageTitleKey } from './page-titles';
import { i18n } from '@/i18n';

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

  it('S2.7 S2.8 S2.3 every route has its own lazily loaded page; the menu and the routes name the same pages', async () => {
    // Every page behind the guard is a menu item or one of its sub-pages (the contract's MENU, from which the
    // server builds menuData), and every menu path has a page: a new page is one ROUTES line plus its MENU entry.
    const menuPaths = MENU.flatMap((g) => g.children.flatMap((leaf) => [leaf.path, ...(leaf.subPaths ?? [])]));
    const guarded = ROUTES.filter((r) => r.area === 'main' || r.area === 'blankGuarded').map((r) => r.path);
    expect([...guarded].sort()).toEqual([...menuPaths].sort());
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const r of ROUTES) {
      const mod = await r.load();
      expect(typeof mod.default, r.path).toBe('function');
    }
    // Importing every page (antd's components, the onboarding wizard's zod) takes seconds on a busy machine.
  }, 30_000);

  it('issue 26: a guarded route downloads its chunk with the navigation only when a session exists', async () => {
    const Page = () => null;
    const load = vi.fn(async () => ({ default: Page }));
    localStorage.removeItem('token');
    const signedOut = await guarded(load)();
    // The guard sends a visitor without a token to /login: the target's chunk is not fetched for that.
    expect(load).not.toHaveBeenCalled();
    expect(signedOut.Component).not.toBe(Page);
    localStorage.setItem('token', 'a-token');
    try {
      expect((await guarded(load)()).Component).toBe(Page);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      localStorage.removeItem('token');
    }
  });

  it('issue 26: every route names its page in both languages; an unknown path is the not-found page', () => {
    for (const r of ROUTES) {
      const key = pageTitleKey(r.path.replace(/:\w+/g, 'X1'));
      for (const lng of ['zh-CN', 'en-US']) {
        const name = i18n.getFixedT(lng, ['common', 'menu'])(key);
        expect(name, `${r.path} ${lng}`).not.toBe(key.split(':')[1]);
        expect(name, `${r.path} ${lng}`).toMatch(/\S/);
      }
    }
    expect(i18n.getFixedT('zh-CN', 'menu')(pageTitleKey('/order'))).toBe('订单查询');
    expect(i18n.getFixedT('en-US', 'menu')(pageTitleKey('/order'))).toBe('Orders');
    expect(pageTitleKey('/no-such-page')).toBe('common:notFound.title');
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
