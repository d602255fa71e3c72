import { Button } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import './route-states.css';

/**
 * While a route's chunks load. antd's Spin drawn in CSS (route-states.css): it is on every first visit, and antd's
 * Spin component with its styles is ~3 KB gzip there.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite" aria-label={t('loading')}>
      <span className="page-spinner" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}

/**
 * A route that failed to load (its chunk or the guard's fetch). Aborted or superseded navigations never reach
 * here (S2.13); a stale chunk after a deploy does, and reloading fixes it. Plain markup: this is part of the
 * app shell every first visit downloads.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <div className="route-error" role="alert">
      <WarningOutlined className="route-error-icon" aria-hidden />
      <h1>{missing ? t('notFound.title') : t('routeError.title')}</h1>
      <p>{missing ? t('notFound.text') : t('routeError.text')}</p>
      {missing ? (
        <Link to="/home">{t('notFound.home')}</Link>
      ) : (
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      )}
    </div>
  );
}
