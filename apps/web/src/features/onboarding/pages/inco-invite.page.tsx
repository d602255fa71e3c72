import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplyStatus, PublicInvite } from '@mchweb/contract';
import { LanguageSwitch } from '@/components/language-switch';
import { fieldOf } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { fetchPublicInvite } from '../api/public-invite';
import { publicSave } from '../api/public-save';
import { publicSubmit } from '../api/public-submit';
import { publicDocumentUrl, publicUpload } from '../api/public-upload';
import { ApplicationWizard } from '../components/wizard/application-wizard';
import type { WizardApi } from '../components/wizard/wizard-api';
import { NS } from '../i18n';
import '../components/onboarding.css';
import { businessTime } from '@/lib/business-time';

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; invite: PublicInvite };

/** The end of the road for an invitation that cannot be filled in: used (thank you), revoked, expired, unknown. */
function Closed({ invite, submitted }: { invite: PublicInvite | null; submitted?: boolean }) {
  const { t } = useTranslation(NS);
  if (submitted || invite?.status === 'USED') {
    const status: ApplyStatus = invite?.applyStatus ?? 'SUBMITTED';
    const key = status === 'APPROVED' || status === 'REJECTED' || status === 'CANCELED' ? status : 'SUBMITTED';
    return (
      <Result
        status={key === 'APPROVED' || key === 'SUBMITTED' ? 'success' : 'info'}
        title={t(`public.used.${key}.title`)}
        subTitle={t(`public.used.${key}.text`, { company: invite?.companyName ?? '' })}
        data-testid="public-thanks"
      />
    );
  }
  if (!invite) {
    return (
      <Result
        status="404"
        title={t('public.unknown.title')}
        subTitle={t('public.unknown.text')}
        data-testid="public-unknown"
      />
    );
  }
  const key = invite.status === 'REVOKED' ? 'revoked' : 'expired';
  return (
    <Result
      status="warning"
      title={t(`public.${key}.title`)}
      subTitle={t(`public.${key}.text`, {
        company: invite.companyName,
        at: businessTime(invite.expiresAt, 'minute'),
      })}
      data-testid={`public-${key}`}
    />
  );
}

/**
 * /inco/:inviteNo (public, no sign-in, phone first): the invited merchant fills in the organisation's onboarding
 * application with the same wizard as the portal, through /api/pay/inco/*. No QueryClient here: plain calls.
 */
export default function IncoInvitePage() {
  const { t } = useTranslation(NS);
  const { inviteNo = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [submitted, setSubmitted] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetchPublicInvite(inviteNo, controller.signal).then(
      (invite) => setLoaded({ state: 'ready', invite }),
      (error: unknown) => !controller.signal.aborted && setLoaded({ state: 'failed', error }),
    );
    return () => controller.abort();
  }, [inviteNo, attempt]);

  const api: WizardApi = {
    save: (draft) => publicSave({ ...draft, inviteNo }),
    submit: () => publicSubmit({ inviteNo }),
    upload: (file, onProgress) => publicUpload(inviteNo, file, onProgress),
    fileUrl: (fileId) => publicDocumentUrl(inviteNo, fileId),
  };
  const invite = loaded.state === 'ready' ? loaded.invite : null;
  // An unknown or malformed number is refused with a code (404, 400): the link is wrong, not the network.
  const unknown =
    loaded.state === 'failed' && loaded.error instanceof ApiError && [400, 404].includes(loaded.error.code);

  let body: React.ReactNode;
  if (loaded.state === 'loading') body = <Spin size="large" className="public-spin" aria-label={t('public.loading')} />;
  else if (unknown || submitted || (invite && invite.status !== 'ACTIVE'))
    body = <Closed invite={invite} submitted={submitted} />;
  else if (loaded.state === 'failed') {
    body = (
      <Result
        status="warning"
        title={t('public.loadError')}
        subTitle={fieldOf(loaded.error).message}
        extra={
          <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('public.retry')}
          </Button>
        }
      />
    );
  } else if (invite) {
    body = (
      <>
        <p className="public-intro">
          {t('public.intro', { company: invite.companyName, at: businessTime(invite.expiresAt, 'day') })}
        </p>
        <ApplicationWizard
          api={api}
          initial={invite.application}
          applyNo={invite.applyNo}
          onSubmitted={() => setSubmitted(true)}
        />
      </>
    );
  }

  return (
    <div className="public-onboarding" data-testid="page-inco-invite">
      <header className="public-onboarding-head">
        <div className="public-onboarding-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={26} height={26} />
          <span>{invite?.companyName || t('public.brand')}</span>
        </div>
        <LanguageSwitch />
      </header>
      <main className="public-onboarding-main">
        <h1>{t('public.title')}</h1>
        {body}
      </main>
    </div>
  );
}
