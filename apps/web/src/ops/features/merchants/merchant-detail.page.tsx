import { Button, Card, Descriptions, Form, Input, Result, Skeleton, Space, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChannelAccountsInput, OpsMerchantDetail } from '@mchweb/contract/ops/schemas';
import { LoadError } from '@/components/load-error';
import { MerchantStatusTag } from '@/features/merchant/components/status-tag';
import { NS as MERCHANT_NS } from '@/features/merchant/i18n';
import { businessTime } from '@/lib/business-time';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { OpsPageHeader } from '../../components/ops-page';
import { useCan } from '../../session';
import { useMerchantDetail, useMerchantStatus, useSetChannelAccounts } from './api';
import { MCH_NS } from './i18n';
import { StatusActions } from './status-actions';

const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The channel sub-merchant ids: WeChat's sub_mchid, Alipay's smid and app_auth_token (never shown back). */
function ChannelAccounts({ merchant }: { merchant: OpsMerchantDetail }) {
  const { t } = useTranslation(MCH_NS);
  const can = useCan();
  const save = useSetChannelAccounts();
  const [form] = Form.useForm<ChannelAccountsInput>();
  const accounts = merchant.channelAccounts;
  const server = useServerForm(form, {
    submit: (values) =>
      save.mutateAsync({
        mchNo: merchant.mchNo,
        wechatSubMchid: orNull(values.wechatSubMchid),
        alipaySmid: orNull(values.alipaySmid),
        // Empty keeps the token the server holds (it never answers it).
        ...(values.alipayAppAuthToken?.trim() ? { alipayAppAuthToken: values.alipayAppAuthToken.trim() } : {}),
      }),
    onSuccess: () => toast.success(t('accounts.saved')),
    fallback: 'wechatSubMchid',
  });
  const editable = can('ops:merchant:channel');
  return (
    <Card title={t('accounts.title')} size="small" className="ops-section">
      <Form
        form={form}
        layout="vertical"
        onFinish={server.onFinish}
        disabled={!editable}
        initialValues={{ wechatSubMchid: accounts.wechatSubMchid ?? '', alipaySmid: accounts.alipaySmid ?? '' }}
      >
        <Form.Item name="wechatSubMchid" label={t('accounts.wechat')}>
          <Input inputMode="numeric" maxLength={10} />
        </Form.Item>
        <Form.Item name="alipaySmid" label={t('accounts.smid')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="alipayAppAuthToken"
          label={t('accounts.token')}
          extra={accounts.alipayAppAuthTokenSet ? `${t('accounts.tokenSet')} · ${t('accounts.tokenKeep')}` : undefined}
        >
          <Input.Password maxLength={128} autoComplete="off" />
        </Form.Item>
        {editable && (
          <Button type="primary" htmlType="submit" loading={server.busy}>
            {t('accounts.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function Detail({ merchant }: { merchant: OpsMerchantDetail }) {
  const { t } = useTranslation(MCH_NS);
  const { t: tm } = useTranslation(MERCHANT_NS);
  const status = useMerchantStatus();
  return (
    <>
      <OpsPageHeader
        title={
          <Space wrap>
            {merchant.name}
            <MerchantStatusTag status={merchant.status} />
          </Space>
        }
        intro={`${merchant.mchNo} · ${merchant.shortName}`}
        extra={
          <Space wrap>
            <StatusActions
              status={merchant.status}
              name={merchant.shortName || merchant.name}
              run={(action, reason) => status.mutateAsync({ action, mchNo: merchant.mchNo, reason })}
            />
            <Link to="/merchants">
              <Button icon={<ArrowLeftOutlined />}>{t('detail.back')}</Button>
            </Link>
          </Space>
        }
      />
      <Card size="small" className="ops-section">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('col.company')}>
            <Link to={`/companies/${merchant.companyId}`}>{merchant.companyName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.type')}>{tm(`type.${merchant.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.creditCode')}>{merchant.creditCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.legalPerson')}>{merchant.legalPersonName}</Descriptions.Item>
          <Descriptions.Item label={t('detail.servicePhone')}>{merchant.servicePhone}</Descriptions.Item>
          <Descriptions.Item label={t('detail.address')}>{merchant.address}</Descriptions.Item>
          <Descriptions.Item label={t('detail.rates')}>
            {merchant.channels.map((c) => `${tm(`channelName.${c.channel}`)} ${c.rate} ‰`).join(' · ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.settlement')}>
            {merchant.settlement.bankName} {merchant.settlement.accountNumberMasked} ({merchant.settlement.accountName})
          </Descriptions.Item>
          {merchant.applyNo && (
            <Descriptions.Item label={t('detail.application')}>
              <Link to={`/onboarding/${merchant.applyNo}`}>{merchant.applyNo}</Link>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <ChannelAccounts merchant={merchant} />
      <Card title={t('detail.history')} size="small" className="ops-section">
        <Timeline
          items={[...merchant.statusHistory].reverse().map((h) => ({
            content: (
              <Space orientation="vertical" size={0}>
                <Space size={4}>
                  {h.from && <MerchantStatusTag status={h.from} />}→<MerchantStatusTag status={h.to} />
                </Space>
                <Typography.Text type="secondary">
                  {businessTime(h.at, 'minute')} · {h.by ?? t('detail.byNobody')}
                </Typography.Text>
                {h.reason && <Typography.Text>{h.reason}</Typography.Text>}
              </Space>
            ),
          }))}
        />
      </Card>
    </>
  );
}

/** /ops/merchants/:mchNo: the merchant, its channel ids, its status history; freeze, unfreeze, close. */
export default function OpsMerchantDetailPage() {
  const { mchNo = '' } = useParams();
  const { t } = useTranslation(MCH_NS);
  const detail = useMerchantDetail(mchNo);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (detail.isError)
    return <LoadError title={t('detail.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Result status="404" title={t('detail.loadError')} />;
  return <Detail merchant={detail.data} />;
}
