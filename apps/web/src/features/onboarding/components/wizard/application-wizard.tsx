import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Grid, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationDraft, ApplicationStep } from '@mchweb/contract';
import { APPLICATION_STEPS } from '@mchweb/contract/onboarding/application';
import '@/i18n/dayjs-locale';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { NS } from '../../i18n';
import { fromDraft, stepOfField, toDraft, type WizardValues } from './form-values';
import { concerns, issuesOf, issueText } from './issues';
import { StepDocuments } from './step-documents';
import { StepLegalPerson } from './step-legal-person';
import { StepRates } from './step-rates';
import { StepSettlement } from './step-settlement';
import { StepSubject } from './step-subject';
import { useLeaveGuard } from './use-leave-guard';
import { WizardApiContext, type WizardApi } from './wizard-api';
import './wizard.css';

const STEP_BODY: Record<ApplicationStep, () => ReactNode> = {
  subject: StepSubject,
  legalPerson: StepLegalPerson,
  settlement: StepSettlement,
  rates: StepRates,
  documents: StepDocuments,
};

export interface ApplicationWizardProps {
  api: WizardApi;
  /** The application as saved (a draft may lack sections); none for a new one. */
  initial?: ApplicationDraft | null;
  applyNo?: string | null;
  /** After each save: the application's number (the first save makes it). */
  onSaved?: (applyNo: string) => void;
  onSubmitted: (applyNo: string) => void;
  submitLabel?: string;
}

/**
 * The onboarding wizard (subject, legal person, settlement account, rates, documents), for a member or an invited
 * merchant alike: `api` says where it saves. Each step is judged by the contract's `stepIssues` (the server's
 * own rules) before the next opens; a draft can be saved at any step; the server's "field: problem" messages go
 * beside their fields, on whichever step holds them.
 */
export function ApplicationWizard({
  api,
  initial,
  applyNo: opened = null,
  onSaved,
  onSubmitted,
  submitLabel,
}: ApplicationWizardProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<WizardValues>();
  const narrow = !Grid.useBreakpoint().md;
  const [step, setStep] = useState(0);
  const [loose, setLoose] = useState<string[]>([]);
  const applyNo = useRef<string | null>(opened);
  const top = useRef<HTMLDivElement>(null);
  const revealOnRender = useRef(false);
  const shownStep = useRef(step);
  const dirty = useLeaveGuard();
  const steps = { of: stepOfField, open: setStep };

  const remember = (no: string) => {
    applyNo.current = no;
    dirty.current = false;
    onSaved?.(no);
  };
  const saver = useServerForm(form, {
    submit: (values: WizardValues) => api.save(toDraft(values), applyNo.current),
    onSuccess: ({ applyNo: no }) => {
      remember(no);
      toast.success(t('wizard.saved', { applyNo: no }));
    },
    steps,
  });
  const submitter = useServerForm(form, {
    submit: async (values: WizardValues) => {
      const saved = await api.save(toDraft(values), applyNo.current);
      remember(saved.applyNo);
      await api.submit(saved.applyNo);
      return saved.applyNo;
    },
    onSuccess: (no) => {
      dirty.current = false;
      onSubmitted(no);
    },
    steps,
  });
  const busy = saver.busy || submitter.busy;
  const serverError = saver.error ?? submitter.error;

  /** Show the problems of the step on screen; true when it has none. */
  async function judge(at: number): Promise<boolean> {
    try {
      await form.validateFields();
    } catch (e) {
      const first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
    }
    const { checked, issues } = issuesOf(APPLICATION_STEPS[at]!, form.getFieldsValue(true));
    const rendered = form.getFieldsError().map((f) => f.name);
    setLoose(issues.filter((i) => !rendered.some((n) => concerns(i.path, n))).map((i) => issueText(i, checked, t)));
    return issues.length === 0;
  }
  const firstWithProblems = (from: number, to: number) => {
    for (let i = from; i < to; i++)
      if (issuesOf(APPLICATION_STEPS[i]!, form.getFieldsValue(true)).issues.length) return i;
    return -1;
  };
  /** Open a step whose problems are to be shown once its fields have rendered. */
  function reveal(at: number) {
    if (at === step) return void judge(at);
    revealOnRender.current = true;
    setStep(at);
  }
  useEffect(() => {
    if (revealOnRender.current) {
      revealOnRender.current = false;
      void judge(step);
    } else setLoose([]);
    // A step that opens starts at its top (not on the first render: the page's own heading stays in view).
    if (shownStep.current !== step) top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    shownStep.current = step;
    // judge reads the form, not render state: only a step change runs this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  async function goTo(target: number) {
    if (target <= step) return setStep(target);
    if (!(await judge(step))) return;
    const blocked = firstWithProblems(step + 1, target);
    if (blocked >= 0) return reveal(blocked);
    if (APPLICATION_STEPS[target] === 'settlement') fillHolder();
    setStep(target);
  }

  async function submit() {
    const blocked = firstWithProblems(0, APPLICATION_STEPS.length);
    if (blocked >= 0) return reveal(blocked);
    await submitter.onFinish(form.getFieldsValue(true));
  }

  /** The holder's name the contract expects, when none is typed yet: the merchant's or the legal person's. */
  function fillHolder() {
    const v = form.getFieldsValue(true);
    if (v.settlement?.accountName || !v.settlement?.accountType) return;
    const name = v.settlement.accountType === 'CORPORATE' ? v.subject?.name : v.legalPerson?.name;
    if (name) form.setFieldValue(['settlement', 'accountName'], name);
  }

  /** A subject type decides the account type (enterprise: corporate; small-micro: personal) and the licence. */
  function onValuesChange(changed: WizardValues) {
    dirty.current = true;
    const type = changed.subject?.type;
    if (type === 'SMALL_MICRO') form.setFieldValue(['subject', 'creditCode'], undefined);
    const accountType = type === 'ENTERPRISE' ? 'CORPORATE' : type === 'SMALL_MICRO' ? 'PERSONAL' : undefined;
    if (accountType) form.setFieldValue(['settlement', 'accountType'], accountType);
    if (accountType || changed.settlement?.accountType) fillHolder();
  }

  const Body = STEP_BODY[APPLICATION_STEPS[step]!];
  const last = step === APPLICATION_STEPS.length - 1;
  return (
    <WizardApiContext.Provider value={api}>
      <div className="wizard" ref={top}>
        <Steps
          current={step}
          onChange={(target) => void goTo(target)}
          size="small"
          type={narrow ? 'inline' : 'default'}
          responsive={false}
          className="wizard-steps"
          items={APPLICATION_STEPS.map((s) => ({ title: t(`step.${s}`) }))}
          data-testid="wizard-steps"
        />
        <Card className="wizard-card">
          <h2 className="wizard-title" data-testid="wizard-step-title">
            <span className="wizard-count">{t('wizard.count', { n: step + 1, of: APPLICATION_STEPS.length })}</span>
            {t(`step.${APPLICATION_STEPS[step]}`)}
          </h2>
          <p className="wizard-note">{t(`stepHint.${APPLICATION_STEPS[step]}`)}</p>
          {serverError && (
            <Alert type="error" showIcon title={serverError} className="wizard-alert" data-testid="wizard-error" />
          )}
          {loose.length > 0 && (
            <Alert type="warning" showIcon title={loose.join(t('issue.separator'))} className="wizard-alert" />
          )}
          <Form
            form={form}
            layout="vertical"
            initialValues={fromDraft(initial)}
            onValuesChange={onValuesChange}
            onFinish={() => void (last ? submit() : goTo(step + 1))}
            className="wizard-form"
            data-testid="wizard-form"
          >
            <Body />
            {/* Enter in a text field goes on, as the primary button does. */}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
        </Card>
        <div className="wizard-actions">
          <Button disabled={step === 0 || busy} onClick={() => setStep(step - 1)} data-testid="wizard-back">
            {t('wizard.back')}
          </Button>
          <span className="wizard-actions-end">
            <Button
              onClick={() => void saver.onFinish(form.getFieldsValue(true))}
              loading={saver.busy}
              disabled={submitter.busy}
              data-testid="wizard-save"
            >
              {t('wizard.save')}
            </Button>
            {last ? (
              <Button
                type="primary"
                onClick={() => void submit()}
                loading={submitter.busy}
                disabled={saver.busy}
                data-testid="wizard-submit"
              >
                {submitLabel ?? t('wizard.submit')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => void goTo(step + 1)} disabled={busy} data-testid="wizard-next">
                {t('wizard.next')}
              </Button>
            )}
          </span>
        </div>
      </div>
    </WizardApiContext.Provider>
  );
}
