import { defineConfig } from 'vitest/config';

// One run for the unit and API tests of every workspace; the browser tests run with Playwright (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Each server test file builds its own app and database; two at a time fit the 2-core machine.
    maxWorkers: 2,
  },
});
