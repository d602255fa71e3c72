import { useState } from 'react';
import { Alert, Button, Card, Modal, Space, Tag } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffInvitation } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useChangeCompany } from '../api/change-company';
import { useDeclineInvitation } from '../api/decline-invitation';
import { useInvitationList } from '../api/invitation-list';
import { roleLabel } from './role-label';
import { NS } from '../i18n';
import './company.css';
import { businessTime } from '@/lib/business-time';

/**
 * The invitations to the user's mobile, to accept or decline (issue 14.2), on /organ-select, /welcome and
 * /organ-create (where the guard sends a user who belongs to no organisation yet). Nothing when there are none.
 * Accepting switches nothing: the organisation joins the user's list and this card offers to enter it.
 */
export function PendingInvitations() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const list = useInvitationList();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const change = useChangeCompany();
  const [joined, setJoined] = useState<StaffInvitation | null>(null);
  // The invitation being answered; the others' buttons wait meanwhile.
  const answering = accept.isPending
    ? accept.variables.invitationId
    : decline.isPending
      ? decline.variables.invitationId
      : null;

  async function onAccept(invitation: StaffInvitation) {
    try {
      await accept.mutateAsync({ invitationId: invitation.invitationId });
    } catch {
      return; // withdrawn or answered meanwhile: the request layer shows the server's msg, the list is fetched again
    }
    toast.success(t('invitations.accepted', { name: invitation.companyName }));
    setJoined(invitation);
  }

  function onDecline(invitation: StaffInvitation) {
    Modal.confirm({
      title: t('invitations.declineTitle', { name: invitation.companyName }),
      content: t('invitations.declineText'),
      okText: t('invitations.decline'),
      okButtonProps: { danger: true, 'data-testid': 'invitation-decline-confirm' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await decline.mutateAsync({ invitationId: invitation.invitationId });
        } catch {
          return;
        }
        toast.success(t('invitations.declined', { name: invitation.companyName }));
      },
    });
  }

  function enter(company: StaffInvitation) {
    change.mutate(company.companyId, {
      onSuccess: () => {
        toast.success(t('select.switched', { name: company.companyName }));
        navigate('/welcome', { replace: true });
      },
    });
  }

  const invitations = list.data ?? [];
  if (invitations.length === 0 && !joined) return null;
  return (
    <Card
      className="company-invitations"
      title={
        <span>
          <MailOutlined aria-hidden /> {t('invitations.title')}
        </span>
      }
      data-testid="invitations"
    >
      {joined && (
        <Alert
          type="success"
          showIcon
          className="company-invitation-joined"
          title={t('invitations.joined', { name: joined.companyName })}
          action={
            <Button
              size="small"
              type="primary"
              loading={change.isPending}
              onClick={() => enter(joined)}
              data-testid={`invitation-enter-${joined.companyId}`}
            >
              {t('invitations.enter')}
            </Button>
          }
        />
      )}
      {invitations.length > 0 && (
        <>
          <p className="company-intro">{t('invitations.intro')}</p>
          <ul className="company-invitation-list">
            {invitations.map((invitation) => (
              <li
                key={invitation.invitationId}
                className="company-invitation"
                data-testid={`invitation-${invitation.companyId}`}
              >
                <div className="company-invitation-body">
                  <div className="company-card-title">{invitation.companyName}</div>
                  <Space size={[8, 4]} wrap>
                    <Tag>{roleLabel(t, invitation.role, invitation.roleName)}</Tag>
                    <span className="company-step-hint">
                      {t('invitations.invitedAt', { at: businessTime(invitation.invitedAt, 'minute') })}
                    </span>
                  </Space>
                </div>
                <Space wrap>
                  <Button
                    type="primary"
                    disabled={answering !== null && answering !== invitation.invitationId}
                    loading={accept.isPending && answering === invitation.invitationId}
                    onClick={() => void onAccept(invitation)}
                    data-testid={`invitation-accept-${invitation.companyId}`}
                  >
                    {t('invitations.accept')}
                  </Button>
                  <Button
                    disabled={answering !== null}
                    onClick={() => onDecline(invitation)}
                    data-testid={`invitation-decline-${invitation.companyId}`}
                  >
                    {t('invitations.decline')}
                  </Button>
                </Space>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
