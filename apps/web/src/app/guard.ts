import { CODES as Code } from '@/lib/rules';
import { ApiError } from '@/lib/api-error';
import { sessionDialogClosed } from '@/lib/session-expiry';
import {
  companyInfoEmpty,
  fetchCompanyInfo,
  getSession,
  loadCurrentUser,
  storeCompanyInfo,
  type StoredCompanyInfo,
} from '@/lib/session';
import { isPublicPath, LOGIN_ERROR, loginWithRedirect, COMPANY_CREATE, COMPANY_SELECT, WELCOME } from './paths';

export interface GuardTarget {
  pathname: string;
  search: string;
  hash?: string;
}

export interface GuardDeps {
  fetchCompanyInfo: typeof fetchCompanyInfo;
  loadCurrentUser: typeof loadCurrentUser;
  /** Resolves when the session-expired dialog closes. */
  sessionDialogClosed: () => Promise<void>;
}
const defaults: GuardDeps = { fetchCompanyInfo, loadCurrentUser, sessionDialogClosed };

/** Where the navigation must go instead, or null to proceed. */
export type GuardOutcome = string | null;

function fullPath(t: GuardTarget): string {
  return `${t.pathname}${t.search}${t.hash ?? ''}`;
}

/** S4.4.5 on its own: where a member without a current organisation may go. */
export function noCompanyRedirect(info: StoredCompanyInfo, pathname: string): GuardOutcome {
  if (info.companyId !== null && info.companyId !== undefined && info.companyId !== ('' as unknown)) return null;
  if (pathname === COMPANY_CREATE || pathname === LOGIN_ERROR) return null;
  if (info.hasOtherCompany === true) return pathname === WELCOME ? COMPANY_SELECT : null;
  return COMPANY_CREATE;
}

/**
 * The navigation guard of the non-public routes (S4.4), run on every navigation. Signs the visitor in first
 * (no token: /login?redirect=...), fetches the company info when it is missing or `white` is in the query
 * (S2.11), and loads the menu and buttons once per session (or again with `white`).
 */
export async function runGuard(target: GuardTarget, deps: GuardDeps = defaults): Promise<GuardOutcome> {
  if (isPublicPath(target.pathname)) return null; // S2.10
  const session = getSession();
  if (!session.token) return loginWithRedirect(fullPath(target));
  const white = new URLSearchParams(target.search).has('white');
  let info = session.companyInfo;
  try {
    if (companyInfoEmpty(info) || white) {
      // S4.4.1
      const [company] = await Promise.all([
        deps.fetchCompanyInfo(),
        !session.userInfo || white ? deps.loadCurrentUser() : null,
      ]);
      info = storeCompanyInfo(company); // S4.4.4
    } else if (!session.userInfo) {
      await deps.loadCurrentUser();
    }
  } catch (error) {
    if (error instanceof ApiError) {
      const errmsg = encodeURIComponent(error.msg);
      if (error.code === Code.MEMBER_DISABLED) return `${LOGIN_ERROR}?errmsg=${errmsg}`; // S4.4.2
      if (error.code === Code.COMPANY_BLOCKED) return `${LOGIN_ERROR}?errmsg=${errmsg}&login=no`; // S4.4.3
      if (error.code === Code.UNAUTHORIZED || error.code === Code.SESSION_REPLACED) {
        // The request layer shows the one session-expired dialog; sign in again once it closes (S2.12).
        await deps.sessionDialogClosed();
        return loginWithRedirect(fullPath(target));
      }
    }
    throw error;
  }
  return noCompanyRedirect(info ?? {}, target.pathname) ?? null; // S4.4.5 / S4.4.6
}
