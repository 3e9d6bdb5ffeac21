import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { logIn, NO_RENTALS_USER, openPayBill, sidebar, TEST_USER } from './support/account.js';
import { useKiosk } from './support/kiosk.js';

/**
 * Account access against the built UI, daemon and sandbox (shell spec §2 "Pay-bill
 * sub-sections", §4 "Access flows", §5, §8): create an account then log in, forgot password,
 * link a rental with a wrong then the right gate code, and the documents viewer and facility map.
 * Sandbox users: tenant@example.com (two rentals) and norentals@example.com (none; links door
 * 017 with gate code 4826).
 */

const SCREENSHOTS = 'test-results/account';

const kiosk = useKiosk(test, { reset: ['sandbox'] });

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test('create an account, then log in with it', async ({ page }) => {
  await openPayBill(page, kiosk);
  await expect(heading(page, 'Login or create an account')).toBeVisible();
  await expect(
    page.getByText('Please enter your email so we can look up your account.', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'account/login');
  await page.screenshot({ path: `${SCREENSHOTS}/login.png` });

  await page.getByRole('button', { name: "Don't have an Account?" }).click();
  await expect(heading(page, 'Create an account')).toBeVisible();
  await expect(
    page.getByText(
      'Your password has to be at least 6 characters long, must contain 1 uppercase and 1 special character',
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  await expectAccessible(page, 'account/register');

  // A taken e-mail: the server's error under the email.
  await page.getByLabel('Email', { exact: true }).fill(TEST_USER.email);
  await page.getByLabel('Password', { exact: true }).fill('Maple!Street77');
  await page.getByLabel('Re-enter Password', { exact: true }).fill('Maple!Street77');
  await page.getByRole('button', { name: 'Create My Account' }).click();
  // The first check waits for the strength checker to download.
  await expect(page.getByText('User with the same email id already exists', { exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // A weak password: the strength check (loaded only now) says so with its first suggestion.
  const email = `new.tenant.${Date.now()}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('aaaaaa');
  await page.getByLabel('Re-enter Password', { exact: true }).fill('aaaaaa');
  await page.getByRole('button', { name: 'Create My Account' }).click();
  await expect(page.getByText(/^Password is too weak\./)).toBeVisible();
  await expectAccessible(page, 'account/register (weak password)');
  await page.screenshot({ path: `${SCREENSHOTS}/register.png` });

  await page.getByLabel('Password', { exact: true }).fill('Maple!Street77');
  await page.getByLabel('Re-enter Password', { exact: true }).fill('Maple!Street77');
  await page.getByRole('button', { name: 'Create My Account' }).click();

  // Created: back at login with the e-mail filled in.
  await expect(heading(page, 'Login or create an account')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('Maple!Street77');
  // The account lookup is held back until the loading screen (and its trivia) has been checked.
  let releaseLookup: () => void = () => undefined;
  const lookupHeld = new Promise<void>((resolve) => (releaseLookup = resolve));
  await page.route(/\/api\/.*user\/items\//, async (route) => {
    await lookupHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(heading(page, 'We are locating your account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'See Answer' })).toBeVisible();
  await expectAccessible(page, 'pay-bill/loading (trivia)');
  releaseLookup();
  // A new account has no rental: link one.
  await expect(heading(page, 'Link a space to your account')).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'account/link rental');
  await expect(sidebar(page).getByRole('button', { name: /^Logout/ })).toBeVisible();
});

test('a wrong password shows the server message at the top', async ({ page }) => {
  await openPayBill(page, kiosk);
  await logIn(page, TEST_USER.email, 'Wrong!pass1');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Unable to log in with provided credentials.' }),
  ).toBeVisible();
  await expectAccessible(page, 'account/login (server error)');
});

test('forgot password sends the reset link and thanks the visitor', async ({ page }) => {
  await openPayBill(page, kiosk);
  await page.getByRole('button', { name: 'Forgot your Password?' }).click();
  await expect(heading(page, 'Forgot your Password?')).toBeVisible();
  await expectAccessible(page, 'account/forgot password');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(TEST_USER.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('An email with a password reset link has been sent to you!', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'account/forgot password (link sent)');
  const { mails } = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/mails`)).json()) as {
    mails: { kind: string }[];
  };
  expect(mails.map((mail) => mail.kind)).toEqual(['reset-password']);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(heading(page, 'Login or create an account')).toBeVisible();
});

test('link a rental: a wrong gate code is refused, the right one shows the unit to pay', async ({ page }) => {
  await openPayBill(page, kiosk);
  await logIn(page, NO_RENTALS_USER.email, NO_RENTALS_USER.password);
  await expect(heading(page, 'Link a space to your account')).toBeVisible({ timeout: 15_000 });

  // Decatur has one facility: it and its phone are preselected.
  await page.getByLabel('Facility City').selectOption('Decatur');
  await expect(page.getByLabel('Facility Address')).toHaveValue('external-paybill');
  await expect(page.getByText('Facility phone: (217) 555-0121')).toBeVisible();

  // Springfield has two: the visitor picks one.
  await page.getByLabel('Facility City').selectOption('Springfield');
  await expect(page.getByLabel('Facility Address')).toHaveValue('');
  await page.getByRole('button', { name: 'Link My Rental' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(3);
  await page.getByLabel('Facility Address').selectOption('demo');
  await page.getByLabel('Space Number').fill('17');
  await page.getByLabel('Gate Code').fill('1111');
  await page.getByRole('button', { name: 'Link My Rental' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid Gate code or Unit Number' })).toBeVisible();
  await expectAccessible(page, 'account/link rental (error)');
  await page.screenshot({ path: `${SCREENSHOTS}/link-rental.png` });

  // '17' is door 017: a leading zero is not a different unit.
  await page.getByLabel('Gate Code').fill('4826');
  await page.getByRole('button', { name: 'Link My Rental' }).click();
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Unit 017' })).toBeVisible();
});

test('a lease document and the facility map open', async ({ page }) => {
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'Rental Documents', exact: true }).click();
  await expect(heading(page, 'Rental Documents')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Protection Plan Brochure' })).toHaveCount(0);
  await expectAccessible(page, 'account/rental documents');
  await page.getByRole('button', { name: 'Rental Agreement', exact: true }).click();
  const frame = page.frameLocator('iframe[title="Rental Agreement"]');
  await expect(frame.getByRole('heading', { name: 'Rental Agreement' })).toBeVisible();
  await expectAccessible(page, 'account/document viewer');
  await page.screenshot({ path: `${SCREENSHOTS}/lease-document.png` });
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(heading(page, 'Rental Documents')).toBeVisible();

  await sidebar(page).getByRole('button', { name: 'Protection Brochure', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Protection Plan Brochure' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rental Agreement', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'account/protection brochure');

  await sidebar(page).getByRole('button', { name: 'Facility map', exact: true }).click();
  const map = page.getByRole('img', { name: 'Facility map: Site plan' });
  await expect(map).toBeVisible();
  // Scaled to the main area less 50 px of height.
  const main = await page.locator('.facility-map__box').boundingBox();
  const image = await map.boundingBox();
  expect(image && main && image.height <= main.height - 50 + 1).toBe(true);
  await expectAccessible(page, 'account/facility map');
  await page.screenshot({ path: `${SCREENSHOTS}/facility-map.png` });

  await page.getByRole('button', { name: 'Unit A101: play video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unit A101' });
  await expect(dialog.locator('iframe')).toBeVisible();
  await expectAccessible(page, 'account/facility map video');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a PDF map fills the page without its toolbar', async ({ page }) => {
  await page.goto(`${kiosk.baseUrl}/demo-smart`);
  await sidebar(page).getByRole('button', { name: 'Facility map', exact: true }).click();
  const frame = page.locator('iframe[title="Facility map"]');
  await expect(frame).toHaveAttribute('src', /facility-map\.pdf#toolbar=0&view=FitH$/);
});
