/** The demo's data is made by the migrations and by code anywhere in the server's and the contract's sources. */
export const DEMO_SEEDED_FROM: string[];
/** A short hash of the names and contents of every file under `roots` (from `repoRoot`; tests left out). */
export function sourcesHash(repoRoot: string, roots: string[]): string;
