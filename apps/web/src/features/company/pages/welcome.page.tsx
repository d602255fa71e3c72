import { Alert, Button, Card, Flex, Progress, Skeleton, Tag } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allowedPaths, useSession } from '@/lib/session';
import { useHasPermission } from '@/components/permission';
import { useInitStatus } from '../api/init-status';
import { LoadError } from '@/components/load-error';
import { PendingInvitations } from '../components/pending-invitations';
import { TodayTrade } from '../components/dashboard/today-trade';
import { NS } from '../i18n';
import '../components/company.css';

/** Shortcuts offered when the member's menu opens them (menu labels from the shell's `menu` namespace). */
const SHORTCUTS = [
  { code: 'organHome', path: '/organ-home' },
  { code: 'order', path: '/order' },
  { code: 'merchant', path: '/merchant' },
  { code: 'codeSetting', path: '/code-setting' },
  { code: 'staffManage', path: '/staff-manage' },
  { code: 'organSelect', path: '/organ-select' },
];

/** /welcome: the getting-started checklist of the current organisation, and shortcuts. */
export default function WelcomePage() {
  const { t } = useTranslation(NS);
  const { t: tm } = useTranslation('menu');
  const { companyInfo, menuData } = useSession();
  const status = useInitStatus();
  const canOpen = useHasPermission(['company:open']);
  const canSeeTrade = useHasPermission(['overview:view']);
  const allowed = allowedPaths(menuData);
  const name = (companyInfo?.companyName as string | undefined) ?? '';

  let checklist;
  if (status.isPending) checklist = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (status.isError)
    checklist = <LoadError title={t('welcome.loadError')} error={status.error} onRetry={() => void status.refetch()} />;
  else {
    const { steps, doneCount, total } = status.data;
    checklist = (
      <>
        <Progress
          percent={Math.round((doneCount / Math.max(total, 1)) * 100)}
          format={() => `${doneCount}/${total}`}
          aria-label={t('welcome.progress', { done: doneCount, total })}
        />
        <p className="company-intro" data-testid="welcome-progress">
          {doneCount === total ? t('welcome.allDone') : t('welcome.progress', { done: doneCount, total })}
        </p>
        <ol className="company-steps" data-testid="welcome-steps">
          {steps.map((s) => (
            <li
              key={s.key}
              className={`company-step ${s.done ? 'company-step-done' : 'company-step-todo'}`}
              data-testid={`step-${s.key}`}
              data-done={s.done}
            >
              <span className="company-step-icon" aria-hidden>
                {s.done ? <CheckCircleFilled /> : <ClockCircleOutlined />}
              </span>
              <div className="company-step-body">
                <div className="company-step-title">{t(`welcome.steps.${s.key}`)}</div>
                <div className="company-step-hint">{t(`welcome.hints.${s.key}`)}</div>
              </div>
              {s.done ? (
                <Tag color="green">{t('welcome.done')}</Tag>
              ) : allowed.has(s.path) ? (
                <Link to={s.path}>
                  <Button size="small" type="primary" ghost>
                    {/* the first payment completes itself: its link only shows the orders */}
                    {s.key === 'firstPayment' ? t('welcome.seeOrders') : t('welcome.go')} <RightOutlined />
                  </Button>
                </Link>
              ) : (
                <span className="company-step-hint">{t('welcome.askAdmin')}</span>
              )}
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <section className="company-page" data-testid="page-welcome">
      <h1>{t('welcome.title')}</h1>
      <p className="company-intro">{name && t('welcome.hello', { name })}</p>
      <PendingInvitations />
      <Flex vertical gap={16}>
        {companyInfo?.opened === false && canOpen && (
          <Alert
            type="info"
            showIcon
            title={t('welcome.hints.serviceOpened')}
            action={
              <Link to="/open">
                <Button size="small" type="primary">
                  {t('welcome.steps.serviceOpened')}
                </Button>
              </Link>
            }
          />
        )}
        {canSeeTrade && <TodayTrade />}
        <Card>{checklist}</Card>
        <Card title={t('welcome.shortcuts')}>
          <div className="company-shortcuts">
            {SHORTCUTS.filter((s) => allowed.has(s.path)).map((s) => (
              <Link key={s.code} to={s.path} data-testid={`shortcut-${s.code}`}>
                <Button block>{tm(s.code)}</Button>
              </Link>
            ))}
          </div>
        </Card>
      </Flex>
    </section>
  );
}
