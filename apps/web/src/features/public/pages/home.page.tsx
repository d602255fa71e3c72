import { Button } from 'antd';
import {
  AlipayCircleOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CreditCardOutlined,
  FileSearchOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  ShareAltOutlined,
  TeamOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getSession } from '@/lib/session';
import { NS } from '../i18n';
import { CtaBand } from '../components/cta-band';
import '../public.css';

interface Item {
  title: string;
  text: string;
}
const FEATURE_ICONS = [QrcodeOutlined, FileSearchOutlined, BankOutlined, ShareAltOutlined, AuditOutlined, TeamOutlined];
const CHANNEL_ICONS = [WechatOutlined, AlipayCircleOutlined, CreditCardOutlined];
const TRUST_ICONS = [ApartmentOutlined, SafetyCertificateOutlined, AuditOutlined];

type Icon = (typeof FEATURE_ICONS)[number];

/** A shaded section of cards, each with an icon, a title and a line of text. */
function CardSection({ title, items, icons }: { title: string; items: Item[]; icons: Icon[] }) {
  return (
    <section className="pub-section pub-section-alt">
      <div className="pub-wrap">
        <h2 className="pub-h2">{title}</h2>
        <div className="pub-grid pub-grid-3">
          {items.map((item, i) => {
            const Icon = icons[i % icons.length]!;
            return (
              <article key={item.title} className="pub-card">
                <Icon className="pub-feature-icon" aria-hidden />
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** /home: the landing page of the marketing site. */
export default function HomePage() {
  const { t } = useTranslation(NS);
  const list = <T,>(key: string) => t(key, { returnObjects: true }) as T[];
  const signedIn = Boolean(getSession().token);
  const rows = t('home.preview.rows', { returnObjects: true }) as [string, string][];
  const net = t('home.preview.net', { returnObjects: true }) as [string, string];

  return (
    <div data-testid="page-home">
      <section className="pub-hero">
        <div className="pub-wrap pub-hero-grid">
          <div>
            <p className="pub-eyebrow">{t('home.eyebrow')}</p>
            <h1 className="pub-hero-title">{t('home.title')}</h1>
            <p className="pub-lead">{t('home.lead')}</p>
            <div className="pub-hero-actions">
              <Link to={signedIn ? '/welcome' : '/register'}>
                <Button type="primary" size="large">
                  {signedIn ? t('home.signedIn') : t('home.primary')}
                </Button>
              </Link>
              <Link to="/product">
                <Button size="large">{t('home.secondary')}</Button>
              </Link>
            </div>
          </div>
          <figure className="pub-preview" aria-label={t('home.preview.title')}>
            <figcaption className="pub-preview-title">{t('home.preview.title')}</figcaption>
            <dl>
              {rows.map(([label, value]) => (
                <div key={label} className="pub-preview-row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
              <div className="pub-preview-row pub-preview-net">
                <dt>{net[0]}</dt>
                <dd>{net[1]}</dd>
              </div>
            </dl>
            <p className="pub-preview-note">{t('home.preview.note')}</p>
          </figure>
        </div>
      </section>

      <section className="pub-section">
        <div className="pub-wrap">
          <h2 className="pub-h2">{t('home.channelsTitle')}</h2>
          <div className="pub-grid pub-grid-3">
            {list<{ name: string; text: string }>('home.channels').map((c, i) => {
              const Icon = CHANNEL_ICONS[i] ?? CreditCardOutlined;
              return (
                <article key={c.name} className="pub-card pub-channel">
                  <Icon className={`pub-channel-icon pub-channel-${i}`} aria-hidden />
                  <h3>{c.name}</h3>
                  <p>{c.text}</p>
                </article>
              );
            })}
          </div>
        </div>
      </section>

      <CardSection title={t('home.featuresTitle')} items={list<Item>('home.features')} icons={FEATURE_ICONS} />

      <section className="pub-section">
        <div className="pub-wrap">
          <h2 className="pub-h2">{t('home.stepsTitle')}</h2>
          <ol className="pub-steps">
            {list<Item>('home.steps').map((s, i) => (
              <li key={s.title}>
                <span className="pub-step-no" aria-hidden>
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CardSection title={t('home.trustTitle')} items={list<Item>('home.trust')} icons={TRUST_ICONS} />

      <CtaBand title={t('home.ctaTitle')} text={t('home.ctaText')} />
    </div>
  );
}
