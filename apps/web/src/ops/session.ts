import { useSyncExternalStore } from 'react';
import { clearSession } from '@/lib/session-expiry';
import { getJson, getString, onStorageChange, OPS_SESSION_KEYS, setItem } from '@/lib/storage';

/** The signed-in operator as the console keeps it: who, and the permission codes that shape the menu. */
export interface OpsOperatorInfo {
  operatorNo: string;
  name: string;
  account: string;
  roles: string[];
  permissions: string[];
}

export interface OpsSession {
  token: string | null;
  operator: OpsOperatorInfo | null;
}

let snapshot: OpsSession | null = null;
let snapshotRaw = '';
function read(): OpsSession {
  const raw = OPS_SESSION_KEYS.map((k) => localStorage.getItem(k)).join('\u0000');
  if (snapshot && raw === snapshotRaw) return snapshot;
  snapshotRaw = raw;
  snapshot = { token: getString('opsToken'), operator: getJson<OpsOperatorInfo>('opsOperator') };
  return snapshot;
}

export function getOpsSession(): OpsSession {
  return read();
}
/** Re-renders when the operator's session changes (here or in another tab: signing out there signs out here). */
export function useOpsSession(): OpsSession {
  return useSyncExternalStore(onStorageChange, read, read);
}

/** After the second factor: the token and the operator, replacing whatever session the browser held. */
export function startOpsSession(token: string, operator: OpsOperatorInfo): void {
  clearSession();
  setItem('opsToken', token);
  setItem('opsOperator', operator);
}

export function setOpsOperator(operator: OpsOperatorInfo): void {
  setItem('opsOperator', operator);
}

/** Whether the signed-in operator holds a permission code (the server checks again on every call). */
export function useCan(): (permission: string) => boolean {
  const { operator } = useOpsSession();
  return (permission) => !!operator?.permissions.includes(permission);
}
