import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the binary the
 * @sparticuz/chromium npm package ships (so `npm test` works after nothing but `npm ci`). Never a download.
 */
export async function chromiumExecutable(): Promise<{ executablePath: string; args: string[] }> {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ];
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && fs.existsSync(candidate)) return { executablePath: candidate, args };
  }
  process.env.TMPDIR ??= os.tmpdir();
  const sparticuz = (await import('@sparticuz/chromium')).default;
  const executablePath = await sparticuz.executablePath();
  const extra = sparticuz.args.filter((a: string) => a !== '--single-process' && !a.startsWith('--headless'));
  return { executablePath: path.resolve(executablePath), args: [...new Set([...args, ...extra])] };
}
