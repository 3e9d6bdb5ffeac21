import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BILLING } from '@kiosk/shared-types';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { fillBillCard, logIn, openPayBill, TEST_USER } from './support/account.js';
import { control, useKiosk } from './support/kiosk.js';

/**
 * Pay My Bill and autopay against the built UI, daemon and sandbox (shell spec §2 "Pay
 * My Bill screen states", §4 "Make a payment", "Submit", "Per-unit payment rules", "Payment
 * logic"). tenant@example.com rents A102 ($59.00 due, autopay off) and B-13 (paid up, autopay on
 * with card ************4242). Test cards: 4111111111111111 approves, 4000000000000002 declines.
 */

const SCREENSHOTS = 'test-results/billing';
const CARD = '4111111111111111';
const CVV = '987';

const kiosk = useKiosk(test, { reset: ['sandbox'] });

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const unitPanel = (page: Page, unit: string) => page.getByRole('article', { name: `Unit ${unit}` });

async function openUnitList(page: Page, user: { email: string; password: string } = TEST_USER): Promise<void> {
  await openPayBill(page, kiosk);
  await logIn(page, user.email, user.password);
  await expect(heading(page, 'We are locating your account.')).toBeVisible();
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
}

async function fillCard(page: Page, number: string): Promise<void> {
  await expect(heading(page, 'Payment information')).toBeVisible();
  await fillBillCard(page, { number, cvv: CVV });
}

/** The sandbox's operator API, straight (test set-up only). */
async function operator(method: string, path: string): Promise<void> {
  const response = await fetch(`${kiosk.sandboxUrl}/api/v1/${path}`, { method, headers: { 'x-api-key': 'e2e' } });
  expect(response.ok).toBe(true);
}

/** The operator calls the sandbox received (paths only). */
async function operatorCalls(): Promise<string[]> {
  const { requests } = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/requests?limit=200`)).json()) as {
    requests: { method: string; path: string }[];
  };
  return requests.map((request) => `${request.method} ${request.path}`);
}

/** The swipe or scan screen, then the simulated reader reads `outcome`'s test card. */
async function swipeCard(page: Page, outcome: 'approve' | 'amex' | 'decline'): Promise<void> {
  await expect(page.getByText('Please swipe or scan your credit card')).toBeVisible();
  await expect.poll(async () => (await fetch(`${kiosk.baseUrl}/device/card/simulate`)).status).not.toBe(404);
  await control(`${kiosk.baseUrl}/device/card/simulate`, { outcome });
  await expect(heading(page, 'Payment information')).toBeVisible({ timeout: 15_000 });
}

const pickedPeriod = (unit: ReturnType<typeof unitPanel>) => unit.getByLabel('Pay Through').locator('option:checked');

async function mails(): Promise<{ kind: string; to: Record<string, string>; data: unknown }[]> {
  return ((await (await fetch(`${kiosk.sandboxUrl}/__sandbox/mails`)).json()) as { mails: [] }).mails;
}

test('pays one unit for 3 months and enrols the other in autopay, signing only for the second', async ({ page }) => {
  // B-13 starts without autopay for this test (cancelled straight at the operator).
  await operator('DELETE', 'tenant/t-5001/space/sp-b-13/autopay/');
  await openUnitList(page);
  await expect(page.getByRole('heading', { name: 'My Rental' })).toBeVisible();
  await expect(unitPanel(page, 'A102').getByText('$59.00', { exact: true })).toBeVisible();
  await expectAccessible(page, 'pay-bill/units');
  await page.screenshot({ path: `${SCREENSHOTS}/unit-list.png` });

  const a102 = unitPanel(page, 'A102');
  await a102.getByLabel('Pay my bill').check();
  await a102.getByLabel('Pay Through').selectOption({ label: '3 Months' });
  // $59 due + 3 x $49 + 7.25 % tax on the rent ahead.
  await expect(a102.getByText('$216.66')).toBeVisible();
  await expect(page.getByText('Grand Total $216.66')).toBeVisible();

  const b13 = unitPanel(page, 'B-13');
  await b13.getByLabel('Enroll in Autopay').check();
  // Nothing is due on B-13: enrolling does not force a payment.
  await expect(b13.getByLabel('Pay my bill')).toBeEnabled();
  await expect(page.getByText('Grand Total $216.66')).toBeVisible();
  await expectAccessible(page, 'pay-bill/units (chosen)');

  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(heading(page, 'Payment')).toBeVisible();
  await expect(page.getByText('Please swipe or scan your credit card')).toBeVisible();
  await expectAccessible(page, 'pay-bill/swipe or scan');
  await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
  await fillCard(page, CARD);
  await expectAccessible(page, 'pay-bill/card form');
  await page.screenshot({ path: `${SCREENSHOTS}/card-form.png` });
  await page.getByRole('button', { name: 'Make a payment' }).click();

  // Only B-13 signs: one agreement.
  const signing = page.getByRole('dialog', { name: 'Sign documents' });
  await expect(signing).toBeVisible();
  await expect(signing.getByText('Document 1 of 1')).toBeVisible();
  await expectAccessible(page, 'pay-bill/signing');
  await page.screenshot({ path: `${SCREENSHOTS}/signing.png` });
  await signing.frameLocator('iframe').getByRole('button', { name: 'Sign' }).click();
  await expect(signing).toHaveCount(0);

  await expect(heading(page, 'Congratulations')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Your payment has been made', { exact: true })).toBeVisible();
  const results = page.locator('.pay-result__unit');
  await expect(results.filter({ hasText: 'Unit A102' })).toContainText('Payment Success');
  await expect(results.filter({ hasText: 'Unit B-13' })).toContainText('Autopay Enroll Successful');
  await expectAccessible(page, 'pay-bill/result (success)');
  await page.screenshot({ path: `${SCREENSHOTS}/result-success.png` });

  // The management system mails payments (capability), so only the autopay mail went out (the
  // daemon's outbox delivers it: docs/outbox.md).
  await expect
    .poll(async () => (await mails()).map((mail) => `${mail.kind}:${JSON.stringify(mail.data)}`))
    .toEqual([expect.stringMatching(/^autopay:.*"unit_no":"B-13"/)]);

  // make another payment: the list again, A102 paid up, B-13 on autopay with the new card.
  await page.getByRole('button', { name: 'make another payment' }).click();
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await expect(unitPanel(page, 'A102').getByText('$0.00', { exact: true })).toBeVisible();
  await expect(unitPanel(page, 'B-13').getByText('Autopay is on with card ************1111')).toBeVisible();

  // No log line, spool file or shipped log entry holds the card number or the CVV.
  const shipped = JSON.stringify(await (await fetch(`${kiosk.sandboxUrl}/__sandbox/logs`)).json());
  const spooled = listFiles(kiosk.spoolDir)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const text of [kiosk.output(), shipped, spooled, JSON.stringify(await mails())]) {
    expect(text).not.toContain(CARD);
    expect(text).not.toMatch(new RegExp(`cvv\\W+${CVV}`, 'i'));
  }
});

test('a declined swiped card shows the failure, and use a different card reloads the list', async ({ page }) => {
  await openUnitList(page);
  await unitPanel(page, 'A102').getByLabel('Pay my bill').check();
  await page.getByRole('button', { name: 'Make a payment' }).click();
  // The demo reader "reads" the declining test card.
  await swipeCard(page, 'decline');
  await expect(page.getByLabel('Card Number')).toHaveValue('4000 0000 0000 0002');
  // Only the CVV is left: it has the focus and says what to type and where.
  const cvv = page.getByLabel('CVV');
  await expect(cvv).toBeFocused();
  await expect(cvv).toHaveAccessibleDescription(
    'Your card was read. Type the 3-digit security code (CVV) from the back of your card.',
  );
  await expectAccessible(page, 'pay-bill/card form (swiped)');
  await cvv.pressSequentially(CVV);
  await page.getByRole('button', { name: 'Make a payment' }).click();

  await expect(heading(page, 'Oops!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Some of your payment did not go through', { exact: true })).toBeVisible();
  await expect(page.locator('.pay-result__unit').filter({ hasText: 'Unit A102' })).toContainText('Payment Failed');
  await expectAccessible(page, 'pay-bill/result (failure)');
  await page.screenshot({ path: `${SCREENSHOTS}/result-failure.png` });

  await page.getByRole('button', { name: 'use a different card' }).click();
  await expect(heading(page, 'We are locating your account.')).toBeVisible();
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await expect(unitPanel(page, 'A102').getByText('$59.00', { exact: true })).toBeVisible();
  await expect(unitPanel(page, 'A102').getByLabel('Pay my bill')).not.toBeChecked();
});

test('cancel autopay asks first, then shows Autopay Cancelled', async ({ page }) => {
  await openUnitList(page);
  await unitPanel(page, 'B-13').getByRole('button', { name: 'Cancel Autopay' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel autopay?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'pay-bill/cancel autopay dialog');
  await confirm.getByRole('button', { name: 'Keep Autopay' }).click();
  await expect(confirm).toHaveCount(0);

  await unitPanel(page, 'B-13').getByRole('button', { name: 'Cancel Autopay' }).click();
  await confirm.getByRole('button', { name: 'Cancel Autopay' }).click();
  await expect(heading(page, 'Congratulations')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.pay-result__unit').filter({ hasText: 'Unit B-13' })).toContainText('Autopay Cancelled');
  await page.getByRole('button', { name: 'make another payment' }).click();
  await expect(unitPanel(page, 'B-13').getByText('Autopay is off')).toBeVisible({ timeout: 15_000 });
  await expect(unitPanel(page, 'B-13').getByLabel('Enroll in Autopay')).toBeVisible();
});

test('enrolling with a balance due forces the payment of the balance', async ({ page }) => {
  await openUnitList(page);
  const a102 = unitPanel(page, 'A102');
  await expect(pickedPeriod(a102)).toHaveText('1 Month');
  await a102.getByLabel('Enroll in Autopay').check();
  await expect(a102.getByLabel('Pay my bill')).toBeChecked();
  await expect(a102.getByLabel('Pay my bill')).toBeDisabled();
  // The locked pay-through choice says what the amount is: the balance only.
  await expect(a102.getByLabel('Pay Through')).toBeDisabled();
  await expect(pickedPeriod(a102)).toHaveText('Pay Balance Due');
  await expect(a102.getByText('$59.00', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Grand Total $59.00')).toBeVisible();
  await a102.getByLabel('Enroll in Autopay').uncheck();
  await expect(a102.getByLabel('Pay my bill')).not.toBeChecked();
  await expect(a102.getByLabel('Pay my bill')).toBeEnabled();
  await expect(pickedPeriod(a102)).toHaveText('1 Month');
});

test('the reader being down is said at once, with manual entry offered', async ({ page }) => {
  await openUnitList(page);
  await unitPanel(page, 'A102').getByLabel('Pay my bill').check();
  const simulator = kiosk.simulatorUrl;
  await control(`${simulator}/__simulator/health`, { ok: false });
  try {
    await page.getByRole('button', { name: 'Make a payment' }).click();
    await expect(page.locator('.swipe-panel__error')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, 'pay-bill/swipe or scan (reader down)');
    await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
    await expect(heading(page, 'Payment information')).toBeVisible();
  } finally {
    await control(`${simulator}/__simulator/health`, { ok: true });
  }
});

test('a reader whose health check goes unanswered is said to be unavailable, and no swipe is asked of it', async ({
  page,
}) => {
  await openUnitList(page);
  await unitPanel(page, 'A102').getByLabel('Pay my bill').check();
  const simulator = kiosk.simulatorUrl;
  const swipeRequests = async () =>
    ((await (await fetch(`${simulator}/__simulator/state`)).json()) as { swipeRequests: number }).swipeRequests;
  const before = await swipeRequests();
  // The check gets no answer (the daemon is restarting). A device whose own CheckHealth hangs is
  // reported down by the daemon (devices/card-reader/card-reader.test.ts).
  await page.route('**/device/card/health', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(page.getByText('The card reader is not available. Please enter your card manually.')).toBeVisible({
    timeout: 15_000,
  });
  expect(await swipeRequests()).toBe(before);
  await expectAccessible(page, 'pay-bill/swipe or scan (reader unavailable)');
  await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
  await expect(heading(page, 'Payment information')).toBeVisible();
});

test('updating the autopay card of a paid-up unit needs no signing; an Amex asks for the 4 digits on its front', async ({
  page,
}) => {
  await openUnitList(page);
  await unitPanel(page, 'B-13').getByLabel('Update autopay card').check();
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await swipeCard(page, 'amex');
  const cvv = page.getByLabel('CVV');
  await expect(cvv).toBeFocused();
  await expect(cvv).toHaveAccessibleDescription(
    'Your card was read. Type the 4-digit security code (CVV) printed on the front of your card, above the card number.',
  );
  await page.screenshot({ path: `${SCREENSHOTS}/card-form-swiped-amex.png` });
  await cvv.pressSequentially('1234');
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(heading(page, 'Congratulations')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.pay-result__unit').filter({ hasText: 'Unit B-13' })).toContainText(
    'Card Update Successful',
  );
  const calls = await operatorCalls();
  expect(calls.filter((call) => /generate-(tokens|agreements)/.test(call))).toEqual([]);
  expect(calls).toContain('POST /api/v1/tenant/t-5001/space/sp-b-13/autopay/');
  await expect.poll(async () => (await mails()).map((mail) => mail.kind)).toEqual(['autopay']);
});

test('a joint account lists a unit without a lease id and a space under each tenant; a failed pre-pay clears the balance', async ({
  page,
}) => {
  await openUnitList(page, { email: 'joint@example.com', password: 'Password!1' });
  await expect(page.getByRole('article', { name: /^Unit / })).toHaveCount(3);
  await expect(unitPanel(page, 'A111').getByText('$65.00', { exact: true }).first()).toBeVisible();
  const b21 = unitPanel(page, 'B-21');
  await expect(b21).toHaveCount(2);
  // Under one tenant the charges could not be loaded: no charges and no balance are shown for it.
  const failed = b21.filter({ hasText: 'The charges could not be loaded. Please choose the period again.' });
  await expect(failed).toHaveCount(1);
  await expect(failed.getByText('$0.00', { exact: true })).toBeVisible();
  await expect(failed.getByText('$95.00', { exact: true })).toHaveCount(0);
  const loaded = b21.filter({ hasNotText: 'The charges could not be loaded.' });
  await expect(loaded.getByText('$95.00', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'pay-bill/units (joint account)');
});

test('the card form is brought into view once it has been open a while', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 540 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await openUnitList(page);
  await unitPanel(page, 'A102').getByLabel('Pay my bill').check();
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
  await expect(heading(page, 'Payment information')).toBeVisible();
  // From here the kiosk's clock only moves when the test says so.
  await page.clock.pauseAt(Date.now() + 1000);
  // The visitor scrolls to the bottom and looks away.
  await page.getByRole('button', { name: 'Make a payment' }).hover();
  await page.mouse.wheel(0, 3000);
  await expect(heading(page, 'Payment information')).not.toBeInViewport();
  await page.clock.fastForward(BILLING.scrollToCardFormMs);
  await expect(heading(page, 'Payment information')).toBeInViewport();
  await expect(page.getByLabel('Card Name')).toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOTS}/card-form-in-view.png` });
});

test('logging out from the result screen ends the visit', async ({ page }) => {
  await openUnitList(page);
  await unitPanel(page, 'A102').getByLabel('Pay my bill').check();
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
  await fillCard(page, CARD);
  // The payment is held back until the processing screen has been checked.
  let releasePayment: () => void = () => undefined;
  const paymentHeld = new Promise<void>((resolve) => (releasePayment = resolve));
  await page.route(/\/api\/.*\/pre-pay\//, async (route) => {
    if (route.request().method() === 'POST') await paymentHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(heading(page, 'Payment Processing...')).toBeVisible();
  await expectAccessible(page, 'pay-bill/result (processing)');
  releasePayment();
  await expect(heading(page, 'Congratulations')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(heading(page, 'WELCOME')).toBeVisible({ timeout: 15_000 });
});

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
  } catch {
    return [];
  }
}
