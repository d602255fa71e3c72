import { Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** The closing call to action of each marketing page. */
export function CtaBand({ title, text }: { title: string; text?: string }) {
  const { t } = useTranslation(NS);
  return (
    <section className="pub-cta">
      <div className="pub-wrap pub-cta-inner">
        <div>
          <h2>{title}</h2>
          {text && <p>{text}</p>}
        </div>
        <Link to="/register">
          <Button size="large" className="pub-cta-button">
            {t('home.primary')}
          </Button>
        </Link>
      </div>
    </section>
  );
}
