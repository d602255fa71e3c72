import { ApiKeysTab } from '@/features/developer/components/api-keys-tab';
import { ApiReferenceTab } from '@/features/developer/components/api-reference-tab';
import { DeveloperPage, type DeveloperTab } from '@/features/developer/pages/developer.page';
import { WebhooksTab } from '@/features/webhook/components/webhooks-tab';

/**
 * /developer composed here (features never import each other): one entry per tab, in the order shown. A feature
 * adding a tab (webhooks) adds one line with its own component and title key.
 */
const TABS: readonly DeveloperTab[] = [
  { key: 'keys', title: 'developer:tabs.keys', content: <ApiKeysTab /> },
  { key: 'webhooks', title: 'webhook:title', content: <WebhooksTab /> },
  { key: 'reference', title: 'developer:tabs.reference', content: <ApiReferenceTab /> },
];

export default function DeveloperRoute() {
  return <DeveloperPage tabs={TABS} />;
}
