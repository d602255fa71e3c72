import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeStatus } from './code-values';
import { NS } from '../i18n';

/** A code's status as a coloured tag: unbound blue, bound green, disabled grey (code.css: text at 4.5:1 or more). */
export function CodeStatusTag({ status }: { status: CodeStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag className={`code-status-tag code-status-${status.toLowerCase()}`} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
