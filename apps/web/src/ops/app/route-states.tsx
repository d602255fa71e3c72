import { Button, Result, Spin } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPS_NS } from '../i18n';

/** A page's chunk on its way: the spinner says what it is to a screen reader too. */
export function OpsLoading() {
  const { t } = useTranslation();
  return (
    <div className="ops-loading" role="status" aria-label={t('loading')}>
      <Spin />
    </div>
  );
}

/** A page whose chunk or render failed: a stale chunk after a deploy is fixed by reloading. */
export function OpsRouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { t: to } = useTranslation(OPS_NS);
  if (isRouteErrorResponse(error) && error.status === 404) return <Result status="404" title={to('state.notFound')} />;
  console.error(error);
  return (
    <Result
      status="warning"
      title={t('routeError.title')}
      subTitle={t('routeError.text')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
