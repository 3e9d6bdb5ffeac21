import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillBillCard, logIn, openPayBill, sidebar, TEST_USER } from './support/account.js';
import { expectAccessible } from './support/a11y.js';
import {
  expectControlsInReach,
  expectLargeText,
  expectReachBand,
  setDisplayModes,
  type DisplayModes,
} from './support/display.js';
import {
  expectSection,
  fillAdditionalInformation,
  JANE,
  reachIdentityStep,
  rentalSection,
  signAll,
  swipe,
  tapDone,
  verifyManually,
  walkDetailSteps,
  type ScreenCheck,
} from './support/flows.js';
import { onScreenKeyboard } from './support/keyboard.js';
import { useKiosk } from './support/kiosk.js';

/**
 * The display modes and the keypad (docs/accessibility.md): a whole rental and a bill payment in
 * high contrast with large text (axe with AAA contrast, text sizes, no sideways scrolling) and with
 * the controls moved down (every visible control in the reach zone), dialogs, errors and the
 * on-screen keyboard included; and a walk driven by the keypad's keys alone.
 */

/** The lower part of the screen a seated visitor reaches, as this suite configures the kiosk. */
const REACH_ZONE_PERCENT = 55;
/**
 * The documentation's screenshots (docs/accessibility.md) are rewritten only when asked,
 * `KIOSK_DOC_SHOTS=1 npx playwright test tests/e2e/display-and-keypad.spec.ts`, so a test run
 * leaves the tree as it was; otherwise they go with the other test results.
 */
const SHOTS = process.env.KIOSK_DOC_SHOTS === '1' ? 'docs/img' : 'test-results/display';

const kiosk = useKiosk(test, {
  env: { KIOSK_REACH_ZONE_PERCENT: String(REACH_ZONE_PERCENT) },
  reset: ['sandbox', 'card-reader'],
});

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

interface ModeCase {
  name: string;
  modes: DisplayModes;
  /** The screenshot of the documentation, taken on the first screen that shows it best. */
  shot: { screen: string; file: string };
  check: (page: Page, screen: string) => Promise<void>;
}

const MODES: ModeCase[] = [
  {
    name: 'high contrast and large text',
    modes: { highContrast: true, largeText: true },
    shot: { screen: 'rental/rent_this_space', file: 'display-high-contrast-large-text.png' },
    check: async (page, screen) => {
      await expectAccessible(page, `${screen} (high contrast, large text)`, { enhancedContrast: true });
      await expectLargeText(page, screen);
    },
  },
  {
    name: 'controls moved down',
    modes: { lowReach: true },
    shot: { screen: 'rental/rent_this_space (mobile dialog)', file: 'display-controls-moved-down.png' },
    check: async (page, screen) => {
      await expectControlsInReach(page, REACH_ZONE_PERCENT, screen);
      await expectReachBand(page, REACH_ZONE_PERCENT, /\S/, screen);
    },
  },
];

/** The check of a mode on each screen, and its documentation screenshot (small, 960 px wide). */
function screenCheck(page: Page, mode: ModeCase): ScreenCheck {
  return async (screen) => {
    await expect(page.locator('h1, [role="dialog"] h2').first()).toBeVisible();
    await mode.check(page, screen);
    if (screen === mode.shot.screen) await docShot(page, mode.shot.file);
  };
}

/** A half-size screenshot (960 x 540), small enough for the docs: drawn down in a page of its own. */
async function docShot(page: Page, file: string): Promise<void> {
  const full = await page.screenshot();
  const small = await page.context().newPage();
  await small.setViewportSize({ width: 960, height: 540 });
  await small.setContent(
    `<body style="margin:0"><img style="display:block;width:960px;height:540px" src="data:image/png;base64,${full.toString('base64')}"></body>`,
  );
  await small.screenshot({ path: `${SHOTS}/${file}` });
  await small.close();
}

/** The mobile-number dialog of rent_this_space, with its field's keyboard open and an error shown. */
async function checkMobileDialog(page: Page, check: ScreenCheck): Promise<void> {
  await page.getByRole('button', { name: /Verify ID by mobile number/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify ID by mobile number' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel(/Cell Phone|Phone/).click();
  await expect(onScreenKeyboard(page)).toBeVisible();
  await check('rental/rent_this_space (mobile dialog)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
}

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test(`a whole rental in ${mode.name}`, async ({ page }) => {
      test.setTimeout(240_000);
      const check = screenCheck(page, mode);
      await page.goto(kiosk.url);
      await setDisplayModes(page, mode.modes);
      await check('shell/welcome');
      await reachIdentityStep(page, kiosk, { skipGoto: true, door: 'B-10', check });
      await check('rental/rent_this_space');
      await checkMobileDialog(page, check);
      await verifyManually(page, JANE, { check });
      await walkDetailSteps(page, { check });

      await expectSection(page, 'content_insurance');
      await check('rental/content_insurance');
      await tapDone(page);
      await expectSection(page, 'about_convenience');
      await page.getByLabel(/Choose your gate code/).pressSequentially('5678');
      await expect(page.getByText('This gate code is yours.')).toBeVisible();
      await expect(onScreenKeyboard(page)).toBeVisible();
      await check('rental/about_convenience (keyboard open)');
      await tapDone(page);

      await swipe(page, kiosk, 'approve', { check });
      await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
      await expect(page.getByText('This field is required')).toBeVisible();
      await page.getByLabel('CVV').pressSequentially('987');
      await check('rental/card_details (error, keyboard open)');
      await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();

      await fillAdditionalInformation(page, { check });
      await signAll(page, ['Rental Agreement', 'Certificate of Protection'], check);
      await expectSection(page, 'confirm_rental');
      await expect(page.getByText('Your rental is confirmed!')).toBeVisible();
      await check('rental/confirm_rental');
    });

    test(`a bill payment in ${mode.name}`, async ({ page }) => {
      test.setTimeout(120_000);
      const check = screenCheck(page, mode);
      await openPayBill(page, kiosk);
      await setDisplayModes(page, mode.modes);
      await check('pay-bill/login');
      await logIn(page, TEST_USER.email, TEST_USER.password);
      await expect(page.getByRole('heading', { name: 'PAY MY BILL', exact: true })).toBeVisible({ timeout: 15_000 });
      const a102 = page.getByRole('article', { name: 'Unit A102' });
      await a102.getByLabel('Pay my bill').check();
      await check('pay-bill/units (chosen)');
      await page.getByRole('button', { name: 'Make a payment' }).click();
      await expect(page.getByText('Please swipe or scan your credit card')).toBeVisible();
      await check('pay-bill/swipe or scan');
      await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
      await expect(page.getByRole('heading', { name: 'Payment information', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Make a payment' }).click();
      await expect(page.getByText('This field is required').first()).toBeVisible();
      await fillBillCard(page);
      await check('pay-bill/card form (keyboard open)');
      await page.getByRole('button', { name: 'Make a payment' }).click();
      await expect(page.getByRole('heading', { name: 'Congratulations', exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await check('pay-bill/result (success)');
      // Logout asks first: the shell's dialog.
      await sidebar(page)
        .getByRole('button', { name: /^Logout/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('shell/logout dialog');
      // The modes end with the visit: the next visitor starts with the plain display.
      await page.getByRole('dialog').getByRole('button', { name: 'LOGOUT', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('group', { name: 'Display' }).getByRole('button', { pressed: true })).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveClass(/kiosk-(high-contrast|large-text|low-reach)/);
    });
  });
}

test('the three modes combine on one page', async ({ page }) => {
  await page.goto(kiosk.url);
  await setDisplayModes(page, { highContrast: true, largeText: true, lowReach: true });
  await expect(page.locator('html')).toHaveClass(/kiosk-high-contrast/);
  await expect(page.locator('html')).toHaveClass(/kiosk-large-text/);
  await expect(page.locator('html')).toHaveClass(/kiosk-low-reach/);
  await expectControlsInReach(page, REACH_ZONE_PERCENT, 'shell/welcome');
  await expectReachBand(page, REACH_ZONE_PERCENT, 'Home', 'shell/welcome');
  await expectLargeText(page, 'shell/welcome');
  await docShot(page, 'display-all-modes-welcome.png');
});

test('with the controls moved down the top of the screen shows the facility and the section, nothing to tap', async ({
  page,
}) => {
  await page.goto(kiosk.url);
  await setDisplayModes(page, { lowReach: true });
  const band = page.getByTestId('reach-band');
  await expect(band).toContainText('Maple Street Self Storage');
  await expectReachBand(page, REACH_ZONE_PERCENT, 'Home', 'shell/welcome');
  await expectControlsInReach(page, REACH_ZONE_PERCENT, 'shell/welcome');
  // The band follows the visitor: another section, another heading.
  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expectReachBand(page, REACH_ZONE_PERCENT, 'Select a Space', 'rental/detail_page');
  await expectControlsInReach(page, REACH_ZONE_PERCENT, 'rental/detail_page');
  // Turned off, the screen is the kiosk's usual one again: no band, the app from the top.
  await setDisplayModes(page, { lowReach: false });
  await expect(band).toHaveCount(0);
});

/** Press `key` until `target` has the focus, as a keypad user steps to it (at most `limit` presses). */
async function pressUntilFocused(page: Page, key: string, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
  // The focus ring shows: focus-visible, with a ring at least 3 px thick.
  const ring = await target.evaluate((element) => ({
    visible: element.matches(':focus-visible'),
    outline: parseFloat(getComputedStyle(element).outlineWidth),
    style: getComputedStyle(element).outlineStyle,
  }));
  expect(ring.visible).toBe(true);
  expect(ring.style).not.toBe('none');
  expect(ring.outline).toBeGreaterThanOrEqual(3);
}

test('a keypad alone walks from the welcome to the first detail step, and Escape goes back', async ({ page }) => {
  await page.goto(kiosk.url);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  const menu = sidebar(page);
  await pressUntilFocused(page, 'Tab', menu.getByRole('button', { name: 'Home', exact: true }));
  // The arrows move through the menu's items. A key held down acts once (the kiosk has no key
  // repeat): the held arrow's repeats move nothing further.
  await page.keyboard.down('ArrowDown');
  await page.keyboard.down('ArrowDown');
  await page.keyboard.down('ArrowDown');
  await page.keyboard.up('ArrowDown');
  await expect(menu.getByRole('button', { name: 'Select a Space', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');

  const medium = page.locator('[data-group="medium"]').getByRole('button', { name: 'SELECT', exact: true });
  await pressUntilFocused(page, 'Tab', medium);
  await page.keyboard.press('Enter');
  const panel = page.locator('#unit-group-panel');
  const firstUnit = panel.locator('.unit-row').first().locator('.unit-row__select').first();
  await expect(firstUnit).toBeVisible();
  await pressUntilFocused(page, 'Tab', firstUnit);
  await page.keyboard.press('Enter');
  await expectSection(page, 'rent_this_space');

  // A dialog: Enter opens it, Escape closes it and gives the focus back.
  const byMobile = page.getByRole('button', { name: /Verify ID by mobile number/ });
  await pressUntilFocused(page, 'Tab', byMobile);
  await page.keyboard.press('ArrowRight');
  const alreadyCustomer = page.getByRole('button', { name: /I'm already a customer/ });
  await expect(alreadyCustomer).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(byMobile).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Verify ID by mobile number' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(byMobile).toBeFocused();

  await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: /Manually Verify ID/ }));
  await page.keyboard.press('Enter');
  await expectSection(page, 'info');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Escape is the screen's Cancel: back one section.
  await page.keyboard.press('Escape');
  await expectSection(page, 'rent_this_space');
});
