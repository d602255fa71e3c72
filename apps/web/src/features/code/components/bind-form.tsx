import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Select, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useBindCode } from '../api/bind-code';
import { useCodeList } from '../api/code-list';
import { canScan, CodeScanner } from './code-scanner';
import { codeNoOf, fixedAmountFen, spacedCodeNo } from './code-values';
import { NS } from '../i18n';

interface Values {
  codeNo: string;
  mchNo?: string;
  mode: 'typed' | 'fixed';
  /** Yuan as typed; named as the server names the field, so its refusal lands here. */
  fixedAmountFen?: string;
  label?: string;
}

/** What the code typed is now: unbound, bound to whom (binding moves it), disabled, or not the organisation's. */
function CodeNow({ codeNo }: { codeNo: string | null }) {
  const { t } = useTranslation(NS);
  const found = useCodeList(codeNo ? { codeNo } : {}, { enabled: Boolean(codeNo), limit: 1 });
  if (!codeNo || found.isError) return null;
  const code = found.data?.pages[0]?.rows[0];
  const text = found.isPending
    ? t('bind.now.checking')
    : code
      ? t(`bind.now.${code.status}`, { name: code.mchName ?? '' })
      : t('bind.now.none');
  const type = !found.isPending && (!code || code.status === 'DISABLED') ? 'warning' : 'info';
  return <Alert className="code-bind-now" type={type} showIcon title={text} data-testid="bind-now" />;
}

/**
 * Bind a code to an ACTIVE merchant (the session's merchant list), rebind a bound one: the number typed (spaces
 * allowed) or scanned with the camera where the browser can, the amount typed by the payer or fixed in yuan (sent
 * as fen), an optional label. `preset` fills the number (a link from /code-setting, "move" in the list below).
 * After a binding the merchant and amount stay, so a pile of stickers is bound one after another.
 */
export function BindForm({ preset }: { preset: { codeNo: string; at: number } | null }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const { mchList } = useSession();
  const merchants = mchList.filter((m) => m.status === 'ACTIVE');
  const mode = Form.useWatch('mode', form) ?? 'typed';
  const codeNo = codeNoOf(Form.useWatch('codeNo', form) ?? '');
  const [scanning, setScanning] = useState(false);
  const bind = useBindCode();

  useEffect(() => {
    if (preset) form.setFieldsValue({ codeNo: spacedCodeNo(preset.codeNo) });
  }, [preset, form]);

  const { onFinish, busy, error } = useServerForm(form, {
    submit: (v: Values) =>
      bind.mutateAsync({
        codeNo: codeNoOf(v.codeNo)!,
        mchNo: v.mchNo!,
        ...(v.mode === 'fixed' ? { fixedAmountFen: fixedAmountFen(v.fixedAmountFen ?? '')! } : {}),
        ...(v.label?.trim() ? { label: v.label.trim() } : {}),
      }),
    onSuccess: (answer) => {
      const codeNo = spacedCodeNo(answer.codeNo);
      const name = answer.mchName ?? answer.mchNo ?? '';
      toast.success(
        answer.reboundFrom
          ? t('bind.rebound', { codeNo, name, from: answer.reboundFrom.mchName })
          : t('bind.done', { codeNo, name }),
      );
      form.setFieldsValue({ codeNo: '', label: '' });
    },
  });

  if (merchants.length === 0) {
    return (
      <Card className="code-bind" title={<h2 style={{ margin: 0 }}>{t('bind.title')}</h2>}>
        <Typography.Text type="secondary" data-testid="bind-no-merchants">
          {t('bind.noMerchants')}
        </Typography.Text>
      </Card>
    );
  }
  return (
    <Card className="code-bind" title={<h2 style={{ margin: 0 }}>{t('bind.title')}</h2>}>
      <Typography.Paragraph type="secondary">{t('bind.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ mode: 'typed', codeNo: preset ? spacedCodeNo(preset.codeNo) : '' }}
        className="code-bind-form"
        data-testid="bind-form"
      >
        <div>
          <Form.Item
            name="codeNo"
            label={t('bind.codeNo')}
            rules={[
              { required: true, whitespace: true, message: t('bind.codeNoRequired') },
              {
                validator: (_, v: string) =>
                  !v?.trim() || codeNoOf(v) ? Promise.resolve() : Promise.reject(new Error(t('bind.codeNoInvalid'))),
              },
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              placeholder={t('bind.codeNoPlaceholder')}
              className="code-mono"
              data-testid="bind-code-no"
              suffix={
                canScan() ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<ScanOutlined />}
                    onClick={() => setScanning(true)}
                    data-testid="bind-scan"
                  >
                    {t('bind.scan')}
                  </Button>
                ) : undefined
              }
            />
          </Form.Item>
          <CodeNow codeNo={codeNo} />
        </div>
        <Form.Item
          name="mchNo"
          label={t('bind.merchant')}
          rules={[{ required: true, message: t('bind.merchantRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('bind.merchantPlaceholder')}
            options={merchants.map((m) => ({ value: m.mchNo, label: `${m.name} (${m.mchNo})` }))}
            data-testid="bind-merchant"
          />
        </Form.Item>
        <Form.Item name="mode" label={t('bind.amountMode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'typed', label: t('bind.typed') },
              { value: 'fixed', label: t('bind.fixed') },
            ]}
            data-testid="bind-mode"
          />
        </Form.Item>
        {mode === 'fixed' ? (
          <Form.Item
            name="fixedAmountFen"
            label={t('bind.amount')}
            rules={[
              { required: true, whitespace: true, message: t('bind.amountRequired') },
              {
                validator: (_, v: string) =>
                  !v?.trim() || fixedAmountFen(v) !== null
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('bind.amountInvalid'))),
              },
            ]}
          >
            <Input prefix="¥" inputMode="decimal" autoComplete="off" maxLength={12} data-testid="bind-amount" />
          </Form.Item>
        ) : (
          <div />
        )}
        <Form.Item name="label" label={t('bind.label')} rules={[{ max: 30, message: t('bind.labelMax') }]}>
          <Input maxLength={30} showCount placeholder={t('bind.labelPlaceholder')} data-testid="bind-label" />
        </Form.Item>
        <div className="code-bind-wide">
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          <Button type="primary" htmlType="submit" loading={busy} data-testid="bind-submit">
            {t('bind.submit')}
          </Button>
        </div>
      </Form>
      {scanning && (
        <CodeScanner
          onClose={() => setScanning(false)}
          onFound={(found) => {
            setScanning(false);
            form.setFieldsValue({ codeNo: spacedCodeNo(found) });
            void form.validateFields(['codeNo']);
          }}
        />
      )}
    </Card>
  );
}
