import { Alert, Card, Collapse, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import {
  useApiReference,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from '../api/api-reference';
import { NS } from '../i18n';

const METHOD_COLOR: Record<string, string> = { get: 'blue', post: 'green' };

/**
 * A text of the document (openapi.json, in English) in the page's language: in English the document's own, else
 * our translation under `reference.doc` (the document's text where a translation is missing). Not i18next's
 * fallback, which would show Chinese in English.
 */
function useDocText() {
  const { t, i18n } = useTranslation(NS);
  return (key: string, english: string | undefined) =>
    english === undefined || i18n.language === 'en-US'
      ? (english ?? '')
      : t(`reference.doc.${key}`, { defaultValue: english, nsSeparator: false });
}

/** `code` spans of a line of the document's description, as <code>. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((para) => (
        <Typography.Paragraph key={para}>
          {para
            .split(/(`[^`]+`)/)
            .map((part, i) => (part.startsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part))}
        </Typography.Paragraph>
      ))}
    </>
  );
}

const Example = ({ value }: { value: unknown }) =>
  value === undefined ? null : <pre className="developer-example">{JSON.stringify(value, null, 2)}</pre>;

function parametersOf(doc: OpenApiDocument, op: OpenApiOperation): OpenApiParameter[] {
  return op.parameters.map((p) => ('$ref' in p ? doc.components.parameters[p.$ref.split('/').pop()!]! : p));
}

/** One call: method and path, what it does, the scope it needs, its parameters and examples. */
function Operation({
  doc,
  method,
  path,
  op,
}: {
  doc: OpenApiDocument;
  method: string;
  path: string;
  op: OpenApiOperation;
}) {
  const { t } = useTranslation(NS);
  const docText = useDocText();
  const params = parametersOf(doc, op);
  const [status, success] = Object.entries(op.responses)[0]!;
  const base = doc.servers[0]?.url ?? '';
  return (
    <div className="developer-operation" data-testid={`ref-${op.operationId}`}>
      <Prose text={docText(`ops.${op.operationId}.description`, op.description)} />
      <p>
        {t('reference.scope')}: <Tag>{op['x-scope']}</Tag>
      </p>
      {params.length > 0 && (
        <Table
          size="small"
          rowKey={(p) => `${p.in}:${p.name}`}
          pagination={false}
          dataSource={params}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('reference.param'),
              key: 'name',
              render: (_: unknown, p: OpenApiParameter) => <code>{p.name}</code>,
            },
            { title: t('reference.in'), key: 'in', render: (_: unknown, p: OpenApiParameter) => p.in },
            {
              title: t('reference.type'),
              key: 'type',
              render: (_: unknown, p: OpenApiParameter) => p.schema?.enum?.join(' | ') ?? p.schema?.type ?? '',
            },
            {
              title: t('reference.required'),
              key: 'required',
              render: (_: unknown, p: OpenApiParameter) => (p.required ? t('reference.yes') : ''),
            },
            {
              title: t('reference.description'),
              key: 'description',
              render: (_: unknown, p: OpenApiParameter) => docText(`params.${p.name}`, p.description),
            },
          ]}
        />
      )}
      {op.requestBody && (
        <>
          <Typography.Title level={5}>{t('reference.request')}</Typography.Title>
          <pre className="developer-example">
            {`curl -X ${method.toUpperCase()} ${base}${path} \\\n  -H "Authorization: Bearer mk_live_..." \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(op.requestBody.content['application/json'].example)}'`}
          </pre>
        </>
      )}
      <Typography.Title level={5}>
        {t('reference.response')} {status}
      </Typography.Title>
      <Example value={success.content?.['application/json'].example} />
    </div>
  );
}

/** The merchant API's reference, drawn from its own OpenAPI document (no CDN, no third-party viewer). */
export function ApiReferenceTab() {
  const { t } = useTranslation(NS);
  const docText = useDocText();
  const reference = useApiReference();
  if (reference.isError) {
    return (
      <LoadError title={t('reference.loadError')} error={reference.error} onRetry={() => void reference.refetch()} />
    );
  }
  if (reference.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const doc = reference.data;
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <div data-testid="api-reference">
      <Card size="small" className="developer-reference-intro">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {doc.info.title} v{doc.info.version}
        </Typography.Title>
        <Prose text={t('reference.intro') || doc.info.description} />
        {t('reference.docLanguage') && (
          <Alert
            type="info"
            showIcon
            className="developer-reference-note"
            title={<Prose text={t('reference.docLanguage')} />}
          />
        )}
        <a href="/api/v1/openapi.json" target="_blank" rel="noreferrer" data-testid="ref-download">
          {t('reference.download')}
        </a>
      </Card>
      {doc.tags.map((tag) => (
        <section key={tag.name} className="developer-reference-tag">
          <Typography.Title level={4}>{tag.name}</Typography.Title>
          <Typography.Paragraph type="secondary">{docText(`tags.${tag.name}`, tag.description)}</Typography.Paragraph>
          <Collapse
            items={operations
              .filter(({ op }) => op.tags.includes(tag.name))
              .map(({ path, method, op }) => ({
                key: op.operationId,
                label: (
                  <span className="developer-operation-head">
                    <Tag color={METHOD_COLOR[method]}>{method.toUpperCase()}</Tag>
                    <code>{`${doc.servers[0]?.url ?? ''}${path}`}</code>
                    <span className="developer-muted">{docText(`ops.${op.operationId}.summary`, op.summary)}</span>
                  </span>
                ),
                children: <Operation doc={doc} method={method} path={path} op={op} />,
              }))}
          />
        </section>
      ))}
    </div>
  );
}
