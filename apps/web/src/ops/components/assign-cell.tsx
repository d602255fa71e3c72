import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useOpsSession } from '../session';
import { SHARED_NS } from './i18n';

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
  assignee: { operatorId: number; name: string } | null;
  canAssign: boolean;
  busy: boolean;
  onAssign: (to: 'me' | 'nobody') => Promise<unknown>;
}) {
  const { t } = useTranslation(SHARED_NS);
  const { operator } = useOpsSession();
  const mine = !!assignee && String(assignee.operatorId) === operator?.operatorNo;
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
