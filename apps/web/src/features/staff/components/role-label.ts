const BUILT_IN = ['OWNER', 'ADMIN', 'FINANCE', 'CASHIER'];

/** A built-in role in the user's language; a custom role by the name its organisation gave it. */
export function roleLabel(t: (key: string) => string, code: string | null, name: string): string {
  return code && BUILT_IN.includes(code) ? t(`role.${code}`) : name;
}
