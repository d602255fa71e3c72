import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton } from 'antd';
import { CheckOutlined, EditOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Invite } from '@mchweb/contract';
import { Permission, useHasPermission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateInvite } from '../api/create-invite';
import { useApplicationList } from '../api/application-list';
import { useInviteList } from '../api/invite-list';
import { InviteCard } from '../components/invite-card';
import { NS } from '../i18n';
import '../components/onboarding.css';

/** What the one filling in needs at hand (the wizard's steps). */
const NEEDS = ['licence', 'id', 'account', 'photos'] as const;
const DAYS_DEFAULT = 7;
const DAYS_MAX = 30;
interface InviteForm {
  expiresInDays: number;
  remark?: string;
}

/** How many applications and open invitations the organisation has: the way on to their pages. */
function Summary() {
  const { t } = useTranslation(NS);
  const invites = useInviteList({ status: ['ACTIVE'] }, 100);
  const drafts = useApplicationList({ status: ['DRAFT', 'REJECTED'] }, 100);
  const count = (q: typeof invites | typeof drafts) => {
    const rows = q.data?.pages[0]?.rows.length ?? 0;
    return q.data?.pages[0]?.hasMore ? `${rows}+` : String(rows);
  };
  if (invites.isPending || drafts.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  return (
    <div className="entry-summary" data-testid="entry-summary">
      <Link to="/inco-manage" data-testid="entry-invites">
        {t('entry.activeInvites', { n: invites.isError ? '—' : count(invites) })}
      </Link>
      <Link to="/incomming?status=DRAFT,REJECTED" data-testid="entry-drafts">
        {t('entry.openApplications', { n: drafts.isError ? '—' : count(drafts) })}
      </Link>
    </div>
  );
}

/** /merchant-entry: onboard a merchant by filling in the application, or by inviting the merchant to. */
export default function MerchantEntryPage() {
  const { t } = useTranslation(NS);
  const canEdit = useHasPermission(['onboarding:edit']);
  const [form] = Form.useForm<InviteForm>();
  const create = useCreateInvite();
  const [invite, setInvite] = useState<Invite | null>(null);
  const { onFinish, busy, error } = useServerForm(form, {
    submit: (v: InviteForm) =>
      create.mutateAsync({ expiresInDays: v.expiresInDays, remark: v.remark?.trim() || undefined }),
    onSuccess: (made) => {
      setInvite(made);
      toast.success(t('invite.created'));
    },
  });

  return (
    <section className="onboarding-page" data-testid="page-merchant-entry">
      <header className="onboarding-head">
        <h1>{t('merchantEntry.title')}</h1>
        <p className="onboarding-intro">{t('entry.intro')}</p>
      </header>
      {!canEdit && <Alert type="info" showIcon className="onboarding-alert" title={t('entry.viewOnly')} />}
      <div className="entry-choices">
        <Card className="entry-choice">
          <h2>
            <EditOutlined aria-hidden /> {t('entry.selfTitle')}
          </h2>
          <p className="onboarding-muted">{t('entry.selfText')}</p>
          <ul className="entry-needs" aria-label={t('entry.needsLabel')}>
            {NEEDS.map((k) => (
              <li key={k}>
                <CheckOutlined aria-hidden /> {t(`entry.needs.${k}`)}
              </li>
            ))}
          </ul>
          <Permission codes={['onboarding:edit']}>
            <Link to="/new-incomming" data-testid="entry-self">
              <Button type="primary">{t('entry.selfButton')}</Button>
            </Link>
          </Permission>
        </Card>
        <Card className="entry-choice">
          <h2>
            <QrcodeOutlined aria-hidden /> {t('entry.inviteTitle')}
          </h2>
          <p className="onboarding-muted">{t('entry.inviteText')}</p>
          <Permission codes={['onboarding:edit']}>
            {invite ? (
              <>
                <InviteCard invite={invite} />
                <Button onClick={() => setInvite(null)} data-testid="invite-another">
                  {t('invite.another')}
                </Button>
              </>
            ) : (
              <Form
                form={form}
                layout="vertical"
                initialValues={{ expiresInDays: DAYS_DEFAULT }}
                onFinish={onFinish}
                disabled={busy}
                className="entry-invite-form"
              >
                {error && <Alert type="error" showIcon title={error} className="onboarding-alert" />}
                <Form.Item
                  name="expiresInDays"
                  label={t('invite.days')}
                  extra={t('invite.daysHint', { max: DAYS_MAX })}
                  rules={[
                    {
                      required: true,
                      type: 'integer',
                      min: 1,
                      max: DAYS_MAX,
                      message: t('invite.daysRule', { max: DAYS_MAX }),
                    },
                  ]}
                >
                  <InputNumber
                    min={1}
                    max={DAYS_MAX}
                    precision={0}
                    suffix={t('invite.daysUnit')}
                    data-testid="invite-days"
                  />
                </Form.Item>
                <Form.Item
                  name="remark"
                  label={t('invite.remark')}
                  extra={t('invite.remarkHint')}
                  rules={[{ max: 50, message: t('invite.remarkRule') }]}
                >
                  <Input maxLength={50} data-testid="invite-remark" />
                </Form.Item>
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={busy}
                  icon={<QrcodeOutlined />}
                  data-testid="invite-create"
                >
                  {t('invite.create')}
                </Button>
              </Form>
            )}
          </Permission>
        </Card>
      </div>
      <Summary />
    </section>
  );
}
