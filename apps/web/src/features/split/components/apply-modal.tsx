import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { BankOutlined, DeleteOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SplitApplyBody } from '@mchweb/contract';
import { RegInput } from '@/components/numeric-input';
import { bankCardRules, GROUPED_CARD_MAX_LENGTH, groupedCard } from '@/lib/bank-card';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useApplySplit } from '../api/apply-split';
import { SPLIT_RECEIVERS_LIMIT, SPLIT_TOTAL_LIMIT, NAME_MAX, REMARK_MAX, totalOf } from './split-values';
import { NS } from '../i18n';

type ReceiverType = 'MERCHANT' | 'EXTERNAL';
interface ReceiverValues {
  type: ReceiverType;
  mchNo?: string;
  name?: string;
  /** As typed: grouped in fours. */
  accountNo?: string;
  bankName?: string;
  /** Whole percent as the `reg` input holds it. */
  ratio: string;
}
export interface ApplyValues {
  mchNo?: string;
  receivers: ReceiverValues[];
  remark: string;
}

const blank = (type: ReceiverType): ReceiverValues =>
  type === 'MERCHANT' ? { type, ratio: '' } : { type, name: '', accountNo: '', bankName: '', ratio: '' };

/** The body of /div/apply: ratios as numbers, a card number without its spaces, texts trimmed. */
export function bodyOf(v: ApplyValues): SplitApplyBody {
  return {
    mchNo: v.mchNo ?? '',
    receivers: v.receivers.map((r) =>
      r.type === 'MERCHANT'
        ? { type: r.type, mchNo: r.mchNo ?? '', ratio: Number(r.ratio) }
        : {
            type: r.type,
            name: (r.name ?? '').trim(),
            accountNo: (r.accountNo ?? '').replace(/\s/g, ''),
            bankName: (r.bankName ?? '').trim(),
            ratio: Number(r.ratio),
          },
    ),
    remark: v.remark.trim(),
  };
}

/**
 * Apply for profit sharing: the merchant that shares (the session's merchants), then up to five receivers, each a
 * merchant of the organisation (not the one sharing, none twice) or an outside party (holder, bank card grouped
 * in fours and checked by its Luhn digit, bank), with a ratio in whole percent through the seed's `reg` input
 * (S5.1: digits only, no decimal point, at most 30). The running total is shown; a total above 30 % is refused
 * beside the ratio fields before sending. The server's refusals go beside the field they name
 * (`receivers.1.ratio`), or under the receivers (`receivers: ...`).
 */
export function ApplyModal({ mchNo, onClose }: { mchNo: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<ApplyValues>();
  const { mchList } = useSession();
  const apply = useApplySplit();
  const sharing = Form.useWatch('mchNo', form) ?? mchNo ?? undefined;
  const receivers = Form.useWatch('receivers', form) as ReceiverValues[] | undefined;
  const total = totalOf(receivers);
  const { onFinish, busy, error } = useServerForm(form, {
    // Every value of the form: a receiver's `type` has no field of its own, so antd's `values` leave it out.
    submit: () => apply.mutateAsync(bodyOf(form.getFieldsValue(true) as ApplyValues)),
    onSuccess: (item) => {
      toast.success(t('form.done', { name: item.mchName }));
      onClose();
    },
  });
  const others = mchList.filter((m) => m.mchNo !== sharing);
  const initial: ApplyValues = {
    ...(mchNo ? { mchNo } : {}),
    receivers: [blank(mchList.some((m) => m.mchNo !== mchNo && m.status === 'ACTIVE') ? 'MERCHANT' : 'EXTERNAL')],
    remark: '',
  };
  const merchantLabel = (m: (typeof mchList)[number]) =>
    m.status === 'ACTIVE' ? m.name : `${m.name}${t('form.notActive', { status: t(`merchantStatus.${m.status}`) })}`;

  /** A ratio: present, at least 1, and the total of all of them at most the limit. */
  const ratioRules = [
    {
      validator: (_: unknown, value: string | undefined) => {
        if (!value) return Promise.reject(new Error(t('form.ratioRequired')));
        if (Number(value) < 1) return Promise.reject(new Error(t('form.ratioMin')));
        const sum = totalOf(form.getFieldValue('receivers') as ReceiverValues[]);
        if (sum > SPLIT_TOTAL_LIMIT)
          return Promise.reject(new Error(t('form.overTotal', { total: sum, max: SPLIT_TOTAL_LIMIT })));
        return Promise.resolve();
      },
    },
  ];
  const cardRules = bankCardRules({
    required: t('form.cardRequired'),
    format: t('form.cardFormat'),
    check: t('form.cardCheck'),
  });

  /** A change of one ratio (or of the merchant sharing) may settle another field's complaint: check those again. */
  const recheck = (changed: Partial<ApplyValues>) => {
    const list = (form.getFieldValue('receivers') as ReceiverValues[] | undefined) ?? [];
    const names = list.flatMap((_, i) => [
      ['receivers', i, 'ratio'] as ['receivers', number, 'ratio'],
      ['receivers', i, 'mchNo'] as ['receivers', number, 'mchNo'],
    ]);
    // A receiver already chosen is checked against a new sharing merchant; an empty one waits for its turn.
    const stale = names.filter(
      (n) => form.getFieldError(n).length > 0 || (changed.mchNo && n[2] === 'mchNo' && form.getFieldValue(n)),
    );
    if (stale.length) void form.validateFields(stale, { validateOnly: false }).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={t('form.title')}
      okText={t('form.submit')}
      cancelText={t('form.cancel')}
      okButtonProps={{ 'data-testid': 'split-submit' }}
      cancelButtonProps={{ 'data-testid': 'split-modal-cancel' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      width={640}
      data-testid="split-modal"
    >
      {error && <Alert type="error" showIcon title={error} className="split-note" data-testid="split-error" />}
      <Form<ApplyValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={initial}
        onValuesChange={recheck}
        className="split-form"
      >
        <Form.Item
          name="mchNo"
          label={t('form.merchant')}
          extra={t('form.merchantHint')}
          rules={[{ required: true, message: t('form.merchantRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={mchList.map((m) => ({ value: m.mchNo, label: merchantLabel(m), disabled: m.status !== 'ACTIVE' }))}
            data-testid="split-merchant"
          />
        </Form.Item>
        <Form.List
          name="receivers"
          rules={[
            {
              validator: (_: unknown, list: ReceiverValues[] | undefined) =>
                list?.length ? Promise.resolve() : Promise.reject(new Error(t('form.noReceivers'))),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <fieldset className="split-receivers" data-testid="split-receivers">
              <legend>{t('form.receivers')}</legend>
              {fields.map((field, i) => {
                // Read now, not watched: a receiver just added renders with its own fields at once.
                const type =
                  (form.getFieldValue(['receivers', field.name, 'type']) as ReceiverType | undefined) ?? 'MERCHANT';
                const chosenElsewhere = new Set(
                  (receivers ?? []).flatMap((r, j) =>
                    j !== field.name && r?.type === 'MERCHANT' && r.mchNo ? [r.mchNo] : [],
                  ),
                );
                return (
                  <section
                    key={field.key}
                    className="split-receiver"
                    aria-label={t('form.receiver', { n: i + 1 })}
                    data-testid={`split-receiver-${i}`}
                  >
                    <header className="split-receiver-head">
                      <span>
                        {type === 'MERCHANT' ? <ShopOutlined /> : <BankOutlined />}{' '}
                        <strong>{t('form.receiver', { n: i + 1 })}</strong> · {t(`receiverType.${type}`)}
                      </span>
                      <Button
                        type="text"
                        size="small"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        aria-label={t('form.remove', { n: i + 1 })}
                        data-testid={`split-receiver-remove-${i}`}
                      />
                    </header>
                    <div className={type === 'MERCHANT' ? 'split-receiver-row' : 'split-receiver-grid'}>
                      {type === 'MERCHANT' ? (
                        <Form.Item
                          name={[field.name, 'mchNo']}
                          label={t('form.receiverMerchant')}
                          rules={[
                            { required: true, message: t('form.receiverMerchantRequired') },
                            {
                              validator: (_: unknown, v: string | undefined) =>
                                v && v === form.getFieldValue('mchNo')
                                  ? Promise.reject(new Error(t('form.notItself')))
                                  : Promise.resolve(),
                            },
                          ]}
                        >
                          <Select
                            showSearch={{ optionFilterProp: 'label' }}
                            options={others.map((m) => ({
                              value: m.mchNo,
                              label: merchantLabel(m),
                              disabled: m.status !== 'ACTIVE' || chosenElsewhere.has(m.mchNo),
                            }))}
                            data-testid={`split-receiver-mch-${i}`}
                          />
                        </Form.Item>
                      ) : (
                        <>
                          <Form.Item
                            name={[field.name, 'name']}
                            label={t('form.name')}
                            rules={[
                              { required: true, whitespace: true, message: t('form.nameRequired') },
                              { max: NAME_MAX, message: t('form.nameMax', { max: NAME_MAX }) },
                            ]}
                          >
                            <Input
                              maxLength={NAME_MAX}
                              placeholder={t('form.namePlaceholder')}
                              data-testid={`split-receiver-name-${i}`}
                            />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, 'accountNo']}
                            label={t('form.cardNo')}
                            rules={cardRules}
                            normalize={(v: string) => groupedCard(v)}
                            validateDebounce={300}
                          >
                            <Input
                              className="split-card-input"
                              inputMode="numeric"
                              autoComplete="off"
                              maxLength={GROUPED_CARD_MAX_LENGTH}
                              data-testid={`split-receiver-card-${i}`}
                            />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, 'bankName']}
                            label={t('form.bankName')}
                            rules={[
                              { required: true, whitespace: true, min: 2, message: t('form.bankRequired') },
                              { max: NAME_MAX, message: t('form.nameMax', { max: NAME_MAX }) },
                            ]}
                          >
                            <Input
                              maxLength={NAME_MAX}
                              placeholder={t('form.bankPlaceholder')}
                              data-testid={`split-receiver-bank-${i}`}
                            />
                          </Form.Item>
                        </>
                      )}
                      <Form.Item
                        name={[field.name, 'ratio']}
                        label={t('form.ratio')}
                        required
                        rules={ratioRules}
                        className="split-ratio"
                      >
                        <RegInput max={SPLIT_TOTAL_LIMIT} suffix="%" data-testid={`split-ratio-${i}`} />
                      </Form.Item>
                    </div>
                  </section>
                );
              })}
              <div
                className={`split-total${total > SPLIT_TOTAL_LIMIT ? ' split-total-over' : ''}`}
                aria-live="polite"
                data-testid="split-total"
              >
                <strong>{t('form.total', { total, max: SPLIT_TOTAL_LIMIT })}</strong>
                {total <= SPLIT_TOTAL_LIMIT && (
                  <span className="split-muted"> · {t('form.left', { left: SPLIT_TOTAL_LIMIT - total })}</span>
                )}
              </div>
              <Form.ErrorList errors={errors} />
              <div className="split-add">
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add(blank('MERCHANT'))}
                  disabled={fields.length >= SPLIT_RECEIVERS_LIMIT || others.length === 0}
                  data-testid="split-add-merchant"
                >
                  {t('form.addMerchant')}
                </Button>
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add(blank('EXTERNAL'))}
                  disabled={fields.length >= SPLIT_RECEIVERS_LIMIT}
                  data-testid="split-add-external"
                >
                  {t('form.addExternal')}
                </Button>
                <span className="split-muted">{t('form.addHint', { max: SPLIT_RECEIVERS_LIMIT })}</span>
              </div>
            </fieldset>
          )}
        </Form.List>
        <Form.Item name="remark" label={t('form.remark')} rules={[{ max: REMARK_MAX }]}>
          <Input.TextArea
            maxLength={REMARK_MAX}
            showCount
            autoSize={{ minRows: 1, maxRows: 3 }}
            placeholder={t('form.remarkPlaceholder')}
            data-testid="split-remark"
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={t('form.review')} className="split-note" />
    </Modal>
  );
}
