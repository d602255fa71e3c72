import { Button, Card, Descriptions, List, Result, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { MerchantStatusTag } from '@/features/merchant/components/status-tag';
import { businessTime } from '@/lib/business-time';
import { OpsPageHeader } from '../../components/ops-page';
import { useCompanyDetail, useCompanyStatus } from './api';
import { MCH_NS } from './i18n';
import { StatusActions } from './status-actions';

/** /ops/companies/:companyId: the organisation, its merchants; freeze, unfreeze, close with a reason. */
export default function OpsCompanyDetailPage() {
  const { companyId = '' } = useParams();
  const { t } = useTranslation(MCH_NS);
  const detail = useCompanyDetail(Number(companyId));
  const status = useCompanyStatus();
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError)
    return <LoadError title={t('detail.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />;
  const company = detail.data;
  if (!company) return <Result status="404" title={t('detail.loadError')} />;
  return (
    <>
      <OpsPageHeader
        title={
          <Space wrap>
            {company.name}
            <MerchantStatusTag status={company.status} />
          </Space>
        }
        intro={company.creditCode ?? `#${company.companyId}`}
        extra={
          <Space wrap>
            <StatusActions
              status={company.status}
              name={company.name}
              run={(action, reason) => status.mutateAsync({ action, companyId: company.companyId, reason })}
            />
            <Link to="/companies">
              <Button icon={<ArrowLeftOutlined />}>{t('detail.back')}</Button>
            </Link>
          </Space>
        }
      />
      <Card size="small" className="ops-section">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('detail.contact')}>
            {[company.contactName, company.contactMobile].filter(Boolean).join(' · ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('col.members')}>{company.memberCount}</Descriptions.Item>
          <Descriptions.Item label={t('col.createdAt')}>{businessTime(company.createdAt, 'minute')}</Descriptions.Item>
          {company.statusReason && (
            <Descriptions.Item label={t('detail.statusReason')}>{company.statusReason}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title={t('detail.merchants')} size="small" className="ops-section">
        <List
          dataSource={company.merchants}
          renderItem={(m) => (
            <List.Item extra={<MerchantStatusTag status={m.status} />}>
              <List.Item.Meta
                title={<Link to={`/merchants/${m.mchNo}`}>{m.shortName || m.name}</Link>}
                description={m.mchNo}
              />
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
