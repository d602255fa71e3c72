import type { ReactNode } from 'react';
import { Typography } from 'antd';
import './ops-page.css';

/** A console page's head: its one h1, what it is for, and its actions (wrapping under on a phone). */
export function OpsPageHeader({ title, intro, extra }: { title: ReactNode; intro?: ReactNode; extra?: ReactNode }) {
  return (
    <header className="ops-page-head">
      <div className="ops-page-head-text">
        <Typography.Title level={1} className="ops-page-title">
          {title}
        </Typography.Title>
        {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      </div>
      {extra && <div className="ops-page-head-extra">{extra}</div>}
    </header>
  );
}

/** The filters above a list: one row that wraps. */
export function OpsFilters({ children }: { children: ReactNode }) {
  return <div className="ops-filters">{children}</div>;
}
