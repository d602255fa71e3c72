import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageTransition } from './page-transition';
import { PageLoading } from './route-states';

/** Sign-in, sign-up, agreements, /login-error and /open: no navigation chrome. */
export default function BlankLayout() {
  return (
    <div className="blank-layout">
      <Suspense fallback={<PageLoading />}>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </Suspense>
    </div>
  );
}
