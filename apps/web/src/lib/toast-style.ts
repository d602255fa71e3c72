/**
 * S9.3: toasts last 3000 ms, sit 20 px from the top, 16 px apart, base z-index 2000. On its own so that the
 * theme (app shell) and antd's message set-up (toast-impl.ts, loaded on the first toast) both read it without
 * importing each other or toast.ts.
 */
export const TOAST = { durationMs: 3000, top: 20, gap: 16, zIndex: 2000 } as const;
