import { useSyncExternalStore } from 'react';
import type {
  ButtonData,
  CompanyInfo,
  CurrentUserData,
  LoginData,
  MenuGroupData,
  MerchantSummary,
  UserInfo,
} from '@mchweb/contract';
import { MENU } from '@mchweb/contract/permissions';
import { apiGet, apiPost } from './api';
import { clearSession } from './session-expiry';
import { getJson, getString, onStorageChange, SESSION_KEYS, setItem } from './storage';

/** The company info as stored: the response's fields copied in wholesale (S3.3). */
export type StoredCompanyInfo = Partial<CompanyInfo> & Record<string, unknown>;

export interface Session {
  token: string | null;
  userInfo: UserInfo | null;
  menuData: MenuGroupData[];
  buttonData: ButtonData[];
  mchList: MerchantSummary[];
  companyInfo: StoredCompanyInfo | null;
}

let snapshot: Session | null = null;
let snapshotRaw = '';
/** Re-reads storage each time (cheap) but keeps the same object while nothing changed (useSyncExternalStore). */
function read(): Session {
  const raw = SESSION_KEYS.map((k) => localStorage.getItem(k)).join('\u0000');
  if (snapshot && raw === snapshotRaw) return snapshot;
  snapshotRaw = raw;
  snapshot = {
    token: getString('token'),
    userInfo: getJson<UserInfo>('userInfo'),
    menuData: getJson<MenuGroupData[]>('menuData') ?? [],
    buttonData: getJson<ButtonData[]>('buttonData') ?? [],
    mchList: getJson<MerchantSummary[]>('mchList') ?? [],
    companyInfo: getJson<StoredCompanyInfo>('companyInfo'),
  };
  return snapshot;
}

export function getSession(): Session {
  return read();
}
/** The session for components; re-renders when any session key changes (in this tab or another). */
export function useSession(): Session {
  return useSyncExternalStore(onStorageChange, read, read);
}

/** True when `companyInfo` is absent or an empty object (S4.4.1). */
export function companyInfoEmpty(info: StoredCompanyInfo | null): boolean {
  return !info || Object.keys(info).length === 0;
}

/**
 * The guard's company-info fetch (POST /feeManager/getCompany): quiet, and it handles the company codes itself,
 * because the guard decides what a refusal means (S4.4.2, S4.4.3).
 */
export function fetchCompanyInfo(): Promise<CompanyInfo> {
  return apiPost<CompanyInfo>('/feeManager/getCompany', {}, { quiet: true, companyCodes: 'self' });
}
export function storeCompanyInfo(data: object | null): StoredCompanyInfo {
  const info = { ...(data ?? {}) } as StoredCompanyInfo; // S4.4.4: every field copied in
  setItem('companyInfo', info);
  return info;
}

/** userInfo, menuData and buttonData from the server; `data: null` (not signed in) is a normal answer. */
export async function loadCurrentUser(): Promise<CurrentUserData> {
  const data = await apiGet<CurrentUserData>('/user/getCurrentUser');
  setItem('userInfo', data?.userInfo ?? null);
  setItem('menuData', data?.menuData ?? null);
  setItem('buttonData', data?.buttonData ?? null);
  const withMerchants = data as (CurrentUserData & { mchList?: MerchantSummary[] }) | null;
  if (withMerchants?.mchList) setItem('mchList', withMerchants.mchList);
  return data;
}

/**
 * The cached queries of the signed-in pages. query-client.ts registers its client when a signed-in layout first
 * loads it; until then nothing is cached, so there is nothing to drop (and nothing to download to drop it).
 */
let queryCache: { clear(): void } | null = null;
export function registerQueryCache(cache: { clear(): void }): void {
  queryCache = cache;
}
function clearQueries(): void {
  queryCache?.clear();
}

/** S4.1: a successful sign-in stores the token and the merchant list; the previous user's data goes. */
export function storeSignIn(data: LoginData): void {
  clearSession();
  clearQueries();
  setItem('token', data.token);
  setItem('mchList', data.mchInfo);
}

export async function signOut(): Promise<void> {
  try {
    await apiPost('/logout', {}, { quiet: true });
  } finally {
    clearSession();
    clearQueries();
  }
}

/**
 * After the company pages switch or create an organisation: fetch the new companyInfo, menu, buttons and
 * merchant list, and drop every cached query (they all belonged to the previous organisation).
 */
export async function refreshAfterCompanySwitch(): Promise<void> {
  clearQueries();
  // The merchants of the previous organisation are not this one's; getCurrentUser refills them when it can.
  setItem('mchList', []);
  const [company] = await Promise.all([fetchCompanyInfo(), loadCurrentUser()]);
  storeCompanyInfo(company);
}

/** S6.2: the paths the member's menu opens, with their sub-pages, plus the pages every member may open. */
export function allowedPaths(menuData: MenuGroupData[]): Set<string> {
  const leaves = MENU.flatMap((g) => g.children);
  const paths = new Set<string>();
  for (const leaf of leaves) {
    if (leaf.permission === null) [leaf.path, ...(leaf.subPaths ?? [])].forEach((p) => paths.add(p));
  }
  for (const group of menuData) {
    for (const item of group.children) {
      paths.add(item.path);
      leaves.find((l) => l.code === item.code)?.subPaths?.forEach((p) => paths.add(p));
    }
  }
  return paths;
}

/** S6.3: does buttonData hold at least one of the codes? */
export function hasAnyButton(codes: readonly string[], buttonData: ButtonData[] = getSession().buttonData): boolean {
  return codes.some((code) => buttonData.some((b) => b.code === code));
}
