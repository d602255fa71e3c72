import { defineConfig } from 'drizzle-kit';

// Each module owns its tables in modules/<area>/<area>.tables.ts (a new module's are found by the glob); the
// platform's own (db/*.tables.ts) are few.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/modules/*/*.tables.ts', './apps/server/src/db/*.tables.ts'],
  out: './apps/server/drizzle',
});
