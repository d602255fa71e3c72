import type { ReactNode } from 'react';
import { t } from '@/i18n';
import { hasAnyButton, useSession } from '@/lib/session';

/**
 * S6.3: renders its children only when buttonData holds at least one of `codes`. Without an array, or with an
 * empty one, it logs the seed's console error (S8.8) and renders the children unchanged ("does nothing further").
 * Convenience only: the server enforces the same codes on every call (S6.4).
 */
export function Permission({ codes, children }: { codes?: readonly string[] | null; children: ReactNode }) {
  const { buttonData } = useSession();
  if (!Array.isArray(codes) || codes.length === 0) {
    console.error(t('permission.needArray'));
    return <>{children}</>;
  }
  return hasAnyButton(codes, buttonData) ? <>{children}</> : null;
}

/** The same check for code that decides more than visibility (e.g. a table's action column). */
export function useHasPermission(codes: readonly string[]): boolean {
  const { buttonData } = useSession();
  return hasAnyButton(codes, buttonData);
}
