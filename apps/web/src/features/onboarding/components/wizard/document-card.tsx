import { useEffect, useState } from 'react';
import { Button, Image, Progress, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DocKind } from '@mchweb/contract';
import { ONBOARDING_UPLOAD_MAX_BYTES } from '@mchweb/contract/onboarding/schemas';
import { fieldOf } from '@/lib/api';
import { readDocument } from '../../api/read-document';
import { NS } from '../../i18n';
import type { WizardDocument } from './form-values';
import { useWizardApi } from './wizard-api';
import './wizard.css';

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** A preview of a stored document: the bytes read with the caller's credentials, shown from memory. */
function useStoredPreview(url: string | null) {
  const [preview, setPreview] = useState<{ href: string; pdf: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let href: string | null = null;
    setFailed(false);
    readDocument(url, controller.signal).then(
      (blob) => {
        href = URL.createObjectURL(blob);
        setPreview({ href, pdf: blob.type === 'application/pdf' });
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (href) URL.revokeObjectURL(href);
      setPreview(null);
    };
  }, [url]);
  return { preview, failed };
}

interface Props {
  kind: DocKind;
  /** Shown as a tag; none in a read-only view. */
  required?: boolean;
  doc: WizardDocument | undefined;
  onChange: (doc: WizardDocument | undefined) => void;
  disabled?: boolean;
}

/** One document of the application: upload with progress, preview, replace, remove. */
export function DocumentCard({ kind, required, doc, onChange, disabled }: Props) {
  const { t } = useTranslation(NS);
  const api = useWizardApi();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { preview, failed } = useStoredPreview(doc ? api.fileUrl(doc.fileId) : null);
  const label = t(`doc.${kind}`);

  async function send(file: File) {
    setProblem(null);
    if (file.size > ONBOARDING_UPLOAD_MAX_BYTES) return setProblem(t('docs.tooLarge', { name: file.name }));
    if (!ACCEPT.split(',').includes(file.type)) return setProblem(t('docs.wrongType', { name: file.name }));
    setPercent(0);
    try {
      const stored = await api.upload(file, setPercent);
      onChange({ kind, fileId: stored.fileId, name: stored.name });
    } catch (e) {
      setProblem(t('docs.failed', { reason: fieldOf(e).message }));
    } finally {
      setPercent(null);
    }
  }

  return (
    <div className="doc-card" data-testid={`doc-${kind}`}>
      <div className="doc-card-head">
        <Typography.Text strong>{label}</Typography.Text>
        {required !== undefined &&
          (required ? <Tag color="blue">{t('docs.required')}</Tag> : <Tag>{t('docs.optional')}</Tag>)}
      </div>
      <div className="doc-card-body">
        {doc && preview && !preview.pdf && (
          <Image src={preview.href} alt={label} width={120} height={80} style={{ objectFit: 'cover' }} />
        )}
        {doc && preview?.pdf && (
          <a href={preview.href} target="_blank" rel="noreferrer" className="doc-pdf">
            <FilePdfOutlined aria-hidden /> {t('docs.openPdf')}
          </a>
        )}
        {doc && !preview && !failed && (
          <div className="doc-thumb-loading" role="img" aria-label={t('docs.loadingPreview')} />
        )}
        {doc && failed && <Typography.Text type="secondary">{t('docs.noPreview')}</Typography.Text>}
        {!doc && percent === null && <Typography.Text type="secondary">{t(`docHint.${kind}`)}</Typography.Text>}
        {percent !== null && (
          <Progress percent={percent} size="small" aria-label={t('docs.uploading', { doc: label })} />
        )}
      </div>
      {doc?.name && (
        <Typography.Text type="secondary" ellipsis className="doc-name">
          {doc.name}
        </Typography.Text>
      )}
      {problem && (
        <Typography.Text type="danger" role="alert" className="doc-problem">
          {problem}
        </Typography.Text>
      )}
      {!disabled && (
        <div className="doc-card-actions">
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            disabled={percent !== null}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button
              size="small"
              icon={<UploadOutlined />}
              loading={percent !== null}
              data-testid={`doc-upload-${kind}`}
            >
              {doc ? t('docs.replace') : t('docs.upload')}
            </Button>
          </Upload>
          {doc && (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onChange(undefined)}
              aria-label={t('docs.remove', { doc: label })}
              data-testid={`doc-remove-${kind}`}
            >
              {t('docs.removeShort')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
