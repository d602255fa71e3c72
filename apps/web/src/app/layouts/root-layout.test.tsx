import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RootLayout } from './root-layout';

// jsdom has no Element.prototype.scrollTo: each test that needs one puts a spy there and it goes again here.
const elementScrollTo = Element.prototype.scrollTo;
afterEach(() => {
  vi.restoreAllMocks();
  Element.prototype.scrollTo = elementScrollTo;
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/merchant', element: <div data-scroll-container>merchants</div> },
          { path: '/channel', element: <div data-scroll-container>channels</div> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RootLayout', () => {
  it('S2.2 scrolls the window and the content area to the top after every navigation, also a change of query only', async () => {
    const windowScroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const areaScroll = vi.fn();
    Element.prototype.scrollTo = areaScroll;
    const router = renderAt('/merchant');
    expect(await screen.findByText('merchants')).toBeInTheDocument();
    const after = (n: number) => {
      expect(windowScroll).toHaveBeenCalledTimes(n);
      expect(areaScroll).toHaveBeenCalledTimes(n);
      expect(windowScroll).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    };
    after(1);

    await act(() => router.navigate('/merchant?channel=WECHAT'));
    after(2);
    await act(() => router.navigate('/merchant?channel=ALIPAY'));
    after(3);
    await act(() => router.navigate('/channel'));
    expect(screen.getByText('channels')).toBeInTheDocument();
    after(4);
  });
});
