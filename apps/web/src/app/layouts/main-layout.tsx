import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Breadcrumb, Drawer, Grid, Layout } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNetworkOnline, subscribeNetwork } from '@/lib/network';
import { allowedPaths, useSession } from '@/lib/session';
import { getJson, onStorageChange } from '@/lib/storage';
import NoPermissionPage from '../pages/no-permission.page';
import { setBreadRouteList, trailFor, type BreadRoute } from './breadcrumbs';
import { HeaderBar } from './header-bar';
import { PageTransition } from './page-transition';
import { QueryLayer } from './query-layer';
import { PageLoading } from './route-states';
import { SideMenu } from './side-menu';
import './main-layout.css';
import '@/i18n/dayjs-locale'; // signed-in pages show dates: dayjs follows the language

function useBreadRouteList(): BreadRoute[] {
  const raw = useSyncExternalStore(onStorageChange, () => localStorage.getItem('breadRouteList'));
  return raw ? (getJson<BreadRoute[]>('breadRouteList') ?? []) : [];
}

function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/welcome" className="main-brand" aria-label={t('brand.name')}>
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
      {!collapsed && <span>{t('brand.name')}</span>}
    </Link>
  );
}

/** The signed-in layout: sidebar (a drawer on phones), header, breadcrumb, offline banner, page. */
export default function MainLayout() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('menu');
  const { pathname } = useLocation();
  const { menuData } = useSession();
  const online = useSyncExternalStore(subscribeNetwork, isNetworkOnline);
  const screens = Grid.useBreakpoint();
  const compact = screens.lg === false;
  const [drawer, setDrawer] = useState(false);
  const crumbs = useBreadRouteList();

  useEffect(() => setBreadRouteList(trailFor(pathname)), [pathname]);

  const allowed = allowedPaths(menuData).has(pathname);
  const menu = <SideMenu menuData={menuData} onNavigate={() => setDrawer(false)} />;

  return (
    <QueryLayer>
      <Layout className="main-layout">
        {!compact && (
          <Layout.Sider width={224} className="main-sider" aria-label={t('nav.label')}>
            <Brand />
            <nav>{menu}</nav>
          </Layout.Sider>
        )}
        {compact && (
          <Drawer
            placement="left"
            open={drawer}
            onClose={() => setDrawer(false)}
            size={260}
            closable={false}
            styles={{ body: { padding: 0, background: '#0f1f3d' } }}
            title={null}
          >
            <Brand />
            <nav aria-label={t('nav.label')}>{menu}</nav>
          </Drawer>
        )}
        <Layout className="main-body">
          <Layout.Header className="main-header-wrap">
            <HeaderBar compact={compact} onOpenMenu={() => setDrawer(true)} />
          </Layout.Header>
          {!online && <Alert type="warning" showIcon banner title={t('offline.banner')} data-testid="offline-banner" />}
          <main className="main-content" data-scroll-container tabIndex={-1}>
            {crumbs.length > 0 && (
              <Breadcrumb
                className="main-breadcrumb"
                items={crumbs.map((c, i) => ({
                  key: c.code,
                  title: c.path && i < crumbs.length - 1 ? <Link to={c.path}>{tm(c.code)}</Link> : tm(c.code),
                }))}
              />
            )}
            <Suspense fallback={<PageLoading />}>
              <PageTransition>{allowed ? <Outlet /> : <NoPermissionPage />}</PageTransition>
            </Suspense>
          </main>
        </Layout>
      </Layout>
    </QueryLayer>
  );
}
