import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplyStatus, InviteStatus } from '@mchweb/contract';
import { NS } from '../i18n';
import './onboarding.css';

/**
 * The tone of each application status (onboarding.css draws them with AA contrast: antd's preset tag colours
 * are lighter); its keys are the statuses, in the order filters list them.
 */
type Tone = 'grey' | 'blue' | 'green' | 'red' | 'amber';
export const APPLY_STATUS_COLOR: Record<ApplyStatus, Tone> = {
  DRAFT: 'grey',
  SUBMITTED: 'blue',
  AUDITING: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELED: 'grey',
};
export const APPLY_STATUS_LIST = Object.keys(APPLY_STATUS_COLOR) as ApplyStatus[];

export const INVITE_STATUS_COLOR: Record<InviteStatus, Tone> = {
  ACTIVE: 'green',
  USED: 'blue',
  REVOKED: 'grey',
  EXPIRED: 'amber',
};
export const INVITE_STATUS_LIST = Object.keys(INVITE_STATUS_COLOR) as InviteStatus[];

export function ApplyStatusTag({ status }: { status: ApplyStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`onboarding-tag onboarding-tag-${APPLY_STATUS_COLOR[status]}`} data-testid="apply-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function InviteStatusTag({ status }: { status: InviteStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`onboarding-tag onboarding-tag-${INVITE_STATUS_COLOR[status]}`} data-testid="invite-status">
      {t(`inviteStatus.${status}`)}
    </Tag>
  );
}
