import { registerTranslations } from '@/i18n';

/**
 * The sign-in page and the frame of every auth page (namespace `auth`). The other auth pages' strings are in
 * `pages-i18n.ts` (namespace `authPages`), so the sign-in page, on every first visit, does not carry them.
 */
export const NS = registerTranslations('auth', {
  'zh-CN': {
    panel: {
      title: '让每一笔收款都清清楚楚',
      points: ['微信、支付宝、银联云闪付统一收款', 'T+1 自动结算，对账单每日生成', '分账、转账、进件在线完成'],
    },
    login: {
      title: '登录商户平台',
      account: '手机号或用户名',
      accountPlaceholder: '请输入手机号或用户名',
      password: '密码',
      passwordPlaceholder: '请输入密码',
      submit: '登录',
      noAccount: '还没有账号？',
      register: '立即注册',
      home: '了解产品',
      required: '请输入{{field}}',
    },
  },
  'en-US': {
    panel: {
      title: 'Every payment you collect, accounted for',
      points: [
        'WeChat Pay, Alipay and UnionPay QuickPass in one checkout',
        'Automatic T+1 settlement and a daily reconciliation bill',
        'Profit sharing, transfers and onboarding online',
      ],
    },
    login: {
      title: 'Sign in to the Merchant Portal',
      account: 'Mobile number or username',
      accountPlaceholder: 'Your mobile number or username',
      password: 'Password',
      passwordPlaceholder: 'Your password',
      submit: 'Sign in',
      noAccount: 'No account yet?',
      register: 'Sign up',
      home: 'About the product',
      required: 'Please enter {{field}}',
    },
  },
});
