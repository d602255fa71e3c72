import { creditCodeCheckChar } from '@mchweb/contract/id-checks';
import { latestSmsCode, xsrfCookieOf } from '../support/fixtures.ts';

/** Helpers of the organisation and staff specs: API calls as "another client", fresh users and organisations. */

export const PASSWORD = 'Shop-lantern-2026';
let serial = 0;

/** A mobile nobody has registered in this run (time-based, plus a counter so two calls never collide). */
export function uniqueMobile(): string {
  serial += 1;
  return `137${String((Date.now() * 10 + serial) % 1e8).padStart(8, '0')}`;
}

/** A valid unified social credit code, different on every call. */
export function uniqueCreditCode(): string {
  serial += 1;
  const first17 = `91330100MA${String((Date.now() + serial) % 1e7).padStart(7, '0')}`;
  return first17 + creditCodeCheckChar(first17)!;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A client of the API with its own XSRF cookie and, once signed in, a token. */
export class Api {
  private constructor(
    readonly url: string,
    private xsrf: string,
    public token?: string,
  ) {}

  static async open(url: string, token?: string): Promise<Api> {
    // With the token, if any: the XSRF value is bound to the session whose calls carry it.
    const first = await fetch(`${url}/readyz`, token ? { headers: { token } } : {});
    return new Api(url, xsrfCookieOf(first), token);
  }

  /** Keep a new XSRF value the server sets (a sign-in binds a new one to its session), as a browser would. */
  private remember(res: Response) {
    this.xsrf = xsrfCookieOf(res) || this.xsrf;
    return res;
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      'x-xsrf-token': this.xsrf,
      ...(this.token ? { token: this.token } : {}),
    };
  }

  async post<T>(path: string, body: object = {}): Promise<Envelope<T>> {
    const target = path.startsWith('/api/') ? path : `/api/merchant${path}`;
    const res = this.remember(
      await fetch(`${this.url}${target}`, { method: 'POST', headers: this.headers(), body: JSON.stringify(body) }),
    );
    return (await res.json()) as Envelope<T>;
  }

  async get<T>(path: string, query: Record<string, string | number> = {}): Promise<Envelope<T>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const res = this.remember(
      await fetch(`${this.url}/api/merchant${path}${qs ? `?${qs}` : ''}`, { headers: this.headers() }),
    );
    return (await res.json()) as Envelope<T>;
  }

  /** The call must succeed: its data, or an error naming the refusal. */
  static ok<T>(e: Envelope<T>): T {
    if (e.code !== 200) throw new Error(`refused: ${e.code} ${e.msg}`);
    return e.data;
  }
}

/** Register a new user through the API (SMS code from the sandbox outbox); returns its signed-in client. */
export async function registerUser(url: string, mobile = uniqueMobile()): Promise<{ api: Api; mobile: string }> {
  const api = await Api.open(url);
  Api.ok(await api.post('/sms/send', { mobile, scene: 'register' }));
  const smsCode = await latestSmsCode(url, mobile);
  const data = Api.ok(
    await api.post<{ token: string }>('/register', { mobile, smsCode, password: PASSWORD, agreed: true }),
  );
  api.token = data.token;
  return { api, mobile };
}

/** A new user who owns a new organisation (current in its session). */
export async function newOwner(url: string, companyName = `E2E Tea House ${serial + 1}`) {
  const owner = await registerUser(url);
  const info = Api.ok(
    await owner.api.post<{ companyId: number }>('/feeManager/addCompany', {
      companyName,
      creditCode: uniqueCreditCode(),
      contactName: 'Zhao Lei',
      contactMobile: owner.mobile,
    }),
  );
  return { ...owner, companyId: info.companyId, companyName };
}

/** The role id of a built-in role (OWNER, ADMIN, FINANCE, CASHIER) or a custom role by name. */
export async function roleId(api: Api, codeOrName: string): Promise<number> {
  const roles = Api.ok(await api.get<{ roleId: number; code: string | null; name: string }[]>('/role/list'));
  const role = roles.find((r) => r.code === codeOrName || r.name === codeOrName);
  if (!role) throw new Error(`no role ${codeOrName}`);
  return role.roleId;
}

/** The invitee accepts every invitation to its mobile over the API (the pages' way: staff.invitation.spec.ts). */
export async function acceptInvitations(api: Api): Promise<void> {
  const pending = Api.ok(await api.get<{ invitationId: number }[]>('/staff/invitation/list'));
  for (const { invitationId } of pending) Api.ok(await api.post('/staff/invitation/accept', { invitationId }));
}
