import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { buildSandbox } from '../../daemon/dist/sandbox/app.js';
import { expectAccessible } from './support/a11y.js';
import { rentalSection } from './support/flows.js';
import { startForwarder, type Forwarder } from './support/forwarder.js';
import { readMetrics, useKiosk } from './support/kiosk.js';
import { DEMO_SIDEBAR } from './support/texts.js';

/**
 * A kiosk configured as a facility runs it: the operator API at KIOSK_UPSTREAM_URL, here the
 * sandbox behind a TCP forwarder that stands for the facility's network, which the tests cut and
 * restore. The kiosk must say it is out of service (not "not configured") while the operator
 * cannot be reached and come back to the welcome by itself, with no reload, once it can; a
 * screen whose data did not arrive says so and offers to try again, keeping the visitor's place.
 * Each outage's timeline is printed for the report.
 */

const OUT_OF_SERVICE = 'This kiosk is temporarily unavailable. Please see the Facility Manager.';
/** The demo facility's phone (daemon/src/sandbox/demo-facility.ts), as the daemon kept it. */
const OUT_OF_SERVICE_WITH_PHONE =
  'This kiosk is temporarily unavailable. Please see the Facility Manager or call (217) 555-0182.';
const NOT_CONFIGURED = 'Kiosk is not configured for this facility.';
const LOAD_FAILED = 'We could not load this information. Please try again or ask the Manager for help.';
const SHOTS = 'test-results/network-outage';

let sandbox: FastifyInstance;
let network: Forwarder;

test.beforeAll(async () => {
  sandbox = await buildSandbox();
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  network = await startForwarder((sandbox.server.address() as AddressInfo).port);
  // The facility's network is down when the kiosk PC boots (the router boots after it).
  network.cut();
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await network?.close();
  await sandbox?.close();
});

const kiosk = useKiosk(test, () => ({
  env: {
    KIOSK_UPSTREAM_URL: `${network.origin}/api/v1`,
    // The sandbox's pictures come through the same network.
    KIOSK_CONTENT_ORIGINS: network.origin,
  },
}));

/** Seconds since `start`, one decimal. */
const since = (start: number): string => ((performance.now() - start) / 1000).toFixed(1);

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const welcome = (page: Page) => heading(page, 'WELCOME');

/** A page mark that a reload would wipe: the kiosk came back without one. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { outageMark: string }).outageMark = 'kept'));
}
async function expectSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { outageMark?: string }).outageMark)).toBe('kept');
}

async function screenSection(): Promise<string | undefined> {
  const metrics = await readMetrics(kiosk);
  for (const [series, value] of metrics)
    if (series.startsWith('kiosk_ui_section_info{') && value === 1) return /section="([^"]+)"/.exec(series)?.[1];
  return undefined;
}

test.describe.configure({ mode: 'serial' });
// axe-core is injected as an inline script (support/a11y.ts).
test.use({ bypassCSP: true });

test('network down at boot: out of service (not "not configured"), then the welcome by itself once it is back', async ({
  page,
}) => {
  const down = performance.now();
  await page.goto(kiosk.url);
  await expect(heading(page, OUT_OF_SERVICE)).toBeVisible();
  const shown = since(down);
  await expect(heading(page, NOT_CONFIGURED)).toHaveCount(0);
  await expect(page).toHaveURL(kiosk.url);
  // The screen-alive series says what the screen shows.
  await expect.poll(screenSection).toBe('out_of_service');
  await expectAccessible(page, 'shell/out of service');
  await page.screenshot({ path: `${SHOTS}/out-of-service-at-boot.png` });
  await markPage(page);

  const restored = performance.now();
  network.restore();
  await expect(welcome(page)).toBeVisible({ timeout: 30_000 });
  const back = since(restored);
  await expectSamePage(page);
  await expect(page).toHaveURL(kiosk.url);
  await expect.poll(screenSection).toBe('home');
  // The whole sidebar: the facility settings and documents were asked for again, not taken from
  // the page's preloads that failed at boot.
  await expect(page.getByRole('navigation', { name: 'Kiosk menu' }).getByRole('button')).toHaveText(DEMO_SIDEBAR);
  console.log(
    `outage timeline (down at boot): down 0.0 s → out-of-service shown ${shown} s after the page opened → ` +
      `restored → WELCOME ${back} s after the restore (no reload)`,
  );

  // The operator's facility settings came through the daemon: their phone is kept on its disk.
  network.cut();
  await page.goto(kiosk.url);
  await expect(heading(page, OUT_OF_SERVICE_WITH_PHONE)).toBeVisible();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(
    heading(
      page,
      'Este quiosco no está disponible por el momento. Por favor, consulte al gerente de las instalaciones o llame al (217) 555-0182.',
    ),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/out-of-service-spanish.png` });
  network.restore();
  await expect(heading(page, 'BIENVENIDO')).toBeVisible({ timeout: 30_000 });
});

test('a drop mid-visit on Select a Space: it says so, keeps the place, and Try again shows the sizes', async ({
  page,
}) => {
  await page.goto(kiosk.url);
  await expect(welcome(page)).toBeVisible();
  await markPage(page);

  const down = performance.now();
  network.cut();
  await page.getByRole('navigation', { name: 'Kiosk menu' }).getByRole('button', { name: 'Select a Space' }).click();
  await expect(page.getByRole('alert').getByText(LOAD_FAILED)).toBeVisible();
  const shown = since(down);
  await expect(page.getByTestId('sizes-for-rent')).toHaveCount(0);
  await expect(page.getByText(/sizes? for rent/i)).toHaveCount(0);
  // The visitor's place: still on Select a Space, in the same visit.
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expect(page.getByRole('heading', { name: 'Select a Space', level: 1 })).toBeVisible();
  await expectAccessible(page, 'rental/detail_page (could not load)');
  await page.screenshot({ path: `${SHOTS}/select-a-space-could-not-load.png` });

  const restored = performance.now();
  network.restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('sizes-for-rent')).toHaveText(/^\d+ sizes? for rent$/i);
  await expect(page.locator('[data-group="medium"]')).toBeVisible();
  const back = since(restored);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expectSamePage(page);
  console.log(
    `outage timeline (mid-visit): down 0.0 s → "could not load" shown ${shown} s later → restored → ` +
      `sizes shown ${back} s after the restore (one tap on Try again)`,
  );
});

test('opening an unavailable address directly asks the operator again and goes home', async ({ page }) => {
  // Reachable: straight to the welcome.
  await page.goto(`${kiosk.baseUrl}/unavailable?error=not_configured`);
  await expect(welcome(page)).toBeVisible();
  await expect(page).toHaveURL(kiosk.url);

  // Not reachable: the out-of-service screen (with the kept phone), and home once it answers.
  network.cut();
  const down = performance.now();
  await page.goto(`${kiosk.baseUrl}/unavailable?error=not_configured`);
  await expect(heading(page, OUT_OF_SERVICE_WITH_PHONE)).toBeVisible();
  const shown = since(down);
  await markPage(page);
  const restored = performance.now();
  network.restore();
  await expect(welcome(page)).toBeVisible({ timeout: 30_000 });
  const back = since(restored);
  await expectSamePage(page);
  await expect(page).toHaveURL(kiosk.url);
  console.log(
    `outage timeline (reload at /unavailable?error=not_configured): out-of-service shown ${shown} s after the ` +
      `page opened → restored → WELCOME ${back} s after the restore (no reload)`,
  );
});
