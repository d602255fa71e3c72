import { Suspense, useState } from 'react';
import { Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { getSession } from '@/lib/session';
import { PageTransition } from './page-transition';
import { PageLoading } from './route-states';
import './public-layout.css';

const LINKS = [
  { to: '/home', key: 'public.nav.home' },
  { to: '/product', key: 'public.nav.product' },
  { to: '/case', key: 'public.nav.case' },
];

/** The marketing site: /home, /product, /case (S2.9), open to everyone (S2.10). */
export default function PublicLayout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const signedIn = Boolean(getSession().token);
  const nav = (onClick?: () => void) =>
    LINKS.map((l) => (
      <NavLink key={l.to} to={l.to} end className="public-nav-link" onClick={onClick}>
        {t(l.key)}
      </NavLink>
    ));
  return (
    <div className="public-layout">
      <header className="public-header">
        <div className="public-header-inner">
          <Link to="/home" className="public-brand" aria-label={t('brand.full')}>
            <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={30} height={30} />
            <span>{t('brand.full')}</span>
          </Link>
          <nav className="public-nav" aria-label={t('public.nav.label')}>
            {nav()}
          </nav>
          <div className="public-actions">
            <LanguageSwitch />
            {signedIn ? (
              <Link to="/welcome">
                <Button type="primary">{t('public.nav.console')}</Button>
              </Link>
            ) : (
              <>
                <Link to="/login" className="public-login">
                  {t('public.nav.login')}
                </Link>
                <Link to="/register">
                  <Button type="primary">{t('public.nav.register')}</Button>
                </Link>
              </>
            )}
            <Button
              className="public-menu-button"
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('header.openMenu')}
              onClick={() => setOpen(true)}
            />
          </div>
        </div>
      </header>
      <Drawer open={open} onClose={() => setOpen(false)} placement="right" size={260} title={t('brand.name')}>
        <nav className="public-drawer-nav" aria-label={t('public.nav.label')}>
          {nav(() => setOpen(false))}
          <NavLink to="/login" className="public-nav-link" onClick={() => setOpen(false)}>
            {t('public.nav.login')}
          </NavLink>
        </nav>
      </Drawer>
      <main className="public-main">
        <Suspense fallback={<PageLoading />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Suspense>
      </main>
      <footer className="public-footer">
        <div className="public-footer-inner">
          <span>© 2026 {t('brand.full')}</span>
          <nav aria-label={t('public.footer.legal')} className="public-footer-links">
            <Link to="/protocal-user">{t('public.footer.user')}</Link>
            <Link to="/protocal-privacy">{t('public.footer.privacy')}</Link>
            <Link to="/protocal-risk">{t('public.footer.risk')}</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
