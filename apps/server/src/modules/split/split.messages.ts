import { fieldText, text } from '../../i18n/text.ts';

/** Messages of profit-sharing applications. */
export const SPLIT = {
  notFound: text('Profit-sharing application not found', '分账申请不存在'),
  merchantNotFound: fieldText('mchNo', 'is not a merchant of the organisation', '不是本机构的商户'),
  receiverNotFound: (index: number) =>
    fieldText(`receivers.${index}.mchNo`, 'is not a merchant of the organisation', '不是本机构的商户'),
  notSubmitted: (status: string) =>
    fieldText(
      'applyNo',
      `the application is ${status}; only a SUBMITTED one can change`,
      `该申请状态为 ${status}，只有待审核的申请可以变更`,
    ),
} as const satisfies Record<string, unknown>;
