import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { CtaBand } from '../components/cta-band';
import '../public.css';

/** /product: what each part of the portal does. */
export default function ProductPage() {
  const { t } = useTranslation(NS);
  const sections = t('product.sections', { returnObjects: true }) as { title: string; points: string[] }[];
  const roles = t('product.roles', { returnObjects: true }) as { name: string; text: string }[];
  return (
    <div data-testid="page-product">
      <header className="pub-page-head">
        <div className="pub-wrap">
          <h1>{t('product.title')}</h1>
          <p className="pub-lead">{t('product.lead')}</p>
        </div>
      </header>
      <section className="pub-section">
        <div className="pub-wrap pub-grid pub-grid-2">
          {sections.map((s) => (
            <article key={s.title} className="pub-card">
              <h2 className="pub-h3">{s.title}</h2>
              <ul className="pub-points">
                {s.points.map((p) => (
                  <li key={p}>
                    <CheckOutlined aria-hidden /> <span>{p}</span>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>
      <section className="pub-section pub-section-alt">
        <div className="pub-wrap">
          <h2 className="pub-h2">{t('product.rolesTitle')}</h2>
          <div className="pub-grid pub-grid-4">
            {roles.map((r) => (
              <article key={r.name} className="pub-card">
                <h3>{r.name}</h3>
                <p>{r.text}</p>
              </article>
            ))}
          </div>
          <p className="pub-note">{t('product.rolesNote')}</p>
        </div>
      </section>
      <CtaBand title={t('home.ctaTitle')} text={t('home.ctaText')} />
    </div>
  );
}
