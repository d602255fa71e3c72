import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { replayBeforeStart } from '../prerender/before-start';

/** Whether this document has shown a page yet (any layout). */
let pageShown = false;

/**
 * One page inside the frame. The first page of a document appears at once: the slide-fade starts from
 * opacity 0, and Chromium records no first-contentful-paint for content painted transparent and then faded in
 * by the compositor (issue 14.10: /login and /register had none, so no FCP or LCP for real users either).
 * Every later page slides in. The first page may be a prerendered one, hydrated in its layout's Suspense boundary
 * after the rest: its effects are the first to find its fields live, so what the visitor typed or submitted
 * before the app started is handed to React here (prerender/before-start.ts).
 */
function TransitionPage({ children }: { children: ReactNode }) {
  const [instant] = useState(() => !pageShown);
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!pageShown && page.current) replayBeforeStart(page.current);
    pageShown = true;
  }, []);
  return (
    <div
      ref={page}
      className={instant ? 'page-transition page-transition-instant' : 'page-transition'}
      data-testid="page-transition"
    >
      {children}
    </div>
  );
}

/**
 * S2.4: pages change with a slide-fade (CSS `page-slide-fade`, see styles/app.css); keyed by path so a new
 * page animates; `prefers-reduced-motion: reduce` turns the animation off. The frame clips the 16 px the page
 * slides in from, which would otherwise flash a horizontal scrollbar on every navigation.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="page-transition-frame">
      <TransitionPage key={pathname}>{children}</TransitionPage>
    </div>
  );
}
