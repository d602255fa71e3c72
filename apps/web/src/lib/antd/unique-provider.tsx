import { lazy, Suspense, type ReactNode } from 'react';

// antd's own, fetched on first use. The build hands ConfigProvider this module instead (antd-first-visit.ts).
const AntdUniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

/** What ConfigProvider wraps its children in when `tooltip.unique` is on: antd's provider, loaded then. */
export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <AntdUniqueProvider>{children}</AntdUniqueProvider>
    </Suspense>
  );
}
