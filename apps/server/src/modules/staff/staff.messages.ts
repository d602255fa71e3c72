import { fieldText, text } from '../../i18n/text.ts';

/** Chinese names of the built-in roles (stored in English; the web app translates them by code as well). */
const BUILT_IN_ZH: Record<string, string> = { OWNER: '所有者', ADMIN: '管理员', FINANCE: '财务', CASHIER: '收银员' };

/** Messages of staff (members, invitations) and roles. */
export const STAFF = {
  ownerOnly: {
    changeOwnerRole: text("Only an owner can change an owner's role.", '只有所有者可以修改所有者的角色。'),
    toggleOwner: text('Only an owner can disable or enable an owner.', '只有所有者可以停用或启用所有者。'),
    removeOwner: text('Only an owner can remove an owner.', '只有所有者可以移除所有者。'),
    grantOwner: fieldText('roleId', 'only an owner can grant the Owner role.', '只有所有者可以授予所有者角色。'),
  },
  lastOwner: {
    reassign: fieldText(
      'memberId',
      'is the last active owner of the organisation and cannot be given another role; make another owner first',
      '是该机构唯一在职的所有者，不能改为其他角色，请先设置另一位所有者',
    ),
    disable: fieldText(
      'memberId',
      'is the last active owner of the organisation and cannot be disabled; make another owner first',
      '是该机构唯一在职的所有者，不能停用，请先设置另一位所有者',
    ),
    remove: fieldText(
      'memberId',
      'is the last active owner of the organisation and cannot be removed; make another owner first',
      '是该机构唯一在职的所有者，不能移除，请先设置另一位所有者',
    ),
  },
  alreadyMember: fieldText(
    'mobile',
    'is already a member of this organisation, or invited',
    '已是该机构成员或已被邀请',
  ),
  cannotToggleSelf: fieldText('memberId', 'you cannot disable or enable yourself', '不能停用或启用自己'),
  notJoinedYet: fieldText('memberId', 'has not joined yet; remove the invitation instead', '尚未加入，请改为撤销邀请'),
  cannotRemoveSelf: fieldText(
    'memberId',
    'that is you; leave the organisation from the organisation list instead',
    '这是您自己，请在机构列表中退出该机构',
  ),
  cannotGrantLacking: (missing: string[]) =>
    fieldText(
      'permissions',
      `you cannot grant what your own role lacks (${missing.join(', ')}).`,
      `不能授予您自己角色没有的权限（${missing.join('、')}）。`,
    ),
  builtInRoleFixed: (role: { code: string | null; name: string }, change: 'changed' | 'deleted') =>
    fieldText(
      'roleId',
      `the built-in role ${role.name} cannot be ${change}`,
      `内置角色「${BUILT_IN_ZH[role.code ?? ''] ?? role.name}」不能${change === 'changed' ? '修改' : '删除'}`,
    ),
  roleNameTaken: fieldText('name', 'a role with this name already exists in the organisation', '该机构已有同名角色'),
  roleInUse: (count: number) =>
    fieldText(
      'roleId',
      `${count} member${count === 1 ? ' holds' : 's hold'} this role; give them another role first`,
      `有 ${count} 名成员使用该角色，请先为他们更换角色`,
    ),

  merchantScope: {
    ownerNotLimited: fieldText(
      'merchantIds',
      'an owner always sees every merchant and cannot be limited to some',
      '所有者始终可以查看全部商户，不能限定商户范围',
    ),
    limitedOwnerRole: fieldText(
      'roleId',
      'the member is limited to some merchants and an owner cannot be: give them every merchant first',
      '该成员只能查看部分商户，而所有者不能限定商户范围：请先把商户范围改为全部商户',
    ),
    onlyYourOwn: fieldText(
      'merchantIds',
      'you are limited to some merchants yourself, so you can only give some of those: choose them',
      '您自己只能查看部分商户，只能授予其中的商户：请选择具体商户',
    ),
  },

  notFound: {
    member: text('Member not found', '成员不存在'),
    role: text('Role not found', '角色不存在'),
    invitation: text(
      'Invitation not found: it may have been withdrawn or answered already',
      '邀请不存在，可能已被撤销或已处理',
    ),
  },
} as const satisfies Record<string, unknown>;
