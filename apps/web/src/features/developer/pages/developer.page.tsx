import type { ReactNode } from 'react';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/**
 * One tab of /developer. Features never import each other, so app/pages/developer.page.tsx lists the tabs and
 * each feature gives its own: `title` is an i18n key with its namespace (`developer:tabs.keys`).
 */
export interface DeveloperTab {
  key: string;
  title: string;
  content: ReactNode;
}

/** /developer: the merchant API's keys, webhooks and reference, one tab each (the tab is kept in `?tab=`). */
export function DeveloperPage({ tabs }: { tabs: readonly DeveloperTab[] }) {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.key;
  const asked = params.get('tab');
  const active = tabs.some((tab) => tab.key === asked) ? asked! : first;

  return (
    <section className="developer-page" data-testid="page-developer">
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === first ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={tabs.map((tab) => ({
          key: tab.key,
          label: <span data-testid={`tab-${tab.key}`}>{t(tab.title)}</span>,
          children: tab.content,
        }))}
      />
    </section>
  );
}
