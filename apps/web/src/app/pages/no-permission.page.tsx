import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A main-layout route outside the member's menuData (S6.2); the server refuses the calls anyway (S6.4). */
export default function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="page-no-permission">
      <Result
        status="403"
        title={<h1 style={{ margin: 0, fontSize: 24 }}>{t('noPermission.title')}</h1>}
        subTitle={t('noPermission.text')}
        extra={
          <Link to="/welcome">
            <Button type="primary">{t('noPermission.back')}</Button>
          </Link>
        }
      />
    </div>
  );
}
