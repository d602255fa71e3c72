import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { followBrowserLanguage } from '@/i18n';
import { AppProviders } from '@/app/providers';
import { setSessionRealm } from '@/lib/session-expiry';
import { OPS_SESSION_KEYS } from '@/lib/storage';
import { createOpsRouter } from '@/ops/app/router';
import '@/styles/app.css';

/**
 * The provider's operator console (/ops/, ops.html): its own entry, so the merchant portal never loads it and it
 * never loads the portal's pages. It shares the request layer, the language and antd's theme with the portal; the
 * calls carry the operator's token, never a merchant's (docs/web.md, "The operator console").
 */
setSessionRealm({ tokenKey: 'opsToken', keys: OPS_SESSION_KEYS });
followBrowserLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createOpsRouter()} />
    </AppProviders>
  </StrictMode>,
);
