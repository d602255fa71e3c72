import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES_NS as NS } from '../pages-i18n';

/** S2.8 / S4.4.2-3: the guard's refusal; `login=no` means signing in again will not help. */
export default function LoginErrorPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const errmsg = params.get('errmsg') || t('loginError.fallback');
  const noLogin = params.get('login') === 'no';
  return (
    <main className="centered-page" data-testid="page-login-error">
      <Result
        status="warning"
        title={<h1 style={{ margin: 0, fontSize: 24 }}>{t('loginError.title')}</h1>}
        subTitle={
          <>
            <span data-testid="login-error-message">{errmsg}</span>
            {noLogin && (
              <>
                <br />
                {t('loginError.noLogin')}
              </>
            )}
          </>
        }
        extra={
          noLogin ? (
            <Link to="/home">
              <Button>{t('loginError.home')}</Button>
            </Link>
          ) : (
            <Link to="/login">
              <Button type="primary" data-testid="login-error-back">
                {t('loginError.back')}
              </Button>
            </Link>
          )
        }
      />
    </main>
  );
}
