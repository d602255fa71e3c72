/**
 * The permission catalogue, defined once: the server builds menuData and buttonData from it and enforces the
 * same codes on every call; the web app only reads what the server delivers.
 */

/** Every permission code. A menu code opens a page; the others are buttons (actions) on it. */
export const PERMISSIONS = [
  'overview:view',
  'company:edit',
  'company:open',
  /** Bind the organisation's contact mobile with an SMS code (owner and admin). */
  'company:bindMobile',
  'order:view',
  'order:refund',
  'order:export',
  'bill:view',
  'bill:export',
  'settlement:view',
  'settlement:export',
  'merchant:view',
  'merchant:edit',
  'onboarding:view',
  'onboarding:edit',
  'channel:view',
  'code:view',
  'code:edit',
  'code:bind',
  'split:view',
  'split:apply',
  'transfer:view',
  'transfer:create',
  'payee:view',
  'payee:edit',
  'staff:view',
  'staff:edit',
  'role:edit',
  'audit:view',
  /** The merchant API's keys (and, with them, webhook endpoints) on /developer (issue 30). */
  'developer:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(code: string): code is Permission {
  return (PERMISSIONS as readonly string[]).includes(code);
}

export interface MenuLeaf {
  /** i18n key under `menu.` and the stable id of the item. */
  code: string;
  /** Route path of the seed, without the /mchweb base. */
  path: string;
  /** Permission that shows the item and opens the page; null: every member. */
  permission: Permission | null;
  /** Button codes that belong to this page (shown as children in the role editor). */
  buttons: Permission[];
  /** Pages reached from this one that have no menu item of their own. */
  subPaths?: string[];
}
export interface MenuGroup {
  code: string;
  icon: string;
  children: MenuLeaf[];
}

export const MENU: MenuGroup[] = [
  {
    code: 'overview',
    icon: 'dashboard',
    children: [
      {
        code: 'welcome',
        path: '/welcome',
        permission: null,
        buttons: ['company:open', 'company:bindMobile'],
        subPaths: ['/open'],
      },
      { code: 'organHome', path: '/organ-home', permission: 'overview:view', buttons: ['company:edit'] },
    ],
  },
  {
    code: 'trade',
    icon: 'transaction',
    children: [
      { code: 'order', path: '/order', permission: 'order:view', buttons: ['order:refund', 'order:export'] },
      { code: 'bill', path: '/bill', permission: 'bill:view', buttons: ['bill:export'] },
      { code: 'settlement', path: '/settlement', permission: 'settlement:view', buttons: ['settlement:export'] },
    ],
  },
  {
    code: 'merchants',
    icon: 'shop',
    children: [
      { code: 'merchant', path: '/merchant', permission: 'merchant:view', buttons: ['merchant:edit'] },
      {
        code: 'merchantEntry',
        path: '/merchant-entry',
        permission: 'onboarding:view',
        buttons: ['onboarding:edit'],
        subPaths: ['/new-incomming', '/audit-progress'],
      },
      { code: 'incomming', path: '/incomming', permission: 'onboarding:view', buttons: [] },
      { code: 'incoManage', path: '/inco-manage', permission: 'onboarding:view', buttons: [] },
      { code: 'channel', path: '/channel', permission: 'channel:view', buttons: [] },
    ],
  },
  {
    code: 'codes',
    icon: 'qrcode',
    children: [
      { code: 'codeSetting', path: '/code-setting', permission: 'code:view', buttons: ['code:edit'] },
      { code: 'mchCodeSetting', path: '/mch-code-setting', permission: 'code:view', buttons: ['code:bind'] },
    ],
  },
  {
    code: 'funds',
    icon: 'wallet',
    children: [
      { code: 'divAccount', path: '/div-account', permission: 'split:view', buttons: ['split:apply'] },
      { code: 'transferAccount', path: '/transfer-account', permission: 'payee:view', buttons: ['payee:edit'] },
      { code: 'transferList', path: '/transfer-list', permission: 'transfer:view', buttons: ['transfer:create'] },
    ],
  },
  {
    code: 'organisation',
    icon: 'team',
    children: [
      {
        code: 'staffManage',
        path: '/staff-manage',
        permission: 'staff:view',
        buttons: ['staff:edit', 'role:edit', 'audit:view'],
      },
      { code: 'organSelect', path: '/organ-select', permission: null, buttons: [], subPaths: ['/organ-create'] },
    ],
  },
  {
    code: 'developers',
    icon: 'api',
    children: [{ code: 'developer', path: '/developer', permission: 'developer:manage', buttons: [] }],
  },
];

export const BUILT_IN_ROLES = ['OWNER', 'ADMIN', 'FINANCE', 'CASHIER'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

const ALL = [...PERMISSIONS];
/** What each built-in role may do. Owner: everything. Only owners edit the organisation's profile. */
export const BUILT_IN_ROLE_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  OWNER: ALL,
  // Only owners and finance move money out (transfers); only owners edit the organisation's profile.
  ADMIN: ALL.filter((p) => p !== 'company:edit' && p !== 'transfer:create'),
  FINANCE: [
    'overview:view',
    'order:view',
    'order:refund',
    'order:export',
    'bill:view',
    'bill:export',
    'settlement:view',
    'settlement:export',
    'merchant:view',
    'split:view',
    'transfer:view',
    'transfer:create',
    'payee:view',
    'payee:edit',
  ],
  CASHIER: ['order:view', 'code:view', 'code:bind', 'merchant:view'],
};

/** The menu tree a set of permissions opens: groups with no visible item are dropped. */
export function menuFor(granted: ReadonlySet<string>): MenuGroup[] {
  return MENU.map((group) => ({
    ...group,
    children: group.children.filter((leaf) => leaf.permission === null || granted.has(leaf.permission)),
  })).filter((group) => group.children.length > 0);
}

/** Every path a set of permissions may open, sub-pages included. */
export function pathsFor(granted: ReadonlySet<string>): string[] {
  return menuFor(granted).flatMap((g) => g.children.flatMap((leaf) => [leaf.path, ...(leaf.subPaths ?? [])]));
}

/** One page of the role editor's tree: the page's own permission (null: every member) and its buttons. */
export interface CataloguePage {
  code: string;
  path: string;
  permission: Permission | null;
  buttons: Permission[];
}
export interface CatalogueGroup {
  code: string;
  icon: string;
  pages: CataloguePage[];
}

/** The permission tree for the role editor: MENU groups -> pages -> buttons. */
export function permissionCatalogue(): CatalogueGroup[] {
  return MENU.map((group) => ({
    code: group.code,
    icon: group.icon,
    pages: group.children.map((leaf) => ({
      code: leaf.code,
      path: leaf.path,
      permission: leaf.permission,
      buttons: [...leaf.buttons],
    })),
  }));
}

/**
 * A role's permissions made whole: a button brings the permission of its page, so a role never holds a
 * button on a page it cannot open. Unknown codes are dropped; the order follows PERMISSIONS.
 */
export function withPagePermissions(codes: readonly string[]): Permission[] {
  const granted = new Set(codes.filter(isPermission));
  for (const leaf of MENU.flatMap((g) => g.children)) {
    if (leaf.permission && leaf.buttons.some((b) => granted.has(b))) granted.add(leaf.permission);
  }
  return PERMISSIONS.filter((p) => granted.has(p));
}
