import type { ReactNode } from 'react';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationDraft } from '@mchweb/contract';
import { BUSINESS_CATEGORY_LABELS } from '@mchweb/contract/merchant/schemas';
import { ID_LONG_TERM } from '@mchweb/contract/onboarding/application';
import { NS as ONBOARDING_NS } from '@/features/onboarding/i18n';
import { currentLanguage } from '@/i18n';
import { ONB_NS } from './i18n';

export interface ReviewField {
  /** The name a rejection gives it (`subject.name`, `rates.WECHAT`, `documents.LICENCE`). */
  key: string;
  label: string;
  value: ReactNode;
}
export interface ReviewSection {
  key: 'subject' | 'legalPerson' | 'settlement' | 'rates' | 'documents';
  label: string;
  fields: ReviewField[];
}

/** Every field of an application, by section, with the names a per-field rejection uses. */
export function useReviewSections(application: ApplicationDraft): ReviewSection[] {
  const { t } = useTranslation(ONBOARDING_NS);
  const { subject = {}, legalPerson = {}, settlement = {}, rates = [], documents = [] } = application;
  const v = (x: string | undefined | null) => x || '—';
  const f = (key: string, label: string, value: ReactNode): ReviewField => ({ key, label: t(label), value });
  return [
    {
      key: 'subject',
      label: t('step.subject'),
      fields: [
        f('subject.type', 'field.type', subject.type ? t(`type.${subject.type}`) : '—'),
        f('subject.name', 'field.name', v(subject.name)),
        f('subject.shortName', 'field.shortName', v(subject.shortName)),
        f('subject.creditCode', 'field.creditCode', v(subject.creditCode)),
        f(
          'subject.category',
          'field.category',
          subject.category ? BUSINESS_CATEGORY_LABELS[subject.category][currentLanguage()] : '—',
        ),
        f('subject.servicePhone', 'field.servicePhone', v(subject.servicePhone)),
        f('subject.address', 'field.address', v(subject.address)),
      ],
    },
    {
      key: 'legalPerson',
      label: t('step.legalPerson'),
      fields: [
        f('legalPerson.name', 'field.personName', v(legalPerson.name)),
        f('legalPerson.idNumber', 'field.idNumber', v(legalPerson.idNumber)),
        f('legalPerson.idValidFrom', 'field.idValidFrom', v(legalPerson.idValidFrom)),
        f(
          'legalPerson.idValidTo',
          'field.idValidTo',
          legalPerson.idValidTo === ID_LONG_TERM ? t('field.longTerm') : v(legalPerson.idValidTo),
        ),
      ],
    },
    {
      key: 'settlement',
      label: t('step.settlement'),
      fields: [
        f(
          'settlement.accountType',
          'field.accountType',
          settlement.accountType ? t(`accountType.${settlement.accountType}`) : '—',
        ),
        f('settlement.bankName', 'field.bankName', v(settlement.bankName)),
        f('settlement.branchName', 'field.branchName', v(settlement.branchName)),
        f('settlement.accountNumber', 'field.accountNumber', v(settlement.accountNumber)),
        f('settlement.accountName', 'field.accountName', v(settlement.accountName)),
      ],
    },
    {
      key: 'rates',
      label: t('step.rates'),
      fields: rates.map((r) => f(`rates.${r.channel}`, `channel.${r.channel}`, `${r.rate} ‰`)),
    },
    {
      key: 'documents',
      label: t('step.documents'),
      fields: documents.map((d) => f(`documents.${d.kind}`, `doc.${d.kind}`, d.fileId)),
    },
  ];
}

/** The application's fields, read-only; a field the last rejection named carries its reason beside it. */
export function ApplicationFields({
  sections,
  rejected,
}: {
  sections: ReviewSection[];
  rejected: Map<string, string>;
}) {
  const { t } = useTranslation(ONB_NS);
  return (
    <>
      {sections
        .filter((s) => s.key !== 'documents')
        .map((section) => (
          <Card key={section.key} title={section.label} size="small" className="ops-section">
            {rejected.has(section.key) && <Tag color="red">{rejected.get(section.key)}</Tag>}
            <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small">
              {section.fields.map((field) => (
                <Descriptions.Item key={field.key} label={field.label}>
                  <span data-field={field.key}>{field.value}</span>
                  {rejected.has(field.key) && (
                    <Tag color="red" className="ops-rejected-reason" title={t('review.rejectFields')}>
                      {rejected.get(field.key)}
                    </Tag>
                  )}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        ))}
    </>
  );
}
