import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@/i18n';
import PublicLayout from './public-layout';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: PublicLayout,
        children: [
          { path: '/home', element: <p>home page</p> },
          { path: '/case', element: <p>case page</p> },
          { path: '/login', element: <p>login page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the marketing site on a phone', () => {
  it('its menu is loaded when first opened, lists the site and sign-in, and a link in it goes there and closes it', async () => {
    const user = userEvent.setup();
    const router = renderAt('/home');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull(); // nothing of the menu before it is asked for
    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const menu = await screen.findByRole('dialog');
    const nav = within(menu).getByRole('navigation', { name: '站点导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['首页', '产品', '客户案例', '登录']);
    await user.click(within(nav).getByRole('link', { name: '客户案例' }));
    expect(router.state.location.pathname).toBe('/case');
    expect(await screen.findByText('case page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // closed again; opened a second time without loading anything
    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: '登录' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
