import type { ReactNode } from 'react';
import './shared.css';

/** A page's title (its one h1), what the page is for under it, and the page's actions on the right (wrapping). */
export function PageHeader({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-head">
      <div>
        <h1 className="page-title">{title}</h1>
        {intro && <p className="page-intro">{intro}</p>}
      </div>
      {actions}
    </header>
  );
}
