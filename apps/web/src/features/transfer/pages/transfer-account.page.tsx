import { useState } from 'react';
import { Button, ConfigProvider, Empty, Grid, Modal } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayeeAccount } from '@mchweb/contract';
import { FilterSelect } from '@/components/filter-select';
import { READABLE_PLACEHOLDERS } from '@/components/folded-filters';
import { KeysetTable } from '@/components/keyset-table';
import { PageHeader } from '@/components/page-header';
import { Permission, useHasPermission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { usePayeeList } from '../api/payee-list';
import { useRemovePayee } from '../api/remove-payee';
import { PayeeAddModal } from '../components/payee-add-modal';
import { PayeeTypeTag } from '../components/tags';
import { PAYEE_TYPE_LIST, type PayeeType } from '../components/transfer-values';
import { NS } from '../i18n';
import '../components/transfer.css';
import { businessTime } from '@/lib/business-time';

/**
 * /transfer-account: the payee accounts transfers may go to (type, holder, number masked by the server, bank),
 * filtered by type in the address (`?type=BANK_CARD,ALIPAY`), keyset "load more"; add (a dialog with the contact
 * mobile's SMS code) and remove (a confirm), both for members with payee:edit. A table from `md` up, one card an
 * account on a phone.
 */
export default function TransferAccountPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const types = (params.get('type') ?? '')
    .split(',')
    .filter((v): v is PayeeType => (PAYEE_TYPE_LIST as readonly string[]).includes(v));
  const list = usePayeeList(types.length ? { type: types } : {});
  const narrow = !Grid.useBreakpoint().md;
  const canEdit = useHasPermission(['payee:edit']);
  const [adding, setAdding] = useState(false);
  const remove = useRemovePayee();
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  const confirmRemove = (a: PayeeAccount) =>
    Modal.confirm({
      title: t('transferAccount.removeTitle'),
      content: t('transferAccount.removeText', { name: a.name, account: a.accountNoMasked }),
      okText: t('transferAccount.removeOk'),
      okButtonProps: { danger: true, 'data-testid': 'payee-remove-confirm' },
      cancelText: t('payee.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ accountId: a.accountId });
        } catch {
          return; // toasted by the request layer
        }
        toast.success(t('transferAccount.removed'));
      },
    });
  const removeButton = (a: PayeeAccount) => (
    <Button
      danger
      type="link"
      icon={<DeleteOutlined />}
      onClick={() => confirmRemove(a)}
      aria-label={`${t('transferAccount.remove')} ${a.name} ${a.accountNoMasked}`}
      data-testid={`payee-remove-${a.accountId}`}
    >
      {t('transferAccount.remove')}
    </Button>
  );
  const account = (a: PayeeAccount) => (
    <span className="transfer-mono" data-testid={`payee-account-${a.accountId}`}>
      {a.accountNoMasked}
    </span>
  );

  const columns = narrow
    ? [
        {
          key: 'card',
          render: (_: unknown, a: PayeeAccount) => (
            <div className="transfer-card" data-testid={`payee-row-${a.accountId}`}>
              <div className="transfer-card-head">
                <strong>{a.name}</strong>
                <PayeeTypeTag type={a.type} />
              </div>
              <div>
                {account(a)}
                {a.bankName && <span className="transfer-muted"> · {a.bankName}</span>}
              </div>
              <div className="transfer-card-foot">
                <span className="transfer-muted">
                  {t('transferAccount.createdAt', { at: businessTime(a.createdAt, 'minute') })}
                </span>
                {canEdit && removeButton(a)}
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          title: t('col.type'),
          dataIndex: 'type',
          render: (type: PayeeType) => <PayeeTypeTag type={type} />,
        },
        {
          title: t('col.name'),
          key: 'name',
          render: (_: unknown, a: PayeeAccount) => <span data-testid={`payee-row-${a.accountId}`}>{a.name}</span>,
        },
        { title: t('col.account'), key: 'account', render: (_: unknown, a: PayeeAccount) => account(a) },
        { title: t('col.bank'), dataIndex: 'bankName', render: (b: string | null) => b ?? '—' },
        {
          title: t('col.created'),
          dataIndex: 'createdAt',
          render: (at: string) => <span className="transfer-nowrap">{businessTime(at, 'minute')}</span>,
        },
        ...(canEdit
          ? [{ title: t('col.actions'), key: 'actions', render: (_: unknown, a: PayeeAccount) => removeButton(a) }]
          : []),
      ];

  const empty = types.length ? (
    <Empty description={t('transferAccount.noMatch')} />
  ) : (
    <Empty description={t('transferAccount.empty')}>
      <Permission codes={['payee:edit']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('transferAccount.add')}
        </Button>
      </Permission>
    </Empty>
  );

  return (
    <section data-testid="page-transfer-account">
      <PageHeader
        title={t('transferAccount.title')}
        intro={t('transferAccount.intro')}
        actions={
          <Permission codes={['payee:edit']}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="payee-add">
              {t('transferAccount.add')}
            </Button>
          </Permission>
        }
      />
      <ConfigProvider theme={READABLE_PLACEHOLDERS}>
        <div className="transfer-filters" role="search" aria-label={t('transferAccount.filterType')}>
          <div className="transfer-filter-more">
            <FilterSelect
              value={types}
              onChange={(v) => setParams(v ? { type: v.join(',') } : {}, { replace: true })}
              options={PAYEE_TYPE_LIST.map((v) => ({ value: v, label: t(`payeeType.${v}`) }))}
              label={t('transferAccount.filterType')}
              testId="payee-filter-type"
            />
          </div>
        </div>
      </ConfigProvider>
      <KeysetTable<PayeeAccount>
        list={list}
        rows={rows}
        rowKey="accountId"
        columns={columns}
        narrow={narrow}
        scrollX={760}
        empty={empty}
        testId="payee-table"
        loadErrorTitle={t('transferAccount.loadError')}
        moreText={t('transferAccount.more')}
        endText={t('transferAccount.end', { count: rows.length })}
      />
      {adding && <PayeeAddModal onClose={() => setAdding(false)} />}
    </section>
  );
}
