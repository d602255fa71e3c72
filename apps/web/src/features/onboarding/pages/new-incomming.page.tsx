import { useState } from 'react';
import { Alert, Result, Skeleton, Space } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '@/components/permission';
import { LoadError } from '@/components/load-error';
import { toast } from '@/lib/toast';
import { useApplicationDetail } from '../api/application-detail';
import { useSaveApplication } from '../api/save-application';
import { useSubmitApplication } from '../api/submit-application';
import { documentUrl, uploadDocument } from '../api/upload-document';
import { ApplicationView } from '../components/application-view';
import { ApplyStatusTag } from '../components/status-tag';
import { ApplicationWizard } from '../components/wizard/application-wizard';
import type { WizardApi } from '../components/wizard/wizard-api';
import { NS } from '../i18n';
import '../components/onboarding.css';

/**
 * The idempotency key of a new application, shared by the tabs of this browser until its first save: a double
 * click, a retry or a second tab opened on the same new form make one application (the server finds it by the
 * key), while a form opened after that save starts another.
 */
const NEW_KEY = 'incoNewKey';
function newApplicationKey(): string {
  const kept = localStorage.getItem(NEW_KEY);
  if (kept) return kept;
  const key = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  localStorage.setItem(NEW_KEY, key);
  return key;
}

/**
 * /new-incomming[?applyNo=]: the wizard for a new application, a draft or a rejected one (with the reason); a
 * submitted, approved or canceled application opens read-only with its progress.
 */
export default function NewIncommingPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canEdit = useHasPermission(['onboarding:edit']);
  const urlApplyNo = params.get('applyNo');
  // The application the page opened with; the number a first save puts in the address is the same form.
  const [opened, setOpened] = useState(urlApplyNo);
  const [own, setOwn] = useState<string | null>(null);
  if (urlApplyNo !== opened && urlApplyNo !== own) setOpened(urlApplyNo);
  const detail = useApplicationDetail(opened);
  const save = useSaveApplication();
  const submit = useSubmitApplication();
  const [key] = useState(() => (opened ? '' : newApplicationKey()));

  const api: WizardApi = {
    save: (draft, applyNo) => save.mutateAsync({ ...draft, ...(applyNo ? { applyNo } : { idempotencyKey: key }) }),
    submit: (applyNo) => submit.mutateAsync({ applyNo }),
    upload: uploadDocument,
    fileUrl: documentUrl,
  };
  const onSaved = (applyNo: string) => {
    localStorage.removeItem(NEW_KEY);
    if (applyNo === urlApplyNo) return;
    setOwn(applyNo);
    setParams({ applyNo }, { replace: true });
  };
  const onSubmitted = (applyNo: string) => {
    toast.success(t('wizard.submitted'));
    navigate(`/audit-progress?applyNo=${applyNo}`);
  };

  const heading = (
    <header className="onboarding-head">
      <h1>{opened ? t('newIncomming.editTitle') : t('newIncomming.title')}</h1>
      {opened && detail.data && (
        <Space size={8} wrap className="onboarding-muted">
          <span data-testid="wizard-apply-no">{opened}</span>
          <ApplyStatusTag status={detail.data.status} />
        </Space>
      )}
      {!opened && <p className="onboarding-intro">{t('newIncomming.intro')}</p>}
    </header>
  );
  const page = (body: React.ReactNode) => (
    <section className="onboarding-page" data-testid="page-new-incomming">
      {heading}
      {body}
    </section>
  );

  if (opened && detail.isPending) return page(<Skeleton active paragraph={{ rows: 8 }} />);
  if (opened && detail.isError) {
    return page(
      <LoadError title={t('newIncomming.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />,
    );
  }
  const found = opened ? detail.data : undefined;
  const editable = !found || found.status === 'DRAFT' || found.status === 'REJECTED';

  if (!canEdit && !found) {
    return page(
      <Result
        status="info"
        title={t('newIncomming.viewOnly')}
        extra={<Link to="/incomming">{t('nav.applications')}</Link>}
        data-testid="wizard-view-only"
      />,
    );
  }
  if (found && (!editable || !canEdit)) {
    return page(
      <>
        <Alert
          type="info"
          showIcon
          className="onboarding-alert"
          title={t(`newIncomming.readOnly.${found.status}`)}
          action={
            <Link to={`/audit-progress?applyNo=${found.applyNo}`} data-testid="wizard-progress-link">
              {t('nav.progress')}
            </Link>
          }
        />
        <ApplicationView application={found.application} fileUrl={documentUrl} />
      </>,
    );
  }
  return page(
    <>
      {found?.status === 'REJECTED' && (
        <Alert
          type="error"
          showIcon
          className="onboarding-alert"
          title={t('newIncomming.rejected')}
          description={found.rejectReason}
          data-testid="wizard-reject-reason"
        />
      )}
      <ApplicationWizard
        key={opened ?? 'new'}
        api={api}
        initial={found?.application}
        applyNo={found?.applyNo ?? null}
        onSaved={onSaved}
        onSubmitted={onSubmitted}
        submitLabel={found?.status === 'REJECTED' ? t('wizard.resubmit') : undefined}
      />
    </>,
  );
}
