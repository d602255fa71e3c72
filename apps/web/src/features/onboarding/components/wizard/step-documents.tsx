import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocKind } from '@mchweb/contract';
import { NS } from '../../i18n';
import { DocumentCard } from './document-card';
import { Field } from './field';
import { documentKinds, type WizardDocument, type WizardValues } from './form-values';

/** The documents as one form value: one upload per kind. */
function DocumentsInput({
  value = [],
  onChange,
}: {
  value?: WizardDocument[];
  onChange?: (v: WizardDocument[]) => void;
}) {
  const type = Form.useWatch(['subject', 'type'], { preserve: true }) as string | undefined;
  const kinds = documentKinds(
    type,
    value.map((d) => d.kind),
  );
  const form = Form.useFormInstance<WizardValues>();
  // Read at the moment an upload ends, not from this render: two uploads may end one after the other.
  const put = (kind: DocKind, doc: WizardDocument | undefined) => {
    const current = form.getFieldValue('documents') as WizardDocument[] | undefined;
    onChange?.([...(current ?? []).filter((d) => d.kind !== kind), ...(doc ? [doc] : [])]);
  };
  return (
    <div className="doc-grid">
      {kinds.map(({ kind, required }) => (
        <DocumentCard
          key={kind}
          kind={kind}
          required={required}
          doc={value.find((d) => d.kind === kind)}
          onChange={(doc) => put(kind, doc)}
        />
      ))}
    </div>
  );
}

/** Step 5, the documents (`requiredDocuments` of the subject type), uploaded with progress. */
export function StepDocuments() {
  const { t } = useTranslation(NS);
  return (
    <>
      <p className="wizard-note">{t('docs.intro')}</p>
      <Field name={['documents']} judge="change" label={t('docs.label')}>
        <DocumentsInput />
      </Field>
    </>
  );
}
