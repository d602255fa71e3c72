/** The server's bundle: apps/server/dist/server.mjs. */
export const SERVER_BUNDLE: string;
/** Whether `built` is missing or older than the newest file under `sources` (paths from the repository's root). */
export function isStale(target: { built: string; sources: string[] }): boolean;
/** Bundle the server (apps/server/dist) when it is missing or older than its sources. */
export function buildServerIfStale(): Promise<void>;
