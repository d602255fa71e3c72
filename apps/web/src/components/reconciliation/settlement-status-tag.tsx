import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementStatus } from './values';
import { RECON_NS } from './i18n';
import './reconciliation.css';

/**
 * A settlement's status as a coloured tag (text at 4.5:1 or more on its background; antd's presets fall short):
 * settled green, pending blue, failed red. A failure's reason shows in a tooltip on the tag (focusable, so a
 * keyboard reaches it too); pages also print it beside the tag.
 */
export function SettlementStatusTag({ status, failReason }: { status: SettlementStatus; failReason?: string | null }) {
  const { t } = useTranslation(RECON_NS);
  const tag = (
    <Tag
      className={`recon-tag recon-tag-${status.toLowerCase()}`}
      data-status={status}
      tabIndex={failReason ? 0 : undefined}
    >
      {t(`status.${status}`)}
    </Tag>
  );
  return failReason ? <Tooltip title={t('failReason', { reason: failReason })}>{tag}</Tooltip> : tag;
}
