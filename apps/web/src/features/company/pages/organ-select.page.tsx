import { Button, Card, Empty, Modal, Skeleton, Space, Tag } from 'antd';
import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanyListItem } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { useLeaveCompany } from '../api/break-bind';
import { useChangeCompany } from '../api/change-company';
import { useCompanyList } from '../api/company-list';
import { LoadError } from '@/components/load-error';
import { PendingInvitations } from '../components/pending-invitations';
import { roleLabel } from '../components/role-label';
import { NS } from '../i18n';
import '../components/company.css';

/** Why an organisation cannot be entered, or null when it can. */
function blockedReason(c: CompanyListItem): 'FROZEN' | 'CLOSED' | 'DISABLED' | 'INVITED' | null {
  if (c.status !== 'ACTIVE') return c.status;
  if (c.memberStatus !== 'ACTIVE') return c.memberStatus;
  return null;
}

/** /organ-select: the user's organisations and invitations; enter one, leave one, answer one, or create another. */
export default function CompanySelectPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const list = useCompanyList();
  const change = useChangeCompany();
  const leaveCompany = useLeaveCompany();
  // The organisation being entered; the others' buttons wait meanwhile.
  const switching = change.isPending ? change.variables : null;

  function enter(c: CompanyListItem) {
    change.mutate(c.companyId, {
      onSuccess: () => {
        toast.success(t('select.switched', { name: c.companyName }));
        navigate('/welcome', { replace: true });
      },
      // A refusal is toasted by the request layer, and the list fetched again.
    });
  }

  function leave(c: CompanyListItem) {
    Modal.confirm({
      title: t('select.leaveTitle', { name: c.companyName }),
      content: t('select.leaveText'),
      okText: t('select.leaveOk'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await leaveCompany.mutateAsync(c);
        } catch {
          return; // the last owner's refusal: the request layer shows the server's msg
        }
        toast.success(t('select.left', { name: c.companyName }));
      },
    });
  }

  let body;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (list.isError)
    body = <LoadError title={t('select.loadError')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0)
    body = (
      <Card>
        <Empty description={t('select.empty')}>
          <p className="company-intro">{t('select.emptyHint')}</p>
          <Link to="/organ-create">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('select.create')}
            </Button>
          </Link>
        </Empty>
      </Card>
    );
  else
    body = (
      <div className="company-grid" data-testid="company-list">
        {list.data.map((c) => {
          const why = blockedReason(c);
          return (
            <Card
              key={c.companyId}
              className={c.current ? 'company-card-current' : undefined}
              data-testid={`company-${c.companyId}`}
              actions={[
                c.current ? (
                  <span key="enter" className="company-current-label">
                    <CheckCircleFilled aria-hidden /> {t('select.current')}
                  </span>
                ) : (
                  <Button
                    key="enter"
                    type="link"
                    disabled={why !== null || (switching !== null && switching !== c.companyId)}
                    loading={switching === c.companyId}
                    onClick={() => enter(c)}
                    data-testid={`company-enter-${c.companyId}`}
                  >
                    {t('select.enter')}
                  </Button>
                ),
                <Button
                  key="leave"
                  type="link"
                  danger
                  onClick={() => leave(c)}
                  data-testid={`company-leave-${c.companyId}`}
                >
                  {t('select.leave')}
                </Button>,
              ]}
            >
              <div className="company-card-title">{c.companyName}</div>
              <Space size={[4, 4]} wrap style={{ marginTop: 8 }}>
                <Tag>{roleLabel(t, c.role, c.roleName)}</Tag>
                {c.current && <Tag color="blue">{t('select.current')}</Tag>}
                {c.status !== 'ACTIVE' && (
                  <Tag color={c.status === 'FROZEN' ? 'orange' : 'red'}>{t(`status.${c.status}`)}</Tag>
                )}
                {c.memberStatus === 'DISABLED' && <Tag color="red">{t('select.memberDisabled')}</Tag>}
              </Space>
              {why && (
                <div className="company-why" data-testid={`company-why-${c.companyId}`}>
                  {t(`select.why.${why}`)}
                </div>
              )}
            </Card>
          );
        })}
      </div>
    );

  return (
    <section className="company-page" data-testid="page-organ-select">
      <div className="company-head">
        <div>
          <h1>{t('select.title')}</h1>
          <p className="company-intro">{t('select.intro')}</p>
        </div>
        <Link to="/organ-create">
          <Button icon={<PlusOutlined />} data-testid="company-create-link">
            {t('select.create')}
          </Button>
        </Link>
      </div>
      <PendingInvitations />
      {body}
    </section>
  );
}
