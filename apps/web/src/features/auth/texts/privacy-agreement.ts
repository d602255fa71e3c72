import type { ProtocolTexts } from '../protocal-text';

export const PRIVACY_AGREEMENT: ProtocolTexts = {
  'zh-CN': {
    title: '隐私政策',
    intro:
      '我们深知个人信息对您的重要性。本政策说明我们在您使用 mchweb 商户平台时收集哪些信息、为何收集、如何使用和保护，以及您享有的权利。我们遵循《中华人民共和国个人信息保护法》及相关法规，仅在必要范围内处理您的信息。',
    sections: [
      {
        heading: '一、我们收集的信息',
        paragraphs: [
          '账号信息：手机号、用户名、姓名和经过不可逆加密处理的密码。',
          '机构与商户信息：机构名称、统一社会信用代码、联系人及联系电话；商户进件时提交的主体信息、法人身份信息、结算账户和证件影像。',
          '交易与操作信息：订单、退款、结算、分账和转账记录，以及您在平台上的操作日志（操作人、时间、来源 IP）。',
        ],
      },
      {
        heading: '二、我们如何使用信息',
        paragraphs: [
          '用于身份验证、账号安全、为您提供收款和结算服务、对账与客户服务。',
          '用于履行反洗钱、实名制和风险监控等法定义务，并按监管要求向持牌支付机构报送必要信息。',
          '我们不会将您的信息用于与上述目的无关的营销，也不会向第三方出售。',
        ],
      },
      {
        heading: '三、信息的共享',
        paragraphs: [
          '仅在以下情形共享：为完成支付清算向合作持牌支付机构和银行提供必要信息；依据法律法规或有权机关的要求提供；获得您的单独同意。共享时我们会要求接收方采取同等的保护措施。',
        ],
      },
      {
        heading: '四、存储与保护',
        paragraphs: [
          '您的信息存储在中华人民共和国境内。我们采用传输加密、密码不可逆存储、最小权限访问和操作审计等措施保护信息安全。',
          '交易记录按照监管要求保存不少于五年；超过保存期限的信息将被删除或匿名化处理。',
        ],
      },
      {
        heading: '五、您的权利',
        paragraphs: [
          '您可以在平台内查看和更正您的账号信息、修改密码；可以申请复制、删除个人信息或注销账号（法律法规要求保存的交易记录除外）。',
          '如您对本政策有任何疑问或投诉，可联系客服，我们将在 15 个工作日内答复。',
        ],
      },
    ],
  },
  'en-US': {
    title: 'Privacy Policy',
    intro:
      'Your personal information matters. This policy explains what we collect when you use the mchweb Merchant Portal, why, how we use and protect it, and your rights. We follow the Personal Information Protection Law of the PRC and related rules and process only what is necessary.',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Account data: mobile number, username, name, and your password stored with one-way encryption.',
          "Organisation and merchant data: the organisation's name, unified social credit code, contact person and number; for onboarding, the business details, the legal person's identity, the settlement account and document images.",
          'Trade and activity data: orders, refunds, settlements, profit sharing and transfers, and the audit log of your actions (who, when, from which IP address).',
        ],
      },
      {
        heading: '2. How we use it',
        paragraphs: [
          'To verify your identity, keep your account safe, collect and settle payments for you, reconcile, and support you.',
          'To meet legal duties such as anti-money-laundering, real-name rules and risk monitoring, including reports to licensed payment institutions where regulation requires.',
          'We do not use your data for unrelated marketing and we never sell it.',
        ],
      },
      {
        heading: '3. Sharing',
        paragraphs: [
          'We share only: what licensed payment institutions and banks need to clear your payments; what the law or a competent authority requires; and anything you separately consent to. Recipients must protect it as we do.',
        ],
      },
      {
        heading: '4. Storage and protection',
        paragraphs: [
          "Your data is stored in the People's Republic of China. We protect it with encrypted transport, one-way password storage, least-privilege access and audit logging.",
          'Trade records are kept for at least five years as regulation requires; after that they are deleted or anonymised.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [
          'You can view and correct your account data and change your password in the Portal, and ask for a copy or deletion of your personal data or to close your account (except records the law requires us to keep).',
          'Questions or complaints about this policy: contact support and we will answer within 15 working days.',
        ],
      },
    ],
  },
};
