import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { getSession } from '@/lib/session';
import { PageTransition } from './page-transition';
import { PageLoading } from './route-states';
import './public-layout.css';

// Loaded when the menu is first asked for, and already on the way when a finger or pointer lands on its button.
const loadMenu = () => import('./public-menu');
const PublicMenu = lazy(loadMenu);

const LINKS = [
  { to: '/home', key: 'public.nav.home' },
  { to: '/product', key: 'public.nav.product' },
  { to: '/case', key: 'public.nav.case' },
];

/** The marketing site: /home, /product, /case (S2.9), open to everyone (S2.10). */
export default function PublicLayout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [menuAsked, setMenuAsked] = useState(false);
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
              onPointerDown={() => void loadMenu()}
              onClick={() => {
                setMenuAsked(true);
                setOpen(true);
              }}
            />
          </div>
        </div>
      </header>
      {menuAsked && (
        <Suspense fallback={null}>
          <PublicMenu open={open} onClose={() => setOpen(false)} links={nav(() => setOpen(false))} />
        </Suspense>
      )}
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
