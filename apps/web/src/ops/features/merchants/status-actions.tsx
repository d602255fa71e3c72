import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ReasonDialog } from '../../components/reason-dialog';
import { useCan } from '../../session';
import type { StatusAction } from './api';
import { MCH_NS } from './i18n';

/** Freeze / unfreeze / close as the status allows, each asking the reason the members will see. */
export function StatusActions({
  status,
  name,
  run,
}: {
  status: 'ACTIVE' | 'FROZEN' | 'CLOSED';
  name: string;
  run: (action: StatusAction, reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(MCH_NS);
  const can = useCan();
  const [action, setAction] = useState<StatusAction | null>(null);
  if (!can('ops:merchant:status') || status === 'CLOSED') return null;
  return (
    <Space wrap>
      {status === 'ACTIVE' && (
        <Button danger onClick={() => setAction('freeze')} data-testid="status-freeze">
          {t('action.freeze')}
        </Button>
      )}
      {status === 'FROZEN' && (
        <Button onClick={() => setAction('unfreeze')} data-testid="status-unfreeze">
          {t('action.unfreeze')}
        </Button>
      )}
      <Button danger type="text" onClick={() => setAction('close')} data-testid="status-close">
        {t('action.close')}
      </Button>
      <ReasonDialog
        open={action !== null}
        title={action ? t(`action.${action}Title`, { name }) : ''}
        intro={action ? t(`action.${action}Intro`) : undefined}
        okText={action ? t(`action.${action}`) : ''}
        danger={action !== 'unfreeze'}
        onSubmit={(reason) =>
          run(action!, reason).then(() => toast.success(t('action.done', { action: t(`action.${action}`) })))
        }
        onClose={() => setAction(null)}
      />
    </Space>
  );
}
