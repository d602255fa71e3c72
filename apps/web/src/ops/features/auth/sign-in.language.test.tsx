import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage, followBrowserLanguage } from '@/i18n';
import { openOpsPage } from '../../testing';
import OpsSignInPage from './sign-in.page';

// Reported: the console showed Chinese in an English browser. It starts in the stored choice, else the browser's.
describe("the console's language", () => {
  afterEach(() => vi.restoreAllMocks());

  it('with nothing chosen, an English browser gets the console in English, title too; the switch turns both to Chinese and keeps the choice', async () => {
    localStorage.removeItem('language');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'zh-CN']);
    followBrowserLanguage();
    openOpsPage([{ path: '/login', Component: OpsSignInPage }], '/login', null);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Operations console sign-in');
    await waitFor(() => expect(document.title).toMatch(/^Operations console sign-in · Operations Console/));
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem('language')).toBeNull(); // the browser decided, not the person

    fireEvent.click(screen.getByTestId('language-switch'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('运营后台登录');
    await waitFor(() => expect(document.title).toMatch(/^运营后台登录 · 运营后台/));
    expect(localStorage.getItem('language')).toBe('zh-CN');
  });

  it('a stored choice wins over the browser', async () => {
    await changeLanguage('zh-CN');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    followBrowserLanguage();
    openOpsPage([{ path: '/login', Component: OpsSignInPage }], '/login', null);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('运营后台登录');
  });
});
