import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * S2.4: each page enters with a slide-fade (CSS `page-slide-fade`, see styles/app.css); keyed by path so a new
 * page animates; `prefers-reduced-motion: reduce` turns the animation off. The frame clips the 16 px the page
 * slides in from, which would otherwise flash a horizontal scrollbar on every navigation.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="page-transition-frame">
      <div key={pathname} className="page-transition" data-testid="page-transition">
        {children}
      </div>
    </div>
  );
}
