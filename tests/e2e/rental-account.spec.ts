import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { fillBillCard, TEST_USER } from './support/account.js';
import { expectSection, reachIdentityStep } from './support/flows.js';
import { pageFetch, useKiosk } from './support/kiosk.js';

/**
 * Signing in, creating an account and paying a bill inside the rental (shell spec §2 "Login ... in
 * the rental context", "confirm_paybill"; rental spec §4 "OTP login", §8): the Login popup, a
 * number with no account, the rental's create an account, and Pay My Bill's screens ending on
 * confirm_paybill with the payment history, the space staying on hold.
 */

const SCREENSHOTS = 'test-results/rental-account';
const CARD = '4111111111111111';
const NO_ACCOUNT = '+1 (217) 555-0100 has no account. Please login with your existing email or create a new account.';

const kiosk = useKiosk(test, { reset: ['sandbox'] });

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Login' });
const main = (page: Page) => page.locator('[data-rental-section]');

async function openLogin(page: Page): Promise<void> {
  await reachIdentityStep(page, kiosk);
  await page.getByRole('button', { name: "I'm already a customer" }).click();
  await expectSection(page, 'login');
  await expect(loginDialog(page)).toBeVisible();
}

async function askForCode(page: Page, digits: string): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.getByRole('button', { name: 'Continue with mobile' }).click();
  await dialog.getByLabel('Cell Phone', { exact: true }).fill('');
  await dialog.getByLabel('Cell Phone', { exact: true }).pressSequentially(digits);
  await dialog.getByRole('button', { name: 'Send Code' }).click();
}

async function logInByEmail(page: Page, password: string): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

async function payWithCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
  await expect(heading(page, 'Payment information')).toBeVisible();
  await fillBillCard(page, { number: CARD });
  await page.getByRole('button', { name: 'Make a payment' }).click();
}

test("the rental's Login: mobile or e-mail with its prompt, no register or forgot links; closing it, then logging in", async ({
  page,
}) => {
  await openLogin(page);
  const dialog = loginDialog(page);
  await expect(dialog.getByRole('button', { name: 'Continue with mobile' })).toBeVisible();
  await expect(dialog.getByLabel('Cell Phone', { exact: true })).toBeVisible();

  // Closing the popup is back on verify identity, the space still held.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expectSection(page, 'rent_this_space');
  await expect(loginDialog(page)).toHaveCount(0);
  await page.getByRole('button', { name: "I'm already a customer" }).click();

  await loginDialog(page).getByRole('button', { name: 'Continue with Email' }).click();
  await expect(dialog.getByText('Please enter your email so we can look up your account.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: "Don't have an Account?" })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Forgot your Password?' })).toHaveCount(0);
  await expectAccessible(page, 'rental/login (email)');
  await page.screenshot({ path: `${SCREENSHOTS}/login-email.png` });

  await dialog.getByLabel('Email', { exact: true }).fill(TEST_USER.email);
  await logInByEmail(page, 'wrong-password');
  await expect(dialog.getByText('Unable to log in with provided credentials.')).toBeVisible();
  await expectSection(page, 'login');

  await logInByEmail(page, TEST_USER.password);
  await expectSection(page, 'info');
  await expect(field(page, 'Email')).toHaveValue(TEST_USER.email);
});

test('a number with no account offers Continue with Email and a new account, which then logs in', async ({ page }) => {
  await openLogin(page);
  const dialog = loginDialog(page);
  await askForCode(page, '2175550100');
  const choices = dialog.getByRole('group', { name: NO_ACCOUNT });
  await expect(choices).toBeVisible();
  await expectAccessible(page, 'rental/login (number with no account)');
  await page.screenshot({ path: `${SCREENSHOTS}/no-account.png` });

  await choices.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(dialog.getByText('Please enter your email so we can look up your account.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue with Email' })).toHaveAttribute('aria-pressed', 'true');

  await askForCode(page, '2175550100');
  await choices.getByRole('button', { name: 'Create an account' }).click();
  await expectSection(page, 'register');
  await expect(heading(page, 'Create an account')).toBeVisible();
  await expect(page.getByText('Your Storage')).toBeVisible();
  await expectAccessible(page, 'rental/register');
  await page.screenshot({ path: `${SCREENSHOTS}/register.png` });

  await field(page, 'Email').fill('new.tenant@example.com');
  await field(page, 'Password').fill('Storage!Unit42');
  await field(page, 'Re-enter Password').fill('Storage!Unit42');
  await page.getByRole('button', { name: 'Create My Account' }).click();

  await expectSection(page, 'login');
  await expect(dialog.getByText('Your account has been created. Please log in.')).toBeVisible();
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('new.tenant@example.com');
  await logInByEmail(page, 'Storage!Unit42');
  await expectSection(page, 'info');
  await expect(field(page, 'Email')).toHaveValue('new.tenant@example.com');
});

test('a logged-in visitor pays bills inside the rental: confirm_paybill with the history, then log out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openLogin(page);
  await loginDialog(page).getByRole('button', { name: 'Continue with Email' }).click();
  await loginDialog(page).getByLabel('Email', { exact: true }).fill(TEST_USER.email);
  await logInByEmail(page, TEST_USER.password);
  await expectSection(page, 'info');
  await field(page, 'Last Name').fill('Morgan-Lee');

  await main(page).getByRole('button', { name: 'PAY MY BILL', exact: true }).click();
  await expectSection(page, 'pay');
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Back to your rental' })).toBeVisible();
  await expectAccessible(page, 'rental/pay (units)');
  await page.screenshot({ path: `${SCREENSHOTS}/pay-units.png` });
  const a102 = page.getByRole('article', { name: 'Unit A102' });
  await a102.getByLabel('Pay my bill').check();
  await a102.getByLabel('Pay Through').selectOption({ label: 'Pay Balance Due' });
  await expect(page.getByText('$59.00').first()).toBeVisible();
  await payWithCard(page);

  await expect(heading(page, 'Your payment has been made')).toBeVisible({ timeout: 15_000 });
  const history = page.getByRole('table', { name: 'Payment History' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('A102');
  await expect(history.getByRole('row').nth(1)).toContainText('$59.00');
  await expect(history.getByRole('row').nth(1)).toContainText('ending in 1111');
  await expect(page.getByText(CARD)).toHaveCount(0);
  await expectAccessible(page, 'rental/confirm_paybill');
  await page.screenshot({ path: `${SCREENSHOTS}/confirm-paybill.png` });

  // Make Another Payment: the unit list again; back to the rental, the typed name kept.
  await page.getByRole('button', { name: 'Make Another Payment' }).click();
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Back to your rental' }).click();
  await expectSection(page, 'info');
  await expect(field(page, 'Last Name')).toHaveValue('Morgan-Lee');
  await expect(page.getByText('Your Storage')).toBeVisible();

  // A second payment lists first.
  await main(page).getByRole('button', { name: 'PAY MY BILL', exact: true }).click();
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('article', { name: 'Unit B-13' }).getByLabel('Pay my bill').check();
  await payWithCard(page);
  await expect(heading(page, 'Your payment has been made')).toBeVisible({ timeout: 15_000 });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('B-13');
  await expect(history.getByRole('row').nth(2)).toContainText('A102');

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(heading(page, 'WELCOME')).toBeVisible({ timeout: 15_000 });
});

test('the users list, a user by id and the provider login are calls the daemon refuses', async () => {
  for (const [method, path] of [
    ['GET', 'users/?email=tenant%40example.com'],
    ['GET', 'users/u-1001/'],
    ['POST', 'login/passport/'],
  ] as const) {
    const response = await pageFetch(`${kiosk.baseUrl}/api/${path}`, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      statusCode: 404,
      message: 'This call is not allowed from the kiosk.',
    });
  }
});
