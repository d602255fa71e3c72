import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Invite } from '@mchweb/contract';
import { NS } from '../i18n';
import { InviteQr } from './invite-qr';
import { InviteStatusTag } from './status-tag';
import { businessTime } from '@/lib/business-time';

/** An invitation to hand over: its QR code, the link to copy, and until when it works. */
export function InviteCard({ invite }: { invite: Invite }) {
  const { t } = useTranslation(NS);
  return (
    <div className="invite-card" data-testid="invite-card">
      <InviteQr url={invite.url} inviteNo={invite.inviteNo} />
      <div className="invite-card-info">
        <Typography.Paragraph
          copyable={{ text: invite.url, tooltips: [t('invite.copy'), t('invite.copied')] }}
          className="invite-url"
          data-testid="invite-url"
        >
          {invite.url}
        </Typography.Paragraph>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('invite.status')}>
            <InviteStatusTag status={invite.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('invite.expiresAt')}>
            <span data-testid="invite-expires">{businessTime(invite.expiresAt, 'minute')}</span>
          </Descriptions.Item>
          {invite.remark && <Descriptions.Item label={t('invite.remark')}>{invite.remark}</Descriptions.Item>}
        </Descriptions>
        <Typography.Paragraph type="secondary" className="invite-howto">
          {t('invite.howto')}
        </Typography.Paragraph>
      </div>
    </div>
  );
}
