import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permission, useHasPermission } from '@/components/permission';
import { useCompanyInfo } from '../api/company-info';
import { BindMobileForm } from '../components/bind-mobile-form';
import { TradeOverview } from '../components/dashboard/trade-overview';
import { EditCompanyModal } from '../components/edit-company-modal';
import { LoadError } from '@/components/load-error';
import { NS } from '../i18n';
import '../components/company.css';
import { businessTime } from '@/lib/business-time';

const ROLES = ['OWNER', 'ADMIN', 'FINANCE', 'CASHIER'];

/**
 * /organ-home: the organisation's trade at a glance (today, money, 30-day trend, channels, top merchants, and the
 * latest orders app/ passes in), then its profile (the owner edits it) and the contact-mobile binding.
 */
export default function CompanyHomePage({ latestOrders }: { latestOrders?: ReactNode }) {
  const { t } = useTranslation(NS);
  const info = useCompanyInfo();
  const [editing, setEditing] = useState(false);
  const [rebinding, setRebinding] = useState(false);
  const canEdit = useHasPermission(['company:edit']);

  if (info.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (info.isError)
    return <LoadError title={t('home.loadError')} error={info.error} onRetry={() => void info.refetch()} />;
  const c = info.data;
  const none = <Typography.Text type="secondary">{t('home.none')}</Typography.Text>;

  return (
    <section className="company-page" data-testid="page-organ-home">
      <h1>{t('home.title')}</h1>
      <p className="company-intro">{c.companyName}</p>
      <TradeOverview latestOrders={latestOrders} />
      <Flex vertical gap={16}>
        <Card
          title={t('home.profile')}
          extra={
            <Permission codes={['company:edit']}>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="company-edit">
                {t('home.edit')}
              </Button>
            </Permission>
          }
        >
          <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small" data-testid="company-profile">
            <Descriptions.Item label={t('field.companyName')}>{c.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('field.creditCode')}>
              <span style={{ fontFamily: 'monospace' }}>{c.creditCode}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.contactName')}>{c.contactName || none}</Descriptions.Item>
            <Descriptions.Item label={t('field.contactMobile')}>
              <Space size={4} wrap>
                {c.contactMobile || none}
                {c.mobileBound ? (
                  <Tag color="green">{t('home.bound')}</Tag>
                ) : (
                  <Tag color="orange">{t('home.notBound')}</Tag>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.address')}>{c.address || none}</Descriptions.Item>
            <Descriptions.Item label={t('field.status')}>
              {c.status && <Tag color={c.status === 'ACTIVE' ? 'green' : 'red'}>{t(`status.${c.status}`)}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.opened')}>
              {c.opened ? (
                <Tag color="green">{t('home.opened')}</Tag>
              ) : (
                <Space size={4}>
                  <Tag>{t('home.notOpened')}</Tag>
                  <Link to="/open">{t('home.openNow')}</Link>
                </Space>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.role')}>
              {c.role && ROLES.includes(c.role) ? t(`role.${c.role}`) : t('role.CUSTOM')}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.createdAt')}>
              {c.createdAt ? businessTime(c.createdAt, 'minute') : none}
            </Descriptions.Item>
          </Descriptions>
          {!canEdit && (
            <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
              {t('home.onlyOwner')}
            </Typography.Paragraph>
          )}
        </Card>
        <Permission codes={['company:bindMobile']}>
          <Card title={t('home.bindTitle')} data-testid="company-bind-card">
            {c.mobileBound && !rebinding ? (
              <Space wrap>
                <span>
                  {c.contactMobile} <Tag color="green">{t('home.bound')}</Tag>
                </span>
                <Button onClick={() => setRebinding(true)} data-testid="bind-rebind">
                  {t('home.bindRebind')}
                </Button>
              </Space>
            ) : (
              <>
                <Typography.Paragraph type="secondary">{t('home.bindIntro')}</Typography.Paragraph>
                <BindMobileForm
                  initialMobile={c.contactMobile}
                  isOwner={c.role === 'OWNER'}
                  onDone={() => setRebinding(false)}
                />
              </>
            )}
          </Card>
        </Permission>
      </Flex>
      {editing && <EditCompanyModal info={c} open={editing} onClose={() => setEditing(false)} />}
    </section>
  );
}
