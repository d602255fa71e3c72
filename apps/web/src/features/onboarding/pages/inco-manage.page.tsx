import { useState } from 'react';
import { Button, Empty, Grid, Modal, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Invite, InviteStatus } from '@mchweb/contract';
import { Permission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useInviteList } from '../api/invite-list';
import { useRevokeInvite } from '../api/revoke-invite';
import { InviteCard } from '../components/invite-card';
import { PagedTable } from '../components/paged-table';
import { ApplyStatusTag, INVITE_STATUS_LIST, InviteStatusTag } from '../components/status-tag';
import { NS } from '../i18n';
import '../components/onboarding.css';
import { businessTime } from '@/lib/business-time';

/** /inco-manage: the organisation's invitations: status, expiry, who used them; copy, show the QR, revoke. */
export default function IncoManagePage() {
  const { t } = useTranslation(NS);
  const [status, setStatus] = useState<InviteStatus[]>([]);
  const list = useInviteList(status.length ? { status } : {});
  const revoke = useRevokeInvite();
  const narrow = !Grid.useBreakpoint().md;
  const [shown, setShown] = useState<Invite | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  function onRevoke(invite: Invite) {
    Modal.confirm({
      title: t('manage.revokeTitle'),
      content: t('manage.revokeText', { remark: invite.remark ?? invite.inviteNo }),
      okText: t('manage.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'revoke-confirm' },
      cancelText: t('manage.keep'),
      onOk: async () => {
        try {
          await revoke.mutateAsync({ inviteNo: invite.inviteNo });
        } catch {
          return; // toasted by the request layer
        }
        toast.success(t('manage.revoked'));
      },
    });
  }
  async function copy(invite: Invite) {
    try {
      await navigator.clipboard.writeText(invite.url);
      toast.success(t('invite.copied'));
    } catch {
      setShown(invite); // no clipboard (an insecure origin): the dialog shows the link to copy by hand
    }
  }

  const usedBy = (r: Invite) =>
    r.applyNo ? (
      <Space size={4} wrap>
        <Link to={`/audit-progress?applyNo=${r.applyNo}`}>{r.merchantName ?? r.applyNo}</Link>
        {r.applyStatus && <ApplyStatusTag status={r.applyStatus} />}
      </Space>
    ) : (
      <Typography.Text type="secondary">{t('manage.unused')}</Typography.Text>
    );
  const actions = (r: Invite) => (
    <Space size={0} wrap className="onboarding-actions">
      {r.status === 'ACTIVE' && (
        <>
          <Button type="link" size="small" onClick={() => setShown(r)} data-testid={`qr-${r.inviteNo}`}>
            {t('manage.showQr')}
          </Button>
          <Button type="link" size="small" onClick={() => void copy(r)}>
            {t('invite.copy')}
          </Button>
          <Permission codes={['onboarding:edit']}>
            <Button type="link" size="small" danger onClick={() => onRevoke(r)} data-testid={`revoke-${r.inviteNo}`}>
              {t('manage.revoke')}
            </Button>
          </Permission>
        </>
      )}
    </Space>
  );
  const columns = narrow
    ? [
        {
          key: 'row',
          render: (_: unknown, r: Invite) => (
            <div className="onboarding-row" data-testid={`invite-${r.inviteNo}`}>
              <Space size={6} wrap>
                <strong>{r.remark ?? t('manage.noRemark')}</strong>
                <InviteStatusTag status={r.status} />
              </Space>
              <div className="onboarding-muted">
                <div>
                  {t('manage.createdLine', { at: businessTime(r.createdAt, 'minute'), by: r.createdBy ?? '—' })}
                </div>
                <div>{t('manage.expiresLine', { at: businessTime(r.expiresAt, 'minute') })}</div>
              </div>
              <div>{usedBy(r)}</div>
              {actions(r)}
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.remark'),
          key: 'remark',
          render: (_: unknown, r: Invite) => (
            <div data-testid={`invite-${r.inviteNo}`}>
              {r.remark ?? <Typography.Text type="secondary">{t('manage.noRemark')}</Typography.Text>}
              <div className="onboarding-muted mono">{r.inviteNo}</div>
            </div>
          ),
        },
        { title: t('col.status'), dataIndex: 'status', render: (s: InviteStatus) => <InviteStatusTag status={s} /> },
        {
          title: t('col.created'),
          key: 'created',
          render: (_: unknown, r: Invite) => (
            <>
              {businessTime(r.createdAt, 'minute')}
              <div className="onboarding-muted">{r.createdBy ?? '—'}</div>
            </>
          ),
        },
        { title: t('col.expires'), dataIndex: 'expiresAt', render: (at: string | null) => businessTime(at, 'minute') },
        { title: t('col.usedBy'), key: 'used', render: (_: unknown, r: Invite) => usedBy(r) },
        { title: t('col.actions'), key: 'actions', render: (_: unknown, r: Invite) => actions(r) },
      ];

  return (
    <section className="onboarding-page" data-testid="page-inco-manage">
      <header className="onboarding-head onboarding-head-row">
        <div>
          <h1>{t('incoManage.title')}</h1>
          <p className="onboarding-intro">{t('manage.intro')}</p>
        </div>
        <Permission codes={['onboarding:edit']}>
          <Link to="/merchant-entry">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('manage.new')}
            </Button>
          </Link>
        </Permission>
      </header>
      <div className="onboarding-filters" role="search" aria-label={t('filter.label')}>
        <Select
          mode="multiple"
          allowClear
          value={status}
          onChange={setStatus}
          options={INVITE_STATUS_LIST.map((s) => ({ value: s, label: t(`inviteStatus.${s}`) }))}
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          className="onboarding-filter-status"
          data-testid="invite-filter-status"
        />
      </div>
      <PagedTable<Invite>
        query={list}
        rows={rows}
        rowKey="inviteNo"
        columns={columns}
        narrow={narrow}
        scrollX={900}
        loadError={t('manage.loadError')}
        testId="invite-table"
        empty={
          <Empty description={status.length ? t('manage.noMatch') : t('manage.empty')}>
            <Permission codes={['onboarding:edit']}>
              <Link to="/merchant-entry">
                <Button type="primary">{t('manage.new')}</Button>
              </Link>
            </Permission>
          </Empty>
        }
      />
      <Modal
        open={shown !== null}
        onCancel={() => setShown(null)}
        footer={null}
        title={shown?.remark ?? t('manage.qrTitle')}
        destroyOnHidden
      >
        {shown && <InviteCard invite={shown} />}
      </Modal>
    </section>
  );
}
