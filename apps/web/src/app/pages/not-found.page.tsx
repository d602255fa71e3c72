import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="centered-page" data-testid="page-not-found">
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 24 }}>{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        extra={
          <Link to="/home">
            <Button type="primary">{t('notFound.home')}</Button>
          </Link>
        }
      />
    </main>
  );
}
