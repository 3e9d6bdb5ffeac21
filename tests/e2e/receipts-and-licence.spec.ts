import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { logIn, openPayBill, resetSandbox, TEST_USER } from './support/account.js';
import { reachIdentityStep, rentalSection } from './support/flows.js';
import { control, startKiosk, type RunningKiosk } from './support/kiosk.js';

/**
 * The receipt printer and the driver licence scanner end to end: the sandbox's printer simulator
 * (its receipts and switches at /__sandbox/printer) and the daemon's licence-scan simulator.
 */

let kiosk: RunningKiosk;

test.beforeAll(async () => {
  // A quick status poll: a refilled printer shows up on the open screen without waiting 30 s.
  kiosk = await startKiosk({ env: { KIOSK_PRINTER_POLL_MS: '500' } });
});

test.afterAll(async () => {
  await kiosk?.stop();
});

test.beforeEach(async () => {
  await resetSandbox(kiosk);
  await control(`${kiosk.sandboxUrl}/__sandbox/printer/reset`);
  await control(`${kiosk.simulatorUrl}/__simulator/reset`);
});

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

interface PrintedJob {
  text: string;
  complete: boolean;
}

async function printedReceipts(): Promise<PrintedJob[]> {
  return ((await (await fetch(`${kiosk.sandboxUrl}/__sandbox/printer`)).json()) as { jobs: PrintedJob[] }).jobs;
}

const section = (page: Page, name: string) =>
  expect(rentalSection(page)).toHaveAttribute('data-rental-section', name, { timeout: 20_000 });
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function tap(page: Page, button: Locator): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await button.click();
}

const done = (page: Page) => tap(page, page.getByRole('button', { name: 'Done', exact: true }));
const printButton = (page: Page) => page.getByRole('button', { name: 'Print receipt', exact: true });

/** A reservation by the manual path, typed by hand, up to its confirmation. */
async function reserve(page: Page): Promise<void> {
  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-11' });
  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await section(page, 'info');
  await field(page, 'Email').fill('riley@example.com');
  await field(page, 'Cell Phone').pressSequentially('2175550182');
  await field(page, 'First Name').fill('Riley');
  await field(page, 'Last Name').fill('Reserve');
  await field(page, 'Address').fill('1250 Maple Street');
  await field(page, 'City').fill('Springfield');
  await field(page, 'Zip Code').pressSequentially('62704');
  await expect(field(page, 'State')).toHaveValue('IL');
  await field(page, 'License Number').fill('D1234567');
  await field(page, 'Issuing State').selectOption('IL');
  await field(page, 'Expiration Date').pressSequentially('12312030');
  const business = page.getByRole('group', { name: /Business Rental\?/ });
  if (await business.isVisible()) await tap(page, business.getByText('No', { exact: true }));
  await tap(page, page.getByText('I need a bit more time'));
  await done(page);
  await section(page, 'confirm_rental');
  await expect(page.getByText('Your reservation is confirmed!')).toBeVisible();
}

test('a reservation receipt: Print receipt, Take your receipt, and the printer holds it', async ({ page }) => {
  await reserve(page);
  const code = await page.locator('.confirm__code-value').textContent();
  await tap(page, printButton(page));
  await expect(page.getByRole('status').filter({ hasText: 'Take your receipt' })).toBeVisible();
  const [receipt] = await printedReceipts();
  expect(receipt?.complete).toBe(true);
  expect(receipt?.text).toContain('Reservation receipt');
  expect(receipt?.text).toMatch(new RegExp(`Reservation code\\s+${code}`));
  expect(receipt?.text).toContain('Unit B-11');
  await expectAccessible(page, 'reservation/confirm_rental (receipt printed)');
});

test('Print is hidden and explained when the printer is out of paper; a failed print says why', async ({ page }) => {
  await control(`${kiosk.sandboxUrl}/__sandbox/printer`, { paper_out: true });
  await reserve(page);
  await expect(page.getByText('Receipts cannot be printed right now: the printer is out of paper.')).toBeVisible();
  await expect(printButton(page)).toHaveCount(0);

  // Paper loaded: the next status check brings the button back on the open screen; then the cover
  // is opened just before the visitor prints.
  await control(`${kiosk.sandboxUrl}/__sandbox/printer`, { paper_out: false });
  await expect(printButton(page)).toBeVisible();
  await control(`${kiosk.sandboxUrl}/__sandbox/printer`, { cover_open: true });
  await tap(page, printButton(page));
  await expect(
    page.getByRole('status').filter({ hasText: 'Your receipt could not be printed: the printer cover is open.' }),
  ).toBeVisible();
  await expect(page.getByText('Receipts cannot be printed right now: the printer cover is open.')).toBeVisible();
  expect(await printedReceipts()).toEqual([]);
});

test('a bill payment with a receipt: each unit, its period, amount and outcome', async ({ page }) => {
  await openPayBill(page, kiosk);
  await logIn(page, TEST_USER.email, TEST_USER.password);
  await expect(page.getByRole('heading', { name: 'PAY MY BILL', exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('article', { name: 'Unit A102' }).getByLabel('Pay my bill').check();
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(page.getByText('Please swipe or scan your credit card')).toBeVisible();
  await expect.poll(async () => (await fetch(`${kiosk.baseUrl}/device/card/simulate`)).status).not.toBe(404);
  await control(`${kiosk.baseUrl}/device/card/simulate`, { outcome: 'approve' });
  await expect(page.getByRole('heading', { name: 'Payment information', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('CVV').fill('987');
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations', exact: true })).toBeVisible({ timeout: 15_000 });

  await printButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Take your receipt' })).toBeVisible();
  const [receipt] = await printedReceipts();
  expect(receipt?.text).toContain('Payment receipt');
  expect(receipt?.text).toContain('Unit A102');
  expect(receipt?.text).toContain('Period: 1 month');
  expect(receipt?.text).toMatch(/Amount\s+\$\d+\.\d\d/);
  expect(receipt?.text).toContain('Payment Success');
  expect(receipt?.text).not.toMatch(/4111\s?1111\s?1111\s?1111/);
  await expectAccessible(page, 'pay-bill/result (receipt printed)');
});
