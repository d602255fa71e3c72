import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { progressBegin, progressEnd } from '@/lib/progress';
import { useDocumentTitle } from '../page-titles';

/** The element of the main layout that scrolls; outside it the window scrolls. */
export const SCROLL_CONTAINER = '[data-scroll-container]';

/**
 * S2.2: after every navigation the content area and the window start at the top, also when only the query
 * changes (a list's filters in the URL, /merchant?channel=WECHAT).
 */
function useScrollToTop(pathname: string, search: string) {
  useLayoutEffect(() => {
    document.querySelectorAll(SCROLL_CONTAINER).forEach((el) => el.scrollTo?.({ top: 0, left: 0 }));
    window.scrollTo?.({ top: 0, left: 0 });
  }, [pathname, search]);
}

/** S9.4: the progress bar runs while a navigation loads (chunks, guard) and ends 100 ms after. */
function useNavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    progressBegin();
    return () => progressEnd();
  }, [busy]);
}

export function RootLayout() {
  const { pathname, search } = useLocation();
  useScrollToTop(pathname, search);
  useNavigationProgress();
  useDocumentTitle();
  return <Outlet />;
}
