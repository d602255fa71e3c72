import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Drawer, Grid, Layout, Menu, Result, Space, Tag, Typography } from 'antd';
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { isNetworkOnline, subscribeNetwork } from '@/lib/network';
import { documentTitle } from '@/lib/page-title';
import { queryClient } from '@/lib/query-client';
// The console calls the API at once: the request layer comes with the layout (offline is then reported, S8.6).
import '@/lib/request';
import '@/i18n/dayjs-locale';
import { OPS_NS } from '../i18n';
import { useCan, useOpsSession } from '../session';
import { signOutOperator } from './sign-out';
import { MENU_GROUPS, OPS_ROUTES, routeOf } from './routes';
import { OpsLoading } from './route-states';
import './ops-layout.css';

function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(OPS_NS);
  const can = useCan();
  const { pathname } = useLocation();
  const current = routeOf(pathname)?.code;
  const items = MENU_GROUPS.map((group) => ({
    type: 'group' as const,
    key: group.key,
    label: group.codes.length > 1 || group.key !== group.codes[0] ? t(`menu.${group.key}`) : undefined,
    children: OPS_ROUTES.filter((r) => r.menu && group.codes.includes(r.code) && can(r.permission)).map((r) => ({
      key: r.code,
      label: (
        <Link to={r.path} onClick={onNavigate}>
          {t(`menu.${r.code}`)}
        </Link>
      ),
    })),
  })).filter((g) => g.children.length > 0);
  return (
    <nav aria-label={t('menu.label')}>
      <Menu theme="dark" mode="inline" selectedKeys={current ? [current] : []} items={items} />
    </nav>
  );
}

/** The console's frame: the menu the operator's permissions allow, who is signed in, language, sign-out. */
export default function OpsLayout() {
  const { t } = useTranslation(OPS_NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { operator } = useOpsSession();
  const can = useCan();
  const compact = Grid.useBreakpoint().lg === false;
  const [drawer, setDrawer] = useState(false);
  const online = useSyncExternalStore(subscribeNetwork, isNetworkOnline);
  const route = routeOf(pathname);
  const pageName = route ? t(`menu.${route.code}`) : null;

  useEffect(() => {
    document.title = documentTitle(pageName, t('brand'));
  }, [pageName, t]);

  const brand = (
    <Link to="/" className="ops-brand">
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={26} height={26} />
      <span>{t('brand')}</span>
    </Link>
  );
  const menu = <SideMenu onNavigate={() => setDrawer(false)} />;

  return (
    <QueryClientProvider client={queryClient}>
      <Layout className="ops-layout">
        {!compact && (
          <Layout.Sider width={232} className="ops-sider">
            {brand}
            {menu}
          </Layout.Sider>
        )}
        {compact && (
          <Drawer
            placement="left"
            open={drawer}
            onClose={() => setDrawer(false)}
            size={260}
            closable={false}
            title={null}
            styles={{ body: { padding: 0, background: '#111827' } }}
          >
            {brand}
            {menu}
          </Drawer>
        )}
        <Layout className="ops-body">
          <Layout.Header className="ops-header">
            {compact && (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('header.openMenu')}
                onClick={() => setDrawer(true)}
              />
            )}
            <div className="ops-header-who">
              <Typography.Text strong ellipsis data-testid="ops-operator">
                {operator?.name}
              </Typography.Text>
              {!compact && operator?.roles.map((role) => <Tag key={role}>{role}</Tag>)}
            </div>
            <Space size={compact ? 0 : 8}>
              <LanguageSwitch />
              <Button
                type="text"
                icon={<LogoutOutlined />}
                aria-label={t('header.signOut')}
                data-testid="ops-sign-out"
                onClick={() => void signOutOperator().finally(() => navigate('/login'))}
              >
                {!compact && t('header.signOut')}
              </Button>
            </Space>
          </Layout.Header>
          {!online && <Alert type="warning" showIcon banner title={tc('offline.banner')} />}
          <main className="ops-content">
            <Suspense fallback={<OpsLoading />}>
              {route && !can(route.permission) ? <Result status="403" title={t('state.noPermission')} /> : <Outlet />}
            </Suspense>
          </main>
        </Layout>
      </Layout>
    </QueryClientProvider>
  );
}
