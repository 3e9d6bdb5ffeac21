import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { logIn, openPayBill, TEST_USER } from './support/account.js';
import {
  answerNotBusiness,
  expectSection as section,
  reachIdentityStep,
  tapDone as done,
  walkToGateCode,
} from './support/flows.js';
import { control, useKiosk } from './support/kiosk.js';
import { fixtureBarcode } from '../../daemon/src/devices/id-scanner/aamva-fixtures.js';

/**
 * The receipt printer and the driver licence scanner end to end: the sandbox's printer simulator
 * (its receipts and switches at /__sandbox/printer) and the daemon's licence-scan simulator.
 */

// No status poll while the tests run (its longest interval): the printer's status is read when a
// screen with Print opens, when a test asks for it (checkPrinter) and before each receipt, so a
// fault set just before a tap is found by that receipt's job and not by a poll in between.
const kiosk = useKiosk(test, {
  env: { KIOSK_PRINTER_POLL_MS: '3600000' },
  reset: ['sandbox', 'printer', 'card-reader'],
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

/** The daemon reads the printer's status now, as its poll does, and tells the open screen. */
async function checkPrinter(): Promise<unknown> {
  return (await fetch(`${kiosk.baseUrl}/device/printer`)).json();
}

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

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
  await answerNotBusiness(page);
  await page.getByText('I need a bit more time').click();
  await done(page);
  await section(page, 'confirm_rental');
  await expect(page.getByText('Your reservation is confirmed!')).toBeVisible();
}

/** The daemon's scan simulator reads a sample licence, as the serial scanner would. */
const scanLicence = (fixture: 'valid' | 'expired' | 'under-18' | 'garbage') =>
  control(`${kiosk.baseUrl}/device/id/simulate`, { fixture });

test('a rental where the licence scan fills the info form, and its receipt is printed', async ({ page }) => {
  test.setTimeout(180_000);
  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-10' });
  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await section(page, 'info');
  await field(page, 'Email').fill('jane.tenant@example.com');
  await field(page, 'Cell Phone').pressSequentially('2175550182');

  // An expired licence fills nothing and says why; the typed values stay.
  await page.getByRole('button', { name: 'Scan your driver license' }).click();
  await expect(page.getByText('Hold the barcode on the back of your license under the scanner.')).toBeVisible();
  await scanLicence('expired');
  await expect(page.getByRole('alert').filter({ hasText: 'This driver license has expired.' })).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('');
  await expect(field(page, 'Email')).toHaveValue('jane.tenant@example.com');

  await scanLicence('valid');
  await expect(page.getByText('Your details were filled in from your license. Please check them.')).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Jane');
  await expect(field(page, 'Last Name')).toHaveValue('Tenant');
  await expect(field(page, 'Address')).toHaveValue('1250 Maple Street');
  await expect(field(page, 'City')).toHaveValue('Springfield');
  await expect(field(page, 'State')).toHaveValue('IL');
  await expect(field(page, 'Zip Code')).toHaveValue('62704');
  await expect(field(page, 'License Number')).toHaveValue('T52071588017');
  await expect(field(page, 'Issuing State')).toHaveValue('IL');
  await expect(field(page, 'Expiration Date')).not.toHaveValue('');
  await expect(field(page, 'Email')).toHaveValue('jane.tenant@example.com');
  // The visitor can still edit what the scan filled.
  await field(page, 'First Name').fill('Janet');
  await expectAccessible(page, 'rental/info (licence scanned)');

  await answerNotBusiness(page);
  await done(page);
  await walkToGateCode(page, '5678');
  await done(page);
  await section(page, 'swipe_scan');
  await expect(page.getByText('Waiting for your card ...')).toBeVisible();
  await control(`${kiosk.simulatorUrl}/__simulator/next`, { outcome: 'approve' });
  await section(page, 'card_details');
  await page.getByLabel('CVV').pressSequentially('987');
  await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
  await section(page, 'panda_fields');
  await page.getByLabel(/What will you store/).fill('Boxes and a bicycle');
  await page.getByRole('radio', { name: 'Personal use' }).check();
  await page.getByRole('checkbox', { name: /I will not store hazardous materials/ }).check();
  await done(page);
  await section(page, 'panda_agreements');
  for (const name of ['Rental Agreement', 'Certificate of Protection']) {
    const frame = page.frameLocator(`iframe[title="${name}"]`);
    await expect(frame.getByRole('heading', { name })).toBeVisible();
    await frame.getByRole('button', { name: 'Sign' }).click();
  }
  await section(page, 'confirm_rental');
  await expect(page.getByText('Your rental is confirmed!')).toBeVisible();

  // The gate code is printed only when asked for.
  await page.getByRole('checkbox', { name: 'Print my gate code' }).check();
  await printButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Take your receipt' })).toBeVisible();
  const [receipt] = await printedReceipts();
  expect(receipt?.complete).toBe(true);
  expect(receipt?.text).toContain('Rental receipt');
  expect(receipt?.text).toContain('Unit B-10');
  expect(receipt?.text).toMatch(/Total paid\s+\$\d+\.\d\d/);
  expect(receipt?.text).toContain('Paid with Visa ending in 1111');
  expect(receipt?.text).toMatch(/Gate code\s+5678/);
  expect(receipt?.text).not.toMatch(/4111\s?1111\s?1111\s?1111/);
  expect(receipt?.text).not.toContain('987');
  // Nothing the daemon printed holds the raw licence data or the whole licence number.
  expect(kiosk.output()).not.toContain('T52071588017');
  expect(kiosk.output()).not.toContain('ANSI 636035');
});

test('a keyboard-wedge scan leaves the focused field as it was; another barcode is taken out of it', async ({
  page,
}) => {
  // The kiosk's clock stands still while the scanner types, so every key of a scan arrives at
  // scanner speed whatever the test machine's load; the burst ends when the test moves the clock.
  await page.clock.install();
  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-10' });
  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await section(page, 'info');
  await expect(page.getByRole('button', { name: 'Scan your driver license' })).toBeVisible();
  const email = field(page, 'Email');
  await email.click();
  await email.pressSequentially('jane.tenant@example');
  const scanWhileStill = async (keys: string) => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // The separators (RS) have no key: Playwright sends them as text, as such scanners do.
    await page.keyboard.type(keys);
    await page.clock.runFor(200);
    await page.clock.resume();
  };

  await scanWhileStill(fixtureBarcode('valid'));
  await expect(page.getByText('Your details were filled in from your license. Please check them.')).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Jane');
  await expect(field(page, 'License Number')).toHaveValue('T52071588017');
  // The field the visitor was typing in holds exactly what they typed, no separator; typing goes on.
  await expect(email).toHaveValue('jane.tenant@example');
  expect(await email.evaluate((input: HTMLInputElement) => input.value)).toBe('jane.tenant@example');
  await expect(email).toBeFocused();
  await email.pressSequentially('.com');
  await expect(email).toHaveValue('jane.tenant@example.com');
  // Leaving the e-mail and then the empty phone validates both: the phone's error shows the form
  // has checked them, and the e-mail passes.
  await field(page, 'Cell Phone').click();
  await field(page, 'Zip Code').click();
  await expect(field(page, 'Cell Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invalid email')).toHaveCount(0);

  // A product barcode scanned into the licence number: taken back out, and the visitor told.
  const licence = field(page, 'License Number');
  await licence.click();
  await scanWhileStill('036000291452\n');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'That barcode is not a driver license, so it was taken out of the field.' }),
  ).toBeVisible();
  await expect(licence).toHaveValue('T52071588017');
  await expectAccessible(page, 'rental/info (barcode taken out)');

  // A QR code scanned into the city while the page is busy: the page handles its first key, then
  // nothing for a moment (the field re-renders), then the rest, with another stall inside. The
  // whole burst comes out, its first key included.
  const city = field(page, 'City');
  await city.fill('Spring');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.keyboard.type('H');
  await page.clock.runFor(180);
  await page.keyboard.type('ELLO THI');
  await page.clock.runFor(150);
  await page.keyboard.type('S IS A QR CODE\n');
  await page.clock.runFor(200);
  await page.clock.resume();
  await expect(city).toHaveValue('Spring');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'That barcode is not a driver license, so it was taken out of the field.' }),
  ).toBeVisible();
  // Nothing the daemon printed holds the raw licence data or the whole licence number.
  expect(kiosk.output()).not.toContain('T52071588017');
  expect(kiosk.output()).not.toContain('ANSI 636035');
});

test('a reservation receipt: Print receipt, Take your receipt, and the printer holds it', async ({ page }) => {
  await reserve(page);
  const code = await page.locator('.confirm__code-value').textContent();
  await printButton(page).click();
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
  // is opened just before the visitor prints, and only the receipt's own job finds it open.
  await control(`${kiosk.sandboxUrl}/__sandbox/printer`, { paper_out: false });
  expect(await checkPrinter()).toMatchObject({ state: 'ok', canPrint: true });
  await expect(printButton(page)).toBeVisible();
  await control(`${kiosk.sandboxUrl}/__sandbox/printer`, { cover_open: true });
  await printButton(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your receipt could not be printed: the printer cover is open.' }),
  ).toBeVisible();
  await expect(page.getByText('Receipts cannot be printed right now: the printer cover is open.')).toBeVisible();
  expect(await printedReceipts()).toEqual([]);
});

test('a bill payment with a receipt: each unit, its period, amount, outcome and the card', async ({ page }) => {
  await openPayBill(page, kiosk);
  await logIn(page, TEST_USER.email, TEST_USER.password);
  await expect(page.getByRole('heading', { name: 'PAY MY BILL', exact: true })).toBeVisible({ timeout: 15_000 });
  const unit = page.getByRole('article', { name: 'Unit A102' });
  // Not ticked: no amount beside the unit, as the grand total counts none.
  await expect(unit.locator('.pay-unit__amount')).toHaveText(
    'Amount to pay Not included: tick Pay my bill to pay this unit',
  );
  await expect(page.locator('.pay-bill__total')).toHaveText('Grand Total $0.00');
  await unit.getByLabel('Pay my bill').check();
  await expect(unit.locator('.pay-unit__amount')).toHaveText(/Amount to pay \$\d+\.\d\d/);
  const amount = (await unit.locator('.pay-unit__amount strong').textContent()) ?? '';
  await expect(page.locator('.pay-bill__total')).toHaveText(`Grand Total ${amount}`);
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
  expect(receipt?.text).toContain('Card: Visa ending in 1111');
  expect(receipt?.text).not.toMatch(/4111\s?1111\s?1111\s?1111/);
  expect(receipt?.text).not.toMatch(/411111|\b987\b/);
  await expectAccessible(page, 'pay-bill/result (receipt printed)');
});
