import { defineConfig } from 'drizzle-kit';

// Each module owns its tables in modules/<area>/<area>.tables.ts; a new module's tables are found here by the glob.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/modules/*/*.tables.ts',
  out: './apps/server/drizzle',
});
