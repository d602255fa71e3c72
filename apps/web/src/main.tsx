import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@/i18n';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { setItem } from '@/lib/storage';
import '@/styles/app.css';

setItem('breadRouteList', null); // S2.5: the breadcrumb list starts empty on every start

const router = createAppRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
