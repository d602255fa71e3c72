import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The marketing site's menu on a narrow screen, loaded when it is first asked for (public-layout.tsx): antd's
 * Drawer and what it brings were 12 of the 31 files of a first visit to /home (21.7 KB with their headers), for a
 * menu most visitors never open.
 */
export default function PublicMenu({ open, onClose, links }: { open: boolean; onClose: () => void; links: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={260} title={t('brand.name')}>
      <nav className="public-drawer-nav" aria-label={t('public.nav.label')}>
        {links}
        <NavLink to="/login" className="public-nav-link" onClick={onClose}>
          {t('public.nav.login')}
        </NavLink>
      </nav>
    </Drawer>
  );
}
