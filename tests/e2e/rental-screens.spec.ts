import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { logIn, NO_RENTALS_USER, openPayBill, sidebar, TEST_USER } from './support/account.js';
import { rentalSection } from './support/flows.js';
import { control, useKiosk } from './support/kiosk.js';

/**
 * The ways back and the small print of the browse, map and account screens (rental spec §1, §2,
 * §3 Unit, §6, §9; shell spec §2): the size guide's and Link a Rental's Back, doors without a video
 * on the facility map, the operator's updated unit description, the picked unit's promos read
 * when it is picked, the Facility Manager beside 'Credit Card Payments ONLY', and the map
 * thumbnail's size. Demo data: docs/sandbox.md.
 */

const kiosk = useKiosk(test, { reset: ['sandbox'] });

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const SCREENSHOTS = 'test-results/rental-screens';
const UPDATED = 'Climate controlled 5x10 on the ground floor, a short walk from the loading dock.';
const ORIGINAL = 'Climate controlled 5x10 for furniture, electronics and documents.';
const OTHER_PAYMENTS = 'For other payment methods, please ask the Facility Manager.';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Your Storage' });

test("the size guide's Back returns to the welcome screen or to the space list with the card's category", async ({
  page,
}) => {
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'SIZE GUIDE', exact: true }).click();
  await expect(heading(page, 'SIZE GUIDE')).toBeVisible();
  await expectAccessible(page, 'browse/size guide (back)');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(heading(page, 'WELCOME')).toBeVisible();

  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  // The map thumbnail in the media slider is 283 x 91 (rental §9).
  const map = page.getByRole('button', { name: 'Open Map' });
  await expect(map).toBeVisible();
  expect(await map.boundingBox()).toMatchObject({ width: 283, height: 91 });

  await page.locator('[data-group="small"]').getByRole('button', { name: 'See what fits!' }).click();
  await expect(heading(page, 'SIZE GUIDE')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/size-guide.png` });
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  const panel = page.getByRole('region', { name: 'Small' });
  await expect(panel).toBeInViewport();

  // The operator's updated description (description_updated) replaces the description on the row ...
  const row = panel.locator('[data-unit-id="s-5x10-cc"]');
  await expect(row.getByText(UPDATED)).toBeVisible();
  await expect(page.getByText(ORIGINAL)).toHaveCount(0);
  // ... in a space's details ...
  const space = panel.locator('[data-door="A110"]');
  await space.getByRole('button', { name: 'Details' }).click();
  await expect(space.getByText(UPDATED)).toBeVisible();
  // ... and in the side panel once it is picked, beside the Facility Manager for other payments.
  await row.locator('.unit-row__select').click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space', { timeout: 20_000 });
  await expect(sidePanel(page).getByText(UPDATED)).toBeVisible();
  await expect(sidePanel(page).getByText('Credit Card Payments ONLY')).toBeVisible();
  await expect(sidePanel(page).getByText(OTHER_PAYMENTS)).toBeVisible();
  await expectAccessible(page, 'rental/rent_this_space (updated description, other payments)');
  await page.screenshot({ path: `${SCREENSHOTS}/side-panel.png` });
});

test('a promo the operator added after the list was read counts for the picked unit', async ({ page }) => {
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(page.locator('[data-group="extra_small"]')).toBeVisible();
  // The list is read; now the operator starts a first-month promo for the 4x5 lockers.
  await control(`${kiosk.sandboxUrl}/__sandbox/units/xs-4x5/promos`, { promo_ids: ['promo-half-first-month'] });
  await page.locator('[data-group="extra_small"]').getByRole('button', { name: 'SELECT', exact: true }).click();
  await page.locator('#unit-group-panel [data-unit-id="xs-4x5"] .unit-row__select').click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space', { timeout: 20_000 });
  const discount = sidePanel(page).locator('.cost-list__row--discount');
  await expect(discount).toContainText('Discount');
  await expect(discount).toContainText('-$');
});

test('on the facility map only the doors with a video are buttons', async ({ page }) => {
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'Facility map', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Facility map: Site plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unit A101: play video' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unit B-10: play video' })).toBeVisible();
  for (const door of ['A110', 'B-11', 'B-12', 'C-01', 'P-01']) {
    await expect(page.getByRole('button', { name: new RegExp(door) })).toHaveCount(0);
    await expect(page.getByText(`Unit ${door}: no video`, { exact: true })).toBeAttached();
  }
  await expectAccessible(page, 'account/facility map (doors without video)');
  await page.screenshot({ path: `${SCREENSHOTS}/facility-map.png` });
});

test('Link a Rental has a Back to the unit list', async ({ page }) => {
  await openPayBill(page, kiosk);
  await logIn(page, TEST_USER.email, TEST_USER.password);
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Link a Rental' }).click();
  await expect(heading(page, 'Link a space to your account')).toBeVisible();
  await expectAccessible(page, 'account/link rental (back)');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Link a Rental' })).toBeVisible();
});

test('Link a Rental has a Back to the welcome screen for an account without rentals', async ({ page }) => {
  await openPayBill(page, kiosk);
  await logIn(page, NO_RENTALS_USER.email, NO_RENTALS_USER.password);
  await expect(heading(page, 'Link a space to your account')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(heading(page, 'WELCOME')).toBeVisible();
});
