import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '@/lib/page-title';
import { trailFor } from './layouts/breadcrumbs';
import { ROUTES } from './paths';

/**
 * The name of each page outside the menu (`namespace:key`); the pages of the menu are named by their menu item
 * (or sub-page) as the breadcrumbs are. The router's unit test checks that every route has a name.
 */
const NAMED: Record<string, string> = {
  '/home': 'common:public.nav.home',
  '/product': 'common:public.nav.product',
  '/case': 'common:public.nav.case',
  '/login': 'common:public.nav.login',
  '/register': 'common:pageTitle.register',
  '/login-error': 'common:pageTitle.loginError',
  '/protocal-user': 'common:public.footer.user',
  '/protocal-privacy': 'common:public.footer.privacy',
  '/protocal-risk': 'common:public.footer.risk',
  '/inco/:inviteNo': 'common:pageTitle.invite',
  '/pay/:codeNo': 'common:pageTitle.pay',
};

/** The i18n key naming the page at `pathname`; an unknown path is the not-found page. */
export function pageTitleKey(pathname: string): string {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  if (!route) return 'common:notFound.title';
  const named = NAMED[route.path];
  if (named) return named;
  const trail = trailFor(route.path);
  const last = trail[trail.length - 1];
  return last ? `menu:${last.code}` : 'common:brand.name';
}

/** Keeps document.title on the current page's name, in the language shown (issue 26). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation(['common', 'menu']);
  const key = pageTitleKey(pathname);
  const title = documentTitle(t(key), t('common:brand.name'));
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}
