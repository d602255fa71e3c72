import { registerTranslations } from '@/i18n';

/** The code area's strings (namespace `code`). */
export const NS = registerTranslations('code', {
  'zh-CN': {
    codeSetting: { title: '收款码管理', description: '批量生成收款码、下载打印版，或停用不再使用的码。' },
    mchCodeSetting: { title: '商户收款码', description: '把收款码绑定到商户，可设置固定金额和标签，也可解绑。' },
  },
  'en-US': {
    codeSetting: {
      title: 'Code batches',
      description: 'Generate payment codes in batches, download a printable sheet, or disable codes you no longer use.',
    },
    mchCodeSetting: {
      title: 'Merchant codes',
      description: 'Bind a payment code to a merchant, optionally with a fixed amount and a label, or unbind it.',
    },
  },
});
