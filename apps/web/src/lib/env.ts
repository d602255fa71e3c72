/**
 * S9.6: the environment and application name follow the host name; a page served on an explicit port (a
 * developer's machine: `npm run dev`, or the server started with PORT=...) talks to the test backend.
 *
 * "Test backend origin" here: the origin in VITE_TEST_BACKEND_ORIGIN when the build sets one, otherwise the
 * page's own origin, because in this repository the dev server proxies /api to the local Fastify server and
 * `npm start` serves the API and the app from one origin. Without a port the API is always the page's origin.
 */
export type AppEnv = 'dev' | 'test' | 'sit' | 'production';

export interface EnvInfo {
  env: AppEnv;
  /** The application name the merchant environment is known by (shown in the title and logs). */
  appName: string;
  /** Origin the /api calls go to; '' means the page's own origin. */
  apiOrigin: string;
}

const APP = 'mchweb';

export function envFromHost(hostname: string): AppEnv {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1' || /(^|[.-])dev([.-]|$)/.test(host)) return 'dev';
  if (/(^|[.-])sit([.-\d]|$)/.test(host)) return 'sit';
  if (/(^|[.-])test([.-\d]|$)/.test(host)) return 'test';
  return 'production';
}

export function resolveEnv(
  location: Pick<Location, 'hostname' | 'port'>,
  testBackendOrigin: string | undefined = import.meta.env.VITE_TEST_BACKEND_ORIGIN as string | undefined,
): EnvInfo {
  const env = envFromHost(location.hostname);
  const appName = env === 'production' ? APP : `${APP}-${env}`;
  const apiOrigin = location.port ? (testBackendOrigin ?? '').replace(/\/$/, '') : '';
  return { env, appName, apiOrigin };
}

export const ENV: EnvInfo =
  typeof window === 'undefined' ? { env: 'dev', appName: `${APP}-dev`, apiOrigin: '' } : resolveEnv(window.location);
