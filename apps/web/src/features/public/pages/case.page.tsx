import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { CtaBand } from '../components/cta-band';
import '../public.css';

interface Story {
  name: string;
  tag: string;
  challenge: string;
  solution: string;
  result: string;
}

/** /case: example scenarios of typical merchants (labelled as examples, no invented figures). */
export default function CasePage() {
  const { t } = useTranslation(NS);
  const stories = t('case.stories', { returnObjects: true }) as Story[];
  return (
    <div data-testid="page-case">
      <header className="pub-page-head">
        <div className="pub-wrap">
          <h1>{t('case.title')}</h1>
          <p className="pub-lead">{t('case.lead')}</p>
        </div>
      </header>
      <section className="pub-section">
        <div className="pub-wrap pub-stories">
          {stories.map((s) => (
            <article key={s.name} className="pub-card pub-story">
              <header className="pub-story-head">
                <h2 className="pub-h3">{s.name}</h2>
                <Tag color="blue">{s.tag}</Tag>
              </header>
              <div className="pub-story-grid">
                <div>
                  <h3>{t('case.challenge')}</h3>
                  <p>{s.challenge}</p>
                </div>
                <div>
                  <h3>{t('case.solution')}</h3>
                  <p>{s.solution}</p>
                </div>
                <div>
                  <h3>{t('case.result')}</h3>
                  <p>{s.result}</p>
                </div>
              </div>
            </article>
          ))}
        </div>
      </section>
      <CtaBand title={t('case.cta')} text={t('home.ctaText')} />
    </div>
  );
}
