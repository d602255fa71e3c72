/**
 * The contract's input rules as plain regular expressions. The contract's modules that define them also build
 * zod schemas at load time, and /login must not download zod (see docs/web.md, bundle budget); rules.test.ts
 * checks these against the contract.
 */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** 8-64 characters with a letter and a digit. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
export const SMS_CODE_RE = /^\d{6}$/;

/** Envelope codes the client branches on (the contract's `Code`, same values). */
export const CODES = {
  OK: 200,
  UNAUTHORIZED: 401,
  SESSION_REPLACED: 407,
  UNAVAILABLE: 503,
  MEMBER_DISABLED: 8091012,
  COMPANY_BLOCKED: 8091033,
} as const;
