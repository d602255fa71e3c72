import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useOpsSession } from '../session';
import { SHARED_NS } from './i18n';

/** The operator who has taken an application. */
export interface Assignee {
  operatorId: number;
  name: string;
}

/** A queue's take / put back (its mutation hook's answer). */
export interface Assign {
  isPending: boolean;
  variables?: { applyNo: string };
  mutateAsync: (input: { applyNo: string; to: 'me' | 'nobody' }) => Promise<unknown>;
}

/** Whether the signed-in operator is the one who has taken it. */
export function useTakenByMe(assignee: Assignee | null): boolean {
  const { operator } = useOpsSession();
  return !!assignee && String(assignee.operatorId) === operator?.operatorNo;
}

/**
 * Who has taken an item, and the button to take it (when nobody has, or to take it over) or put it back (when
 * the operator holds it). `canAssign`: the operator's role may review.
 */
export function AssignCell({
  assignee,
  canAssign,
  busy,
  onAssign,
}: {
  assignee: Assignee | null;
  canAssign: boolean;
  busy: boolean;
  onAssign: (to: 'me' | 'nobody') => Promise<unknown>;
}) {
  const { t } = useTranslation(SHARED_NS);
  const mine = useTakenByMe(assignee);
  const run = (to: 'me' | 'nobody') =>
    void onAssign(to).then(() => toast.success(t(to === 'me' ? 'queue.taken' : 'queue.released')));
  return (
    <Space size={4} wrap>
      <Typography.Text type={assignee ? undefined : 'secondary'}>{assignee?.name ?? '—'}</Typography.Text>
      {canAssign && !mine && (
        <Button size="small" loading={busy} onClick={() => run('me')} data-testid="queue-take">
          {t('queue.take')}
        </Button>
      )}
      {canAssign && mine && (
        <Button size="small" type="text" loading={busy} onClick={() => run('nobody')} data-testid="queue-release">
          {t('queue.release')}
        </Button>
      )}
    </Space>
  );
}
