import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import PayApp from '@/features/order/cashier/pay-app';
import { currentLanguage } from '@/features/order/cashier/language';
import { setJsonTransport } from '@/lib/api';
import { fetchTransport } from '@/lib/fetch-transport';

/**
 * The payer's page (/mchweb/pay/:codeNo, pay.html): its own small entry, what a payer opens on a phone after
 * scanning a code. No antd, no router, no i18next, no axios; the build draws it with Preact (vite.config.ts).
 */
setJsonTransport(fetchTransport(currentLanguage));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PayApp />
  </StrictMode>,
);
