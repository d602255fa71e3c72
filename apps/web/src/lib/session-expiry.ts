/**
 * S4.2 / S8.1: the session is gone -> its data is cleared and ONE "please sign in" dialog shows. Kept apart from
 * the axios instance (request.ts) so the guard and the router can use it without downloading axios.
 */
import { removeItems, SESSION_KEYS, type StorageKey } from './storage';

/**
 * Whose session the request layer carries: the merchant portal's (the default) or the operator console's, which
 * its entry (ops-main.tsx) sets before any call. Each is its own document, so one setting per page load.
 */
export interface SessionRealm {
  /** The storage key of the token sent with each call. */
  tokenKey: StorageKey;
  /** Everything the session's end clears. */
  keys: readonly StorageKey[];
}
let realm: SessionRealm = { tokenKey: 'token', keys: SESSION_KEYS };

export function setSessionRealm(next: SessionRealm): void {
  realm = next;
}
/** The token the request layer sends (header `token`), or null when signed out. */
export function sessionToken(): string | null {
  return localStorage.getItem(realm.tokenKey);
}

let sessionDialogs = 0;
const dialogClosedListeners = new Set<() => void>();
let goToLogin: () => void = () => window.location.assign('/mchweb/login');

let goToPath: (path: string) => void = (p) => window.location.assign(`/mchweb${p}`);

/** The router registers how the request layer moves to an in-app path (company codes below). */
export function setPathNavigator(navigate: (path: string) => void): void {
  goToPath = navigate;
}

/**
 * S8.7 on every call, not only the guard's company fetch: a member disabled (8091012) or an organisation frozen
 * or closed (8091033) while the user works is sent where the guard would send them, instead of a toast on each
 * call that follows. The stored company info goes too, so the next navigation asks the server again.
 */
export function companyBlocked(code: number, msg: string): void {
  removeItems(['companyInfo']);
  const errmsg = encodeURIComponent(msg);
  goToPath(code === 8091033 ? `/login-error?errmsg=${errmsg}&login=no` : `/login-error?errmsg=${errmsg}`);
}

/** The router registers how "去登录" navigates (to /login?redirect=<where the user was>). */
export function setLoginNavigator(navigate: () => void): void {
  goToLogin = navigate;
}
export function isSessionDialogOpen(): boolean {
  return sessionDialogs > 0;
}
/** Resolves when the current session dialog is confirmed or dismissed (immediately when none is open). */
export function sessionDialogClosed(): Promise<void> {
  if (sessionDialogs === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      dialogClosedListeners.delete(done);
      resolve();
    };
    dialogClosedListeners.add(done);
  });
}

export function clearSession(): void {
  // The seed clears token and user info; the rest of the session belongs to that user too.
  removeItems(realm.keys);
}

export function sessionExpired(): void {
  clearSession();
  if (sessionDialogs > 0) return;
  sessionDialogs += 1;
  const closed = (confirmed: boolean) => {
    sessionDialogs = 0;
    dialogClosedListeners.forEach((l) => l());
    if (confirmed) goToLogin();
  };
  void import('./session-dialog').then((m) => m.openSessionDialog(closed));
}
