import type { ProtocolTexts } from '../protocal-text';

export const USER_AGREEMENT: ProtocolTexts = {
  'zh-CN': {
    title: '用户服务协议',
    intro:
      '欢迎使用 mchweb 商户平台（以下简称“本平台”）。本协议是您与本平台运营方之间关于注册、登录和使用本平台服务的约定。请您在注册前仔细阅读，尤其是加粗或以其他方式提示的责任限制条款。您勾选同意并完成注册，即表示您已理解并接受本协议全部内容。',
    sections: [
      {
        heading: '一、服务内容',
        paragraphs: [
          '本平台为机构及其商户提供收款、订单查询、退款、交易对账、T+1 结算、分账、转账、商户进件和收款码管理等商户后台服务。具体可用功能以您所在机构开通的服务和您的角色权限为准。',
          '资金清算由具备相应资质的持牌支付机构完成，本平台提供信息处理与操作工具，不吸收公众存款，也不为您垫付任何资金。',
        ],
      },
      {
        heading: '二、账号注册与安全',
        paragraphs: [
          '您应使用本人实名登记的中国大陆手机号注册，并保证所提供的信息真实、准确、完整。一个手机号仅能注册一个账号。',
          '您的账号、密码和短信验证码仅限本人使用，不得出借、转让或出售。因您保管不善导致的损失由您自行承担；如发现账号被盗用，请立即修改密码并联系客服。',
          '为保护资金安全，修改密码后您在其他设备上的登录会被退出；长时间未操作的登录会自动失效。',
        ],
      },
      {
        heading: '三、机构与员工',
        paragraphs: [
          '您可以创建机构或受邀加入机构。机构创建者为机构负责人，可为员工分配角色（管理员、财务、收银员或自定义角色），员工只能看到并操作其角色授权的功能。',
          '机构负责人应确保员工权限与其岗位相符，并及时停用离职员工的账号。员工在机构内的所有操作都会记录在审计日志中。',
        ],
      },
      {
        heading: '四、使用规范',
        paragraphs: [
          '您不得利用本平台从事赌博、洗钱、套现、虚假交易、销售违禁品或任何违反法律法规和监管规定的活动，不得为他人提供收款通道。',
          '如本平台或合作支付机构发现异常交易或违规行为，有权暂停相关功能、冻结商户或机构，并依法向有关部门报告。',
        ],
      },
      {
        heading: '五、费用与结算',
        paragraphs: [
          '交易手续费按您所在机构与各支付通道约定的费率（千分比）计收，在结算时扣除。结算金额以结算单为准，结算单列明交易金额、退款、手续费、分账金额和净额。',
          '如您对某日结算有异议，请在结算日起 30 日内通过平台或客服提出，我们将协同支付机构核查。',
        ],
      },
      {
        heading: '六、责任限制与协议变更',
        paragraphs: [
          '因不可抗力、电信或银行系统故障、监管要求等非本平台可控原因导致的服务中断或延迟，本平台不承担责任，但会尽力减少您的损失。',
          '本平台可能根据业务和法规变化修订本协议，修订后将在平台公示。您继续使用即视为接受修订后的协议；如不同意，您可以停止使用并注销账号。',
        ],
      },
    ],
  },
  'en-US': {
    title: 'User Agreement',
    intro:
      'Welcome to the mchweb Merchant Portal ("the Portal"). This agreement governs how you register, sign in and use the Portal. Please read it carefully before you sign up, in particular the limitations of liability. By ticking the box and completing registration you confirm that you understand and accept all of it.',
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          'The Portal gives organisations and their merchants a back office for collecting payments, searching orders, refunds, reconciliation, T+1 settlement, profit sharing, transfers, merchant onboarding and payment codes. What you can use depends on the services your organisation has opened and on your role.',
          'Funds are cleared by licensed payment institutions. The Portal processes information and provides tools; it takes no deposits and never advances money to you.',
        ],
      },
      {
        heading: '2. Your account and its security',
        paragraphs: [
          'Register with a mainland China mobile number registered in your own name, and keep the information you give true, accurate and complete. One mobile number can hold one account.',
          'Your account, password and SMS codes are for you alone; do not lend, transfer or sell them. Losses caused by careless safekeeping are yours. If you suspect misuse, change your password at once and contact support.',
          'To protect funds, changing your password signs you out on other devices, and idle sign-ins expire automatically.',
        ],
      },
      {
        heading: '3. Organisations and staff',
        paragraphs: [
          'You can create an organisation or join one by invitation. Its creator is the owner and assigns roles to staff (Admin, Finance, Cashier or a custom role); staff see and do only what their role allows.',
          'The owner keeps staff permissions in line with their jobs and disables the accounts of people who leave. Every action in an organisation is written to its audit log.',
        ],
      },
      {
        heading: '4. Acceptable use',
        paragraphs: [
          'You may not use the Portal for gambling, money laundering, cash-out schemes, fictitious trades, prohibited goods or anything else that breaks the law or regulation, and you may not let others collect payments through your channels.',
          'If we or our partner payment institutions detect abnormal trading or a breach, we may suspend features, freeze merchants or organisations, and report to the authorities as the law requires.',
        ],
      },
      {
        heading: '5. Fees and settlement',
        paragraphs: [
          'Fees are charged at the per-mille rates agreed for your organisation and each channel and are deducted at settlement. Each settlement statement shows the trade amount, refunds, fees, shared amounts and the net amount, and is the record of what you are paid.',
          'If you disagree with a settlement, tell us through the Portal or support within 30 days of its date and we will investigate with the payment institution.',
        ],
      },
      {
        heading: '6. Liability and changes',
        paragraphs: [
          'We are not liable for interruptions or delays caused by force majeure, telecom or banking outages, regulatory orders or other causes beyond our control, but we will do what we can to limit your loss.',
          'We may revise this agreement as the business or the law changes and will publish the revision in the Portal. Continuing to use the Portal means you accept it; if you do not, you may stop using it and close your account.',
        ],
      },
    ],
  },
};
