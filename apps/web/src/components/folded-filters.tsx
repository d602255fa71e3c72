import { useState, type ReactNode } from 'react';
import { Badge, Button, ConfigProvider } from 'antd';
import { FilterOutlined } from '@ant-design/icons';

/** The filters' placeholders are their only visible labels: dark enough to read (antd's default is 0.25 alpha). */
export const READABLE_PLACEHOLDERS = { token: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } };

/**
 * A list's filters as one search region: `always` stays in view; on a phone (`narrow`) the rest folds behind a
 * button that counts the filters in use (`active`). `name` makes the class names (`<name>-filters`,
 * `<name>-filter-more`) and test ids (`<name>-filter-toggle`) of the page's own CSS and tests.
 */
export function FoldedFilters({
  name,
  label,
  toggleText,
  narrow,
  active,
  always,
  children,
}: {
  name: string;
  /** The region's accessible name. */
  label: string;
  toggleText: string;
  narrow: boolean;
  active: number;
  always: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfigProvider theme={READABLE_PLACEHOLDERS}>
      <div className={`${name}-filters`} role="search" aria-label={label}>
        {always}
        {narrow && (
          <Badge count={active} size="small" offset={[-4, 4]}>
            <Button
              icon={<FilterOutlined />}
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-controls={`${name}-filter-more`}
              data-testid={`${name}-filter-toggle`}
            >
              {toggleText}
            </Button>
          </Badge>
        )}
        <div className={`${name}-filter-more`} id={`${name}-filter-more`} hidden={narrow && !open}>
          {children}
        </div>
      </div>
    </ConfigProvider>
  );
}
