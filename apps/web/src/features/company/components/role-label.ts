const BUILT_IN = ['OWNER', 'ADMIN', 'FINANCE', 'CASHIER'];

/** A built-in role (by its code) in the user's language; a custom role by the name its organisation gave it. */
export function roleLabel(t: (key: string) => string, role: string, roleName: string): string {
  return BUILT_IN.includes(role) ? t(`role.${role}`) : roleName || t('role.CUSTOM');
}
