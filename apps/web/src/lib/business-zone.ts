import { DEFAULT_TIME_ZONE, isTimeZone } from '@mchweb/contract/time-zone';

let zone: string | undefined;

/**
 * The zone of the business days: the server's MCHWEB_TZ, which it writes into the app shell
 * (`<meta name="mchweb-time-zone">`, plugins/web.ts). Asia/Shanghai when the page has none (the Vite dev server's
 * shell, unit tests) or names a zone this browser does not know.
 */
export function businessZone(): string {
  if (zone === undefined) {
    const named = globalThis.document?.querySelector('meta[name="mchweb-time-zone"]')?.getAttribute('content');
    zone = named && isTimeZone(named) ? named : DEFAULT_TIME_ZONE;
  }
  return zone;
}

/** Tests: read the zone from the page again (undefined), or use this one. */
export function resetBusinessZone(to?: string): void {
  zone = to;
}
