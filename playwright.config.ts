import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-args.mjs';
import { FACILITY_TIME_ZONE } from './tests/e2e/support/facility-calendar.js';

/**
 * End-to-end suites run in Debian's Chromium (Playwright cannot download its own browser here).
 * Each spec file starts its own daemon + sandbox on free ports with useKiosk(), so one worker
 * keeps the 2-core machine responsive and the suites independent.
 */
export { CHROMIUM_ARGS };

/**
 * The browser's environment: the runner's, without libfaketime (`faketime` for a run at another
 * hour fakes the Node processes; Chromium hangs under it and takes the runner's clock from
 * followTestClock() in tests/e2e/support/facility-calendar.ts instead).
 */
const browserEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')),
) as Record<string, string>;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    browserName: 'chromium',
    viewport: { width: 1920, height: 1080 },
    // The kiosk PC sits at the sandbox's facility: its browser counts days as the facility does,
    // whatever the test machine's zone (tests/e2e/support/facility-calendar.ts).
    timezoneId: FACILITY_TIME_ZONE,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      env: browserEnv,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
