import { generate } from 'otplib';
import type { OpsLoginData, OpsMe, OpsRole } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import { createOperator } from '../src/modules/operator/index.ts';
import type { TestApp, TestClient } from './harness.ts';

// Operators of the console for the API tests: made as `npm run ops -- operator:create` makes them, signed in
// through the two steps like a person with an authenticator app (otplib computes the app's code).

export const OPS_PASSWORD = 'Ops-Console-2026';
let serial = 0;

export interface TestOperator {
  client: TestClient;
  operatorId: number;
  username: string;
  name: string;
  secret: string;
}

/** The authenticator app's code for `secret` now (or at `epochMs`). */
export const codeOf = (secret: string, epochMs = Date.now()) => generate({ secret, epoch: Math.floor(epochMs / 1000) });

/** A new operator with these roles, past the password step only (its client carries the code-step token). */
export async function operatorAtCodeStep(t: TestApp, roles: OpsRole[], name = 'op') {
  const username = `${name}${++serial}`;
  const made = await createOperator(t.database.db, systemActor('ops'), {
    username,
    name: `${name} ${serial}`,
    roles,
    password: OPS_PASSWORD,
  });
  const client = t.client();
  const login = await client.post<OpsLoginData>('/api/ops/login', { account: username, password: OPS_PASSWORD });
  if (login.body.code !== 200) throw new Error(`operator sign-in failed: ${login.body.msg}`);
  client.token = login.body.data.token;
  return {
    client,
    operatorId: made.operator.operatorId,
    username,
    name: made.operator.name,
    secret: made.totpSecret,
    login: login.body.data,
  };
}

/** A new operator with these roles, signed in (password and code). */
export async function signedInOperator(t: TestApp, roles: OpsRole[], name = 'op'): Promise<TestOperator> {
  const op = await operatorAtCodeStep(t, roles, name);
  const verified = await op.client.post<OpsMe>('/api/ops/totp/verify', { code: await codeOf(op.secret) });
  if (verified.body.code !== 200) throw new Error(`operator code refused: ${verified.body.msg}`);
  return op;
}
