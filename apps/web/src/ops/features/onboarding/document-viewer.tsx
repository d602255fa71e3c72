import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Modal, Space, Spin, Tag, Tooltip } from 'antd';
import {
  ExportOutlined,
  FilePdfOutlined,
  RotateRightOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '@/lib/api';
import { NS as ONBOARDING_NS } from '@/features/onboarding/i18n';
import { ONB_NS } from './i18n';
import './review.css';

export interface ReviewDoc {
  kind: string;
  fileId: string;
  name: string;
  mime: string;
  /** The path to read it with the operator's token (an `<img src>` would not carry it). */
  path: string;
}

/** A stored file as an object URL while it is shown (read once per path and kept while the page is open). */
function useFileUrl(path: string) {
  const blob = useQuery({
    queryKey: ['ops', 'file', path],
    queryFn: ({ signal }) => fetchFile(path, { signal }),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  return { url, isError: blob.isError, retry: () => void blob.refetch() };
}

const isPdf = (doc: ReviewDoc) => doc.mime === 'application/pdf';

/** One document inline: the image itself, or the PDF's first page in the browser's viewer. */
function DocumentTile({ doc, reason, onOpen }: { doc: ReviewDoc; reason?: string; onOpen: () => void }) {
  const { t } = useTranslation(ONBOARDING_NS);
  const { t: tr } = useTranslation(ONB_NS);
  const file = useFileUrl(doc.path);
  return (
    <Card
      size="small"
      className="ops-doc-tile"
      title={t(`doc.${doc.kind}`)}
      extra={reason && <Tag color="red">{reason}</Tag>}
      data-testid={`doc-${doc.kind}`}
    >
      <button
        type="button"
        className="ops-doc-open"
        onClick={onOpen}
        aria-label={`${t(`doc.${doc.kind}`)}: ${tr('viewer.zoomIn')}`}
      >
        {file.isError ? (
          <Alert type="error" title={tr('viewer.loadError')} />
        ) : !file.url ? (
          <Spin />
        ) : isPdf(doc) ? (
          <span className="ops-doc-pdf">
            <FilePdfOutlined aria-hidden />
            {doc.name}
          </span>
        ) : (
          <img src={file.url} alt={t(`doc.${doc.kind}`)} />
        )}
      </button>
    </Card>
  );
}

/** The document large, with zoom (50 %–400 %) and rotation by quarter turns; a PDF in the browser's own viewer. */
function DocumentModal({ doc, onClose }: { doc: ReviewDoc; onClose: () => void }) {
  const { t } = useTranslation(ONBOARDING_NS);
  const { t: tr } = useTranslation(ONB_NS);
  const file = useFileUrl(doc.path);
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  const tool = (label: string, icon: React.ReactNode, onClick: () => void, testId: string) => (
    <Tooltip title={label}>
      <Button icon={icon} aria-label={label} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
  return (
    <Modal open title={t(`doc.${doc.kind}`)} footer={null} onCancel={onClose} width="min(1100px, 96vw)" centered>
      {!isPdf(doc) && (
        <Space wrap className="ops-viewer-tools">
          {tool(tr('viewer.zoomOut'), <ZoomOutOutlined />, () => setZoom((z) => Math.max(0.5, z / 1.25)), 'zoom-out')}
          <span aria-live="polite" className="ops-viewer-zoom">
            {Math.round(zoom * 100)}%
          </span>
          {tool(tr('viewer.zoomIn'), <ZoomInOutlined />, () => setZoom((z) => Math.min(4, z * 1.25)), 'zoom-in')}
          {tool(tr('viewer.rotate'), <RotateRightOutlined />, () => setTurn((r) => (r + 1) % 4), 'rotate')}
          {tool(tr('viewer.reset'), <UndoOutlined />, () => (setZoom(1), setTurn(0)), 'reset')}
          {file.url && (
            <a href={file.url} target="_blank" rel="noreferrer">
              <ExportOutlined /> {tr('viewer.open')}
            </a>
          )}
        </Space>
      )}
      <div className="ops-viewer-stage">
        {file.isError ? (
          <Alert type="error" title={tr('viewer.loadError')} action={<Button onClick={file.retry}>↻</Button>} />
        ) : !file.url ? (
          <Spin />
        ) : isPdf(doc) ? (
          <object data={file.url} type="application/pdf" className="ops-viewer-pdf" aria-label={doc.name}>
            <a href={file.url} target="_blank" rel="noreferrer">
              {doc.name}
            </a>
          </object>
        ) : (
          <img
            src={file.url}
            alt={t(`doc.${doc.kind}`)}
            data-testid="viewer-image"
            // Zoom sizes the image (so the stage scrolls to every part of it); rotation turns it in place.
            style={
              zoom === 1
                ? { transform: `rotate(${turn * 90}deg)` }
                : { width: `${zoom * 100}%`, maxWidth: 'none', maxHeight: 'none', transform: `rotate(${turn * 90}deg)` }
            }
          />
        )}
      </div>
    </Modal>
  );
}

/** The application's documents inline; a click opens one large with zoom and rotate. */
export function DocumentGallery({ docs, rejected }: { docs: ReviewDoc[]; rejected: Map<string, string> }) {
  const { t } = useTranslation(ONB_NS);
  const [open, setOpen] = useState<ReviewDoc | null>(null);
  if (docs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review.noDocuments')} />;
  return (
    <>
      <div className="ops-doc-grid">
        {docs.map((doc) => (
          <DocumentTile
            key={doc.fileId}
            doc={doc}
            reason={rejected.get(`documents.${doc.kind}`)}
            onOpen={() => setOpen(doc)}
          />
        ))}
      </div>
      {open && <DocumentModal doc={open} onClose={() => setOpen(null)} />}
    </>
  );
}
