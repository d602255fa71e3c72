import { registerTranslations } from '@/i18n';

export const AUTH_NS = registerTranslations('opsAuth', {
  'zh-CN': {
    title: '运营后台登录',
    intro: '仅限服务商内部人员使用。每次登录都需要密码和动态验证码。',
    account: '账号',
    password: '密码',
    next: '下一步',
    totp: {
      title: '输入动态验证码',
      intro: '打开身份验证器 App，输入「{{account}}」当前显示的 6 位数字。',
      code: '动态验证码',
      submit: '登录',
      back: '换个账号',
    },
    enrol: {
      title: '首次登录：绑定身份验证器',
      intro:
        '用身份验证器 App（如 Google Authenticator、Microsoft Authenticator）扫描二维码，再输入 App 显示的 6 位数字完成绑定。',
      manual: '无法扫码时，手动输入密钥：',
      qr: '身份验证器绑定二维码',
      submit: '绑定并登录',
    },
    required: '必填',
    codeRule: '请输入 6 位数字',
  },
  'en-US': {
    title: 'Operations console sign-in',
    intro: "For the provider's own staff. Every sign-in needs your password and a one-time code.",
    account: 'Account',
    password: 'Password',
    next: 'Next',
    totp: {
      title: 'Enter your one-time code',
      intro: 'Open your authenticator app and enter the 6 digits it shows for "{{account}}".',
      code: 'One-time code',
      submit: 'Sign in',
      back: 'Use another account',
    },
    enrol: {
      title: 'First sign-in: set up your authenticator',
      intro:
        'Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator…), then enter the 6 digits it shows.',
      manual: "Can't scan? Enter this key by hand:",
      qr: 'Authenticator set-up QR code',
      submit: 'Set up and sign in',
    },
    required: 'Required',
    codeRule: 'Enter the 6 digits',
  },
});
