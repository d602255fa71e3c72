import { test as base, chromium, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { chromiumExecutable } from './chromium.ts';
import { runningServers, startServer, type RunningServer } from './server.ts';

export const DEMO = {
  owner: '13800138000',
  admin: '13800138001',
  finance: '13800138002',
  cashier: '13800138003',
  password: 'Demo@2026',
};

/**
 * `server`: one real server (own database, demo data) per test file and worker. `browser`: the machine's
 * Chromium. Tests that change data create their own users or organisations, so they never depend on each other.
 */
export const test = base.extend<
  { base: string; serverLogOnFailure: void },
  { server: RunningServer; browser: Browser; serverEnv: Record<string, string> }
>({
  // Settings of the worker's server: `test.use({ serverEnv: { MCHWEB_AUTO_REVIEW: 'reject' } })` at the top of
  // a spec file gives its tests a server of their own (a worker per value).
  serverEnv: [{}, { option: true, scope: 'worker' }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer(serverEnv);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { executablePath, args } = await chromiumExecutable();
      const browser = await chromium.launch({ executablePath, args, headless: true });
      await use(withLiveGoto(browser));
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  page: async ({ page }, use) => use(liveGoto(page)),
  // A test that fails prints what its server printed meanwhile (warnings, errors), so a failure on CI, where only
  // the run's output is kept, can be read without its screenshot.
  serverLogOnFailure: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const before = new Map([...runningServers].map((s) => [s, s.output().length]));
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const s of runningServers) {
        const printed = s
          .output()
          .slice(before.get(s) ?? 0)
          .trim();
        console.error(`--- ${s.url} printed during "${testInfo.title}" ---\n${printed.slice(-20_000) || '(nothing)'}`);
      }
    },
    { auto: true },
  ],
  base: async ({ server }, use) => use(`${server.url}/mchweb`),
  baseURL: async ({ server }, use) => use(server.url),
});
export { expect };

/**
 * Click a button in a dialog once the dialog has stopped zooming in. Clicked mid-animation on a loaded machine,
 * the button can move between the press and the release, and no click reaches it (seen in CI on the leave
 * confirmation, and on the cancel-reason prompt). `button`: its test id, or a locator for a button that has none.
 */
export async function clickInDialog(page: Page, button: string | Locator) {
  const target = typeof button === 'string' ? page.getByTestId(button) : button;
  await expect(async () => {
    const settled = await target.evaluate((el) => {
      const dialog = el.closest('.ant-modal');
      // rc-motion marks a dialog that is still appearing with *-appear / *-enter classes.
      return (
        !!dialog &&
        !/-(appear|enter)\b/.test(dialog.className) &&
        dialog.getAnimations().every((a) => a.playState !== 'running')
      );
    });
    expect(settled, 'the dialog has finished appearing').toBe(true);
  }).toPass();
  await target.click();
}

/**
 * Wait until the app has hydrated the prerendered page it opened (/login, /register, /home, /product, /case:
 * docs/web.md, "Prerendered pages"): its buttons are on screen before that and do nothing yet, and its links
 * load a new document. React marks each element it owns with a `__reactProps` key. Any other page: at once.
 */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#root[data-prerendered] [data-testid]')].every((el) =>
      Object.keys(el).some((k) => k.startsWith('__reactProps')),
    ),
  );
}

/**
 * `page.goto` (and `reload`) waiting for "load" also waits until the app has the page, as it did when the app's
 * scripts were in the head (they held the load event back); a prerendered page's are added after its first paint.
 */
function liveGoto(page: Page): Page {
  const live = page as Page & { liveGoto?: true };
  if (live.liveGoto) return page;
  live.liveGoto = true;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const untilLive = async <T>(response: T, waitUntil?: string) => {
    if ((waitUntil ?? 'load') === 'load' && !page.isClosed()) await untilHydrated(page);
    return response;
  };
  page.goto = async (url, options) => untilLive(await goto(url, options), options?.waitUntil);
  page.reload = async (options) => untilLive(await reload(options), options?.waitUntil);
  return page;
}

/** The same for every page of every context the tests open on this browser. */
function withLiveGoto(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => liveGoto(await newPage());
    context.on('page', liveGoto); // opened by the page itself (window.open, target=_blank)
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // Closing the page closes its context, as Playwright's own browser.newPage does (at the worker's end the
    // browser may have closed it already).
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** Open a page of the app and wait until it is the app's (hydrated when it was prerendered). */
export async function openApp(page: Page, url: string) {
  await page.goto(url);
  await untilHydrated(page);
}

/** Sign in through the page and wait for the main layout. */
export async function signIn(page: Page, base: string, account = DEMO.owner, password = DEMO.password) {
  await openApp(page, `${base}/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The XSRF value a response sets, or '' when it sets none. */
export const xsrfCookieOf = (res: Response) =>
  /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';

/** A session made over the API (not the page): returns its token. Used to act as "another client". */
export async function apiSignIn(serverUrl: string, account = DEMO.owner, password = DEMO.password) {
  const first = await fetch(`${serverUrl}/readyz`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const res = await fetch(`${serverUrl}/api/merchant/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  // The sign-in sets a new XSRF value, bound to its session: the calls with the token carry that one.
  const bound = xsrfCookieOf(res);
  return { token: body.data.token, headers: { ...headers, cookie: `XSRF-TOKEN=${bound}`, 'x-xsrf-token': bound } };
}

/** Revoke a session as another client would (POST /logout with that token). */
export async function revokeToken(serverUrl: string, token: string) {
  // With the token: the XSRF value it answers is bound to that session, as a call with the token needs.
  const xsrf = xsrfCookieOf(await fetch(`${serverUrl}/readyz`, { headers: { token } }));
  const res = await fetch(`${serverUrl}/api/merchant/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, token },
    body: '{}',
  });
  const body = (await res.json()) as { code: number };
  if (body.code !== 200) throw new Error(`logout failed: ${JSON.stringify(body)}`);
}

/** The newest SMS code the sandbox "sent" to a mobile (GET /api/merchant/dev/sms-outbox, sandbox only). */
export async function latestSmsCode(serverUrl: string, mobile: string): Promise<string> {
  const res = await fetch(`${serverUrl}/api/merchant/dev/sms-outbox?mobile=${mobile}`);
  const body = (await res.json()) as { data: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(body.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no SMS code for ${mobile}: ${JSON.stringify(body)}`);
  return code;
}

/** A mobile number nobody has registered yet (unique per call within a run). */
export function freshMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`.slice(0, 11);
}
