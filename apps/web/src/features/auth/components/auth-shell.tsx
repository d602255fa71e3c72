import type { ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { NS } from '../i18n';
import './auth.css';

/** Sign-in and sign-up frame: a brand panel beside the form on wide screens, the form alone on phones. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const points = t('panel.points', { returnObjects: true }) as string[];
  return (
    <div className="auth-shell">
      <aside className="auth-panel" aria-hidden="false">
        <Link to="/home" className="auth-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={32} height={32} />
          <span>{tc('brand.full')}</span>
        </Link>
        <h2 className="auth-panel-title">{t('panel.title')}</h2>
        <ul className="auth-points">
          {points.map((p) => (
            <li key={p}>
              <CheckCircleFilled aria-hidden /> {p}
            </li>
          ))}
        </ul>
      </aside>
      <main className="auth-main">
        <div className="auth-top">
          <Link to="/home" className="auth-brand auth-brand-small">
            <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
            <span>{tc('brand.name')}</span>
          </Link>
          <LanguageSwitch />
        </div>
        <div className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
