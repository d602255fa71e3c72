import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { changeLanguage, DEFAULT_LANGUAGE, i18n } from '@/i18n';
import { startApp } from '../start';
import { firstRender } from './first-page';
import { markStarted } from './before-start';
import { FIRST_PAINT_SCRIPT, HELD_SUBMIT, prerenderStale, STALE_CLASS, STARTED } from './first-paint';
import { PRERENDERED, renderPage } from './render';

let root: Root | null = null;
let container: HTMLElement;
beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove(STALE_CLASS);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(async () => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.restoreAllMocks();
  if (i18n.language !== DEFAULT_LANGUAGE) await changeLanguage(DEFAULT_LANGUAGE);
  localStorage.clear();
});

/** A document as the server answers it: the page prerendered for `prerendered`, opened at `address`. */
async function openPrerendered(prerendered: string, address: string) {
  const page = await renderPage(prerendered);
  container.dataset.prerendered = prerendered;
  container.innerHTML = page.markup;
  window.history.replaceState(null, '', `/mchweb${address}`);
  // The elements as the browser parsed the document: hydration must keep every one (React adopts them).
  return { ...page, painted: [...container.querySelectorAll('*')] };
}

/** Hydration's complaints: React reports a mismatch through console.error (and onRecoverableError, which logs). */
function mismatches() {
  const error = vi.spyOn(console, 'error');
  return () => error.mock.calls.map((args) => String(args[0])).filter((m) => /hydrat|match/i.test(m));
}

describe('the prerendered pages of the first visit (issue 26)', () => {
  it('are /home, /product, /case, /login and /register', () => {
    expect(PRERENDERED.map((p) => p.path).sort()).toEqual(['/case', '/home', '/login', '/product', '/register']);
  });

  for (const path of ['/login', '/register', '/home', '/product', '/case']) {
    it(`${path}: the browser hydrates the markup the build drew, element for element, without a mismatch`, async () => {
      const page = await openPrerendered(path, path);
      expect(page.title).toMatch(/ · 商户平台$/);
      const heading = container.querySelector('h1');
      expect(heading?.textContent).toBeTruthy();
      const complaints = mismatches();
      root = await startApp(container);
      await act(async () => undefined);
      expect(complaints()).toEqual([]);
      // Hydrated, not drawn again: the elements painted with the HTML are the ones React now owns.
      expect(container.querySelector('h1')).toBe(heading);
      expect(page.painted.filter((el) => !el.isConnected)).toEqual([]);
      expect(container.querySelectorAll('*').length).toBe(page.painted.length);
    }, 30_000);
  }

  it('the sign-in form works once hydrated', async () => {
    await openPrerendered('/login', '/login');
    root = await startApp(container);
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid=login-submit]')!.click());
    await waitFor(() =>
      expect(container.querySelector('#login-account-error')?.textContent).toBe('请输入手机号或用户名'),
    );
  });

  it('a signed-out deep link behind the sign-in hydrates /login at /login?redirect=<where it was going>', async () => {
    const page = await openPrerendered('/login', '/order?status=SUCCESS');
    const complaints = mismatches();
    root = await startApp(container);
    await act(async () => undefined);
    expect(window.location.pathname + window.location.search).toBe(
      `/mchweb/login?redirect=${encodeURIComponent('/order?status=SUCCESS')}`,
    );
    expect(complaints()).toEqual([]);
    expect(page.painted.filter((el) => !el.isConnected)).toEqual([]);
  });

  it('English chosen: the Chinese markup is dropped and the page drawn in English', async () => {
    await openPrerendered('/login', '/login');
    localStorage.setItem('language', 'en-US');
    await i18n.changeLanguage('en-US');
    root = await startApp(container);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Sign in to the Merchant Portal'));
    expect(container.textContent).not.toMatch(/登录/);
  });

  it('signed in: /home is drawn for the member (the console, not sign-up), never hydrated from the prerender', async () => {
    await openPrerendered('/home', '/home');
    localStorage.setItem('token', 'a-token');
    document.documentElement.classList.add(STALE_CLASS);
    const prerenderedHeading = container.querySelector('h1');
    root = await startApp(container);
    await waitFor(() => expect(container.querySelector('[data-testid=page-home]')).not.toBeNull());
    expect(container.querySelector('h1')).not.toBe(prerenderedHeading);
    expect(container.textContent).toContain('进入控制台');
    expect(document.documentElement.classList.contains(STALE_CLASS)).toBe(false);
  });
});

describe('which first render', () => {
  const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
  const visit = { prerendered: '/login', stale: false, mode: 'history' as const };

  it('hydrates the prerendered path itself, also with a query', () => {
    expect(firstRender({ ...visit, location: at('/mchweb/login', '?redirect=%2Forder') })).toEqual({ hydrate: true });
  });

  it("hydrates /login's markup on a page behind the sign-in, at the guard's address", () => {
    expect(firstRender({ ...visit, location: at('/mchweb/bill', '?day=2026-01-02') })).toEqual({
      hydrate: true,
      address: `/mchweb/login?redirect=${encodeURIComponent('/bill?day=2026-01-02')}`,
    });
  });

  it('renders from nothing when the markup is stale, absent, of another page, or the router is in hash mode', () => {
    expect(firstRender({ ...visit, stale: true, location: at('/mchweb/login') })).toEqual({ hydrate: false });
    expect(firstRender({ ...visit, prerendered: undefined, location: at('/mchweb/login') })).toEqual({
      hydrate: false,
    });
    expect(firstRender({ ...visit, prerendered: '/home', location: at('/mchweb/order') })).toEqual({ hydrate: false });
    expect(firstRender({ ...visit, location: at('/mchweb/no-such-page') })).toEqual({ hydrate: false });
    expect(firstRender({ ...visit, mode: 'hash', location: at('/mchweb/login') })).toEqual({ hydrate: false });
  });
});

describe('the first-paint script', () => {
  const cases: Record<string, string>[] = [
    {},
    { language: 'zh-CN' },
    { language: 'en-US' },
    { language: 'fr-FR' },
    { token: 'a-token' },
    { token: '' },
    { language: 'en-US', token: 'a-token' },
  ];
  for (const stored of cases) {
    it(`decides as the app does: ${JSON.stringify(stored)}`, () => {
      Object.entries(stored).forEach(([k, v]) => localStorage.setItem(k, v));
      new Function(FIRST_PAINT_SCRIPT)(); // the very text the documents carry
      expect(document.documentElement.classList.contains(STALE_CLASS)).toBe(prerenderStale());
      expect(prerenderStale()).toBe(stored.language === 'en-US' || Boolean(stored.token));
    });
  }

  it('stops the browser submitting a form, before and after the page is live (no reload losing what was typed)', () => {
    const w = window as unknown as Record<string, unknown>;
    w[STARTED] = undefined; // a document before the app's start (the tests above started it)
    new Function(FIRST_PAINT_SCRIPT)();
    const form = document.createElement('form');
    document.body.append(form);
    const seenByTheApp: Event[] = [];
    form.addEventListener('submit', (e) => seenByTheApp.push(e));
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event;
    };
    // Before: held for before-start.ts, and kept from React (it would hydrate and send the drawn state).
    expect(submit().defaultPrevented).toBe(true);
    expect(w[HELD_SUBMIT]).toBe(form);
    expect(seenByTheApp).toEqual([]);
    // Once the page is live: React's, and still never the browser's.
    markStarted();
    w[HELD_SUBMIT] = undefined;
    const after = submit();
    expect(after.defaultPrevented).toBe(true);
    expect(seenByTheApp).toEqual([after]);
    expect(w[HELD_SUBMIT]).toBeUndefined();
    form.remove();
  });
});
