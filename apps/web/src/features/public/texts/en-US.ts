import type { zhCN } from './zh-CN';

/** The marketing site in English, same shape as zh-CN.ts. */
export const enUS: typeof zhCN = {
  home: {
    eyebrow: 'The payments back office for organisations and their merchants',
    title: 'Collect, settle and share revenue\nfrom one back office',
    lead: 'Built for store chains, market operators and service businesses: WeChat Pay, Alipay and UnionPay QuickPass in one checkout, automatic T+1 settlement, and profit sharing, transfers and merchant onboarding online, with every cent accounted for.',
    primary: 'Sign up free',
    secondary: 'See the product',
    signedIn: 'Open the console',
    preview: {
      title: "Today's settlement · example",
      rows: [
        ['Trades', '¥12,860.00'],
        ['Refunds', '-¥120.00'],
        ['Fees (3.8‰)', '-¥48.41'],
        ['Profit sharing', '-¥300.00'],
      ],
      net: ['Net to settle', '¥12,391.59'],
      note: 'Paid T+1 · double-entry, every line reconciles',
    },
    channelsTitle: 'The channels your customers use, in one integration',
    channels: [
      { name: 'WeChat Pay', text: 'Customers scan and pay; codes can carry a fixed amount.' },
      { name: 'Alipay', text: 'The same payment code works in Alipay.' },
      { name: 'UnionPay QuickPass', text: 'Reaches banking apps and QuickPass users.' },
    ],
    featuresTitle: 'From the first payment to month-end reconciliation',
    features: [
      {
        title: 'Payment codes',
        text: 'Generate codes in batches, bind them to merchants with an optional fixed amount and label, print and display.',
      },
      {
        title: 'Orders and refunds',
        text: 'Search by time, merchant and status; partial or full refunds go back to the payer and never exceed the order.',
      },
      {
        title: 'T+1 settlement',
        text: 'One statement per merchant per day: trades, refunds, fees, shares and the net amount at a glance.',
      },
      {
        title: 'Profit sharing',
        text: 'Share revenue with a brand or partner at agreed ratios, applied automatically at settlement once approved.',
      },
      {
        title: 'Merchant onboarding',
        text: 'Fill in the details yourself, or send a QR code so the merchant applies from a phone; follow the review live.',
      },
      {
        title: 'Staff and roles',
        text: 'Owner, Admin, Finance and Cashier each see their part, or build your own roles; every action is logged.',
      },
    ],
    stepsTitle: 'Collecting in four steps',
    steps: [
      { title: 'Sign up', text: 'Mobile number and an SMS code: one minute.' },
      {
        title: 'Create your organisation',
        text: 'Enter the unified social credit code and a contact, then open the service.',
      },
      { title: 'Onboard merchants', text: 'Submit the application; approval creates the merchant number.' },
      { title: 'Collect and settle', text: 'Display your codes and collect; settlement runs the next day.' },
    ],
    trustTitle: 'What you should know before trusting us with money',
    trust: [
      {
        title: 'Kept in fen',
        text: 'Amounts are whole fen end to end, every movement of money is a balanced double-entry transaction, and balances are sums of entries.',
      },
      {
        title: 'Permissions checked on every call',
        text: 'The menu is a convenience; the server checks your role on every single request.',
      },
      {
        title: 'Everything on record',
        text: 'Who did what, when and from where is written to an audit log you can trace.',
      },
    ],
    ctaTitle: 'Sign up today, see your first settlement tomorrow',
    ctaText: 'Free to join. You pay the channel rate per payment, no annual fee.',
  },
  product: {
    title: 'Product',
    lead: 'The mchweb Merchant Portal covers a payment from the moment it comes in to the moment it is paid out. Here is what each part does.',
    sections: [
      {
        title: 'Collect',
        points: [
          'Generate payment codes in batches, download a printable sheet, and disable codes you no longer use.',
          'Bind a code to a merchant, with an optional fixed amount (membership, parking) and a label ("Till 2").',
          'Customers scan into the cashier and choose a channel; unpaid orders close after 15 minutes.',
        ],
      },
      {
        title: 'Orders and refunds',
        points: [
          'Filter orders by time, merchant, status and amount; totals follow the filter.',
          'Refund in part or in full back to the payer; refunds together never exceed the order.',
          'Export orders to CSV or Excel, steadily even for a million rows.',
        ],
      },
      {
        title: 'Settlement and reconciliation',
        points: [
          'One statement per merchant per day (T+1): trade count and amount, refunds, fees, shared amounts and the net.',
          'Net = trades − refunds − fees − shares; fees follow the per-mille rate (one decimal) rounded half-up to the fen.',
          "The trade bill sums up one merchant-day for checking against the bank's statement.",
        ],
      },
      {
        title: 'Profit sharing',
        points: [
          'Apply for profit sharing per merchant, add receivers and give each a whole percentage.',
          'All receivers together take at most 30 %; once the platform approves, shares apply at settlement.',
          'Shared amounts have their own line on the statement, visible to receiver and merchant alike.',
        ],
      },
      {
        title: 'Transfers',
        points: [
          'Keep payee accounts: bank cards, Alipay and WeChat.',
          'Transfer out of a merchant balance, never more than is available; a failed transfer returns the money.',
        ],
      },
      {
        title: 'Merchant onboarding',
        points: [
          'A wizard for the business, the legal person, the settlement account, rates and documents, with drafts saved as you go.',
          'Invite merchants with a QR code or link to apply from a phone; see who used it, set an expiry, revoke at any time.',
          'Follow the review on a timeline; fix and resubmit a rejected application.',
        ],
      },
    ],
    rolesTitle: 'Built-in roles',
    roles: [
      { name: 'Owner', text: 'Everything in the organisation, including its profile.' },
      { name: 'Admin', text: "Everything except the organisation's profile." },
      { name: 'Finance', text: 'Orders and refunds, bills, settlements, transfers and payee accounts.' },
      { name: 'Cashier', text: 'Read orders; manage and bind payment codes.' },
    ],
    rolesNote: 'Owners can also combine permissions into roles of their own.',
  },
  case: {
    title: 'Customer stories',
    lead: 'How typical merchants run on mchweb. These are example scenarios drawn from common businesses; the names are illustrative.',
    challenge: 'The challenge',
    solution: 'How they use it',
    result: 'What changed',
    stories: [
      {
        name: 'A coffee chain',
        tag: '12 stores · company-owned',
        challenge:
          'Every store collected on its own, managers reconciled by hand at closing, and head office saw accurate takings only at month end.',
        solution:
          "Each store is a merchant with payment codes bound to its tills. Store managers have the Cashier role and see only their store's orders; Finance handles refunds and settlement centrally.",
        result:
          "Each morning every store's statement is ready, and head office sees yesterday's net income for all stores in one table.",
      },
      {
        name: 'A farmers market operator',
        tag: '200+ stalls',
        challenge:
          'Stallholders are mostly sole traders new to online forms; paper applications took two weeks of back and forth.',
        solution:
          'The operator put an onboarding invitation QR code at the service desk. Stallholders photograph their documents with a phone, and the operator follows up rejections in Applications.',
        result:
          'Stallholders apply from their stall and can see where their review stands; the operator no longer collects paper.',
      },
      {
        name: 'A franchised tea brand',
        tag: 'Brand + franchisees',
        challenge:
          'The brand fee is a share of takings, and franchisees used to report their own figures at month end.',
        solution:
          'Each franchise merchant applies for profit sharing with the brand as receiver at the contract ratio; shares apply at daily settlement.',
        result: "The brand fee is split off with every day's settlement, and both sides look at the same statement.",
      },
      {
        name: 'A vocational training school',
        tag: 'Several campuses · several finance staff',
        challenge:
          'Tuition refunds are frequent, and who may refund must be strictly separated from who may only look.',
        solution:
          'A custom role gives refunds to campus finance staff only; the front desk can read orders. Every refund is written to the audit log.',
        result: 'Each refund has a named owner, and a partial refund can never exceed what is left of the order.',
      },
    ],
    cta: 'Want your business to run like this?',
  },
};
