import { Card, Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationDraft } from '@mchweb/contract';
import { BUSINESS_CATEGORY_LABELS } from '@mchweb/contract/merchant/schemas';
import { ID_LONG_TERM } from '@mchweb/contract/onboarding/application';
import { currentLanguage } from '@/i18n';
import { NS } from '../i18n';
import { DocumentCard } from './wizard/document-card';
import { WizardApiContext, type WizardApi } from './wizard/wizard-api';

const readOnly = (fileUrl: (fileId: string) => string): WizardApi => ({
  fileUrl,
  save: () => Promise.reject(new Error('read-only')),
  submit: () => Promise.reject(new Error('read-only')),
  upload: () => Promise.reject(new Error('read-only')),
});

/** An application as submitted, read-only (submitted, under review, approved or canceled ones). */
export function ApplicationView({
  application,
  fileUrl,
}: {
  application: ApplicationDraft;
  fileUrl: (fileId: string) => string;
}) {
  const { t } = useTranslation(NS);
  const { subject = {}, legalPerson = {}, settlement = {}, rates = [], documents = [] } = application;
  const dash = (v: string | undefined) => v || '—';
  const column = { xs: 1, sm: 1, md: 2 };
  return (
    <div className="onboarding-view" data-testid="application-view">
      <Card title={t('step.subject')} size="small">
        <Descriptions column={column} size="small">
          <Descriptions.Item label={t('field.type')}>
            {subject.type ? t(`type.${subject.type}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.name')}>{dash(subject.name)}</Descriptions.Item>
          <Descriptions.Item label={t('field.shortName')}>{dash(subject.shortName)}</Descriptions.Item>
          <Descriptions.Item label={t('field.creditCode')}>{dash(subject.creditCode)}</Descriptions.Item>
          <Descriptions.Item label={t('field.category')}>
            {subject.category ? BUSINESS_CATEGORY_LABELS[subject.category][currentLanguage()] : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.servicePhone')}>{dash(subject.servicePhone)}</Descriptions.Item>
          <Descriptions.Item label={t('field.address')}>{dash(subject.address)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('step.legalPerson')} size="small">
        <Descriptions column={column} size="small">
          <Descriptions.Item label={t('field.personName')}>{dash(legalPerson.name)}</Descriptions.Item>
          <Descriptions.Item label={t('field.idNumber')}>{dash(legalPerson.idNumber)}</Descriptions.Item>
          <Descriptions.Item label={t('field.idValidity')}>
            {dash(legalPerson.idValidFrom)} ~{' '}
            {legalPerson.idValidTo === ID_LONG_TERM ? t('field.longTerm') : dash(legalPerson.idValidTo)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('step.settlement')} size="small">
        <Descriptions column={column} size="small">
          <Descriptions.Item label={t('field.accountType')}>
            {settlement.accountType ? t(`accountType.${settlement.accountType}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.bankName')}>{dash(settlement.bankName)}</Descriptions.Item>
          <Descriptions.Item label={t('field.branchName')}>{dash(settlement.branchName)}</Descriptions.Item>
          <Descriptions.Item label={t('field.accountNumber')}>{dash(settlement.accountNumber)}</Descriptions.Item>
          <Descriptions.Item label={t('field.accountName')}>{dash(settlement.accountName)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('step.rates')} size="small">
        {rates.length ? (
          <Descriptions column={column} size="small">
            {rates.map((r) => (
              <Descriptions.Item key={r.channel} label={t(`channel.${r.channel}`)}>
                {r.rate} ‰
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      <Card title={t('step.documents')} size="small">
        {documents.length ? (
          <WizardApiContext.Provider value={readOnly(fileUrl)}>
            <div className="doc-grid">
              {documents.map((d) => (
                <DocumentCard key={d.kind} kind={d.kind} doc={d} onChange={() => undefined} disabled />
              ))}
            </div>
          </WizardApiContext.Provider>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
    </div>
  );
}
