import type { AppModule, ReconcileCheck, WelcomeStep } from '../module.ts';
import { module as audit } from './audit/index.ts';
import { module as auth } from './auth/index.ts';
import { module as code } from './code/index.ts';
import { module as company } from './company/index.ts';
import { module as dashboard } from './dashboard/index.ts';
import { module as developer } from './developer/index.ts';
import { module as ledger } from './ledger/index.ts';
import { module as merchant } from './merchant/index.ts';
import { module as onboarding } from './onboarding/index.ts';
import { module as operator } from './operator/index.ts';
import { module as order } from './order/index.ts';
import { module as settlement } from './settlement/index.ts';
import { module as sms } from './sms/index.ts';
import { module as split } from './split/index.ts';
import { module as staff } from './staff/index.ts';
import { module as statement } from './statement/index.ts';
import { module as transfer } from './transfer/index.ts';
import { module as webhook } from './webhook/index.ts';

/**
 * Every business module, in the order their routes register and their /welcome steps show. A new domain is one
 * folder under modules/ (with an index.ts exporting `module`) plus one line here; its tables are found by
 * drizzle-kit on their own (`modules/*\/*.tables.ts`). The user and session modules have no routes of their own.
 */
export const MODULES: readonly AppModule[] = [
  sms,
  auth,
  company,
  staff,
  audit,
  merchant,
  code,
  onboarding,
  ledger,
  order,
  split,
  settlement,
  dashboard,
  transfer,
  operator,
  statement,
  developer,
  webhook,
];

/**
 * Checklist steps whose module is not built yet: shown, never done, until their module contributes them and they
 * leave this list. (Every step has its module now.)
 */
const PLANNED_STEPS: WelcomeStep[] = [];

/** Every module's reconciliation checks, in the module list's order (`ops reconcile` and the nightly job). */
export const RECONCILE_CHECKS: readonly ReconcileCheck[] = MODULES.flatMap((m) => m.reconcileChecks ?? []);

export const WELCOME_STEPS: readonly WelcomeStep[] = [
  ...MODULES.flatMap((m) => m.welcomeSteps ?? []),
  ...PLANNED_STEPS,
];
