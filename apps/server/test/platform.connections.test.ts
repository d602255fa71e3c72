import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue 25, item 6: X-Forwarded-For is believed from the configured proxies only. Item 8: header, body and
 * idle timeouts, and a cap on one address's open connections, on a real listening server.
 */
const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((t) => t.close())));
const appWith = async (env: NodeJS.ProcessEnv) => {
  // No demo data: a paused address answers 429 where another gets the wrong-password 400, whoever the account is.
  const t = await createTestApp({ seed: false, config: pick(loadConfig({ NODE_ENV: 'test', ...env })) });
  apps.push(t);
  return t;
};
/** The settings under test, read from the environment as the server reads them. */
const pick = (c: Config): Partial<Config> => ({
  trustProxy: c.trustProxy,
  headersTimeoutMs: c.headersTimeoutMs,
  requestTimeoutMs: c.requestTimeoutMs,
  keepAliveTimeoutMs: c.keepAliveTimeoutMs,
  maxConnectionsPerAddress: c.maxConnectionsPerAddress,
});

const signIn = (t: TestApp, account: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  t
    .client()
    .post(
      '/api/merchant/login',
      { account, password },
      { remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
    );

/** 20 failed sign-ins (unknown accounts, 4 tries each: no account reaches its own limit) with these addresses. */
async function failTwentyTimes(t: TestApp, remoteAddress: string, forwardedFor: (i: number) => string) {
  for (let i = 0; i < 20; i++) {
    const res = await signIn(t, `nobody${Math.floor(i / 4)}`, 'wrong', remoteAddress, forwardedFor(i));
    expect(res.body.code).toBe(400);
  }
}

describe('TRUST_PROXY and the sign-in limit per address (item 6)', () => {
  it('a caller that is not the proxy cannot escape the limit with made-up X-Forwarded-For values', async () => {
    const t = await appWith({ TRUST_PROXY: '127.0.0.2' });
    await failTwentyTimes(t, '10.25.6.1', (i) => `198.51.100.${i}`);
    const paused = await signIn(t, 'nobody9', 'wrong', '10.25.6.1', '198.51.100.99');
    expect(paused.body.code).toBe(429);
    expect(paused.body.msg).toMatch(/^Too many failed sign-ins from your network/);
  });

  it("with the caller's address as the proxy, the forwarded address is the one counted", async () => {
    const t = await appWith({ TRUST_PROXY: '10.25.6.2' });
    // What the proxy appends is the last entry; anything before it is the client's own claim.
    await failTwentyTimes(t, '10.25.6.2', (i) => `198.51.100.${i}, 203.0.113.7`);
    expect((await signIn(t, 'nobody9', 'wrong', '10.25.6.2', '203.0.113.7')).body.code).toBe(429);
    // Another client behind the same proxy is not paused.
    expect((await signIn(t, 'nobody9', 'wrong', '10.25.6.2', '203.0.113.8')).body.code).toBe(400);
  });

  it('a hop count trusts that many proxies in front, and no more', async () => {
    const t = await appWith({ TRUST_PROXY: '1' });
    await failTwentyTimes(t, '10.25.6.3', (i) => `198.51.100.${i}, 203.0.113.9`);
    expect((await signIn(t, 'nobody9', 'wrong', '10.25.6.3', '203.0.113.9')).body.code).toBe(429);
    expect((await signIn(t, 'nobody9', 'wrong', '10.25.6.3', '203.0.113.10')).body.code).toBe(400);
  });
});

/** A TCP connection to the listening app, with what it received and when it was closed. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.on('error', () => {}); // a connection the server drops may end with ECONNRESET: `closed` says so
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed, received: () => received };
}
const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as net.AddressInfo).port;
};
const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`;

describe('timeouts and the connection cap (item 8)', () => {
  it('a half-sent body is answered 408 and closed after the request timeout; an idle connection too', async () => {
    const t = await appWith({
      MCHWEB_HEADERS_TIMEOUT_MS: '400',
      MCHWEB_REQUEST_TIMEOUT_MS: '800',
      MCHWEB_KEEP_ALIVE_TIMEOUT_MS: '300',
    });
    const port = await listen(t);

    const slow = await connect(port);
    const started = Date.now();
    // A sign-in with its XSRF value, so that nothing answers before the body is read.
    const xsrf = t.app.xsrfToken();
    slow.socket.write(
      'POST /api/merchant/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n' +
        `Cookie: XSRF-TOKEN=${xsrf}\r\nX-XSRF-TOKEN: ${xsrf}\r\n\r\n{"acc`,
    );
    const closedAt = await Promise.race([slow.closed, new Promise<number>((r) => setTimeout(() => r(0), 10_000))]);
    expect(closedAt, 'the half-sent body is still held').toBeGreaterThan(0);
    expect(closedAt - started).toBeGreaterThanOrEqual(700);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);

    // Headers never finished: closed after the headers timeout.
    const mute = await connect(port);
    mute.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect(
      await Promise.race([mute.closed, new Promise<number>((r) => setTimeout(() => r(0), 10_000))]),
    ).toBeGreaterThan(0);

    // A kept-alive connection idle after its answer: closed after the keep-alive timeout.
    const idle = await connect(port);
    idle.socket.write(request('/healthz'));
    const answeredIdle = await Promise.race([idle.closed, new Promise<number>((r) => setTimeout(() => r(0), 10_000))]);
    expect(answeredIdle).toBeGreaterThan(0);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('connections over the cap from one address are closed at once; the others keep being served', async () => {
    const t = await appWith({ MCHWEB_CONNECTIONS_PER_ADDRESS: '3' });
    const port = await listen(t);
    const held = [await connect(port), await connect(port), await connect(port)];
    const over = await connect(port);
    expect(
      await Promise.race([over.closed, new Promise<number>((r) => setTimeout(() => r(0), 5_000))]),
    ).toBeGreaterThan(0);
    expect(over.received()).toBe('');

    // The three held are served, and once one closes another may open.
    held[0]!.socket.write(request('/healthz'));
    await expect.poll(() => held[0]!.received(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200 /);
    held[1]!.socket.destroy();
    await held[1]!.closed;
    const next = await connect(port);
    next.socket.write(request('/healthz'));
    await expect.poll(() => next.received(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of [held[0]!, held[2]!, next]) c.socket.destroy();
  });
});
