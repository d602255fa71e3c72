import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-report.json' }]],
  use: {
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    trace: 'off',
    screenshot: 'only-on-failure',
    // A click, download or navigation that never happens fails on its own step, named, instead of running the test
    // out of time with no word of where (a CI run keeps only its output).
    actionTimeout: 45_000,
    navigationTimeout: 45_000,
  },
  outputDir: '../.tmp/test-results',
});
