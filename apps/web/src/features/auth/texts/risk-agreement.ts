import type { ProtocolTexts } from '../protocal-text';

export const RISK_AGREEMENT: ProtocolTexts = {
  'zh-CN': {
    title: '支付风险提示',
    intro: '收款和资金结算涉及资金安全。为保护您和您的顾客，请在使用本平台前了解以下风险，并采取相应的防范措施。',
    sections: [
      {
        heading: '一、账号与操作风险',
        paragraphs: [
          '任何人不会以客服、平台或支付机构的名义向您索要密码或短信验证码。请勿向任何人透露验证码，也不要在不明链接中登录。',
          '请为员工分配最小必要的角色：退款、转账和结算账户修改等涉及资金的操作应只授予可信的财务人员。',
        ],
      },
      {
        heading: '二、交易风险',
        paragraphs: [
          '请核实每笔订单的真实性，谨防“先付款后退款到其他账户”“刷单返利”等诈骗手法。退款只会原路退回付款人，且累计不超过原订单可退金额。',
          '收款码应张贴在您可控的位置并定期检查，防止被覆盖或替换；不再使用的收款码请及时停用。',
        ],
      },
      {
        heading: '三、结算与资金风险',
        paragraphs: [
          '交易资金按 T+1 规则结算至您登记的结算账户，遇节假日或通道调整可能顺延。请确保结算账户信息准确，变更需重新审核。',
          '分账比例合计不得超过 30%，分账在结算时执行；转账金额不会超过商户可用余额，转账失败的资金会退回余额。',
        ],
      },
      {
        heading: '四、合规风险',
        paragraphs: [
          '禁止将收款服务用于赌博、洗钱、非法集资、套现或销售违禁品，也禁止出租、出借收款通道。一经发现，支付机构有权冻结资金、关闭商户并依法报告，相关法律责任由您承担。',
        ],
      },
      {
        heading: '五、发现异常怎么办',
        paragraphs: [
          '如发现账号异常登录、陌生交易或资金不符，请立即修改密码、在员工管理中停用可疑账号，并联系客服冻结相关功能。我们会配合您和支付机构调查处理。',
        ],
      },
    ],
  },
  'en-US': {
    title: 'Payment Risk Notice',
    intro:
      'Collecting and settling money carries risk. To protect you and your customers, please understand the following before you use the Portal, and take the precautions it describes.',
    sections: [
      {
        heading: '1. Account and operation risk',
        paragraphs: [
          'Nobody from support, the Portal or a payment institution will ever ask for your password or SMS code. Never share a code, and never sign in through a link you do not trust.',
          'Give staff the least role they need: refunds, transfers and changes to settlement accounts move money and belong only to trusted finance staff.',
        ],
      },
      {
        heading: '2. Trade risk',
        paragraphs: [
          'Check that each order is genuine and beware of scams such as "pay, then refund to another account" or paid fake orders. A refund only ever returns to the payer and never exceeds what is left of the order.',
          'Place payment codes where you control them and check them regularly so they cannot be covered or swapped; disable codes you no longer use.',
        ],
      },
      {
        heading: '3. Settlement and funds risk',
        paragraphs: [
          'Trade funds settle T+1 to the account you registered, later around public holidays or channel changes. Keep the settlement account accurate; changing it requires a new review.',
          'Profit-sharing ratios together may not exceed 30 % and apply at settlement. A transfer never exceeds the available balance, and a failed transfer returns the money to the balance.',
        ],
      },
      {
        heading: '4. Compliance risk',
        paragraphs: [
          'Using the service for gambling, money laundering, illegal fund-raising, cash-out schemes or prohibited goods, or renting or lending your payment channels, is forbidden. The payment institution may freeze funds, close the merchant and report to the authorities, and you bear the legal consequences.',
        ],
      },
      {
        heading: '5. If something looks wrong',
        paragraphs: [
          'If you see an unknown sign-in, a strange trade or a balance that does not add up, change your password at once, disable suspicious staff accounts in Staff, and contact support to freeze the affected features. We will investigate with you and the payment institution.',
        ],
      },
    ],
  },
};
