import { StrictMode } from 'react';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { AppProviders } from './providers';

export type AppRouter = ReturnType<typeof createMemoryRouter>;

/**
 * The whole portal around its router. The browser draws it (main.tsx) and the build prerenders it
 * (prerender/render.tsx): one tree for both, so the markup the build writes is the markup the browser hydrates.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
