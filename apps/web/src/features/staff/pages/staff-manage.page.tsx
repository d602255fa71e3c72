import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '@/components/permission';
import { AuditTab } from '../components/audit-tab';
import { RolesTab } from '../components/roles-tab';
import { StaffTab } from '../components/staff-tab';
import { NS } from '../i18n';
import '../components/staff.css';

const TABS = ['staff', 'roles', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** /staff-manage: staff, roles and the audit log of the current organisation (the tab is kept in `?tab=`). */
export default function StaffManagePage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const canAudit = useHasPermission(['audit:view']);
  const tabs = TABS.filter((k) => k !== 'audit' || canAudit);
  const asked = params.get('tab') as Tab | null;
  const active: Tab = asked && tabs.includes(asked) ? asked : 'staff';

  return (
    <section className="staff-page" data-testid="page-staff-manage">
      <h1>{t('title')}</h1>
      <p className="staff-intro">{t('intro')}</p>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'staff' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={tabs.map((key) => ({
          key,
          label: <span data-testid={`tab-${key}`}>{t(`tabs.${key}`)}</span>,
          children: key === 'staff' ? <StaffTab /> : key === 'roles' ? <RolesTab /> : <AuditTab />,
        }))}
      />
    </section>
  );
}
