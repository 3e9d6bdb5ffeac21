import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { reachIdentityStep, rentalSection } from './support/flows.js';
import { E2E_API_KEY, startKiosk, useKiosk } from './support/kiosk.js';

/**
 * Browse and hold (rental spec §2 Detail page, Hold screen, Size guide, Find reservation, Side
 * panel; §4 Selection and hold, Space status, Cost calculation; §8) against the built UI, the built
 * daemon and its sandbox. Demo data: docs/sandbox.md.
 */

const kiosk = useKiosk(test, { reset: ['sandbox'] });

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Kiosk menu' });

async function openSpaceList(page: Page, url = kiosk.url): Promise<void> {
  await page.goto(url);
  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
}

async function openCategory(page: Page, group: string): Promise<void> {
  await page.locator(`[data-group="${group}"]`).getByRole('button', { name: 'SELECT', exact: true }).click();
  await expect(page.locator('#unit-group-panel')).toBeVisible();
}

const spaceRow = (page: Page, door: string) => page.locator(`#unit-group-panel [data-door="${door}"]`);

/** A space row looks its status up once it is on screen (rental §4 "Space status"). */
async function seeRow(page: Page, door: string) {
  const row = spaceRow(page, door);
  await row.scrollIntoViewIfNeeded();
  return row;
}

/** Slow the hold calls down so the hold screen stays long enough to look at. */
async function slowHolds(page: Page, ms = 1500): Promise<void> {
  await page.route(/\/api\/facilities\/[^/]+\/(spaces|space-types)\/[^/]+\/hold\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

function money(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(
    amount,
  );
}

interface Release {
  space_id: string;
  outcome: string;
}

async function releases(): Promise<Release[]> {
  const response = await fetch(`${kiosk.sandboxUrl}/__sandbox/releases`);
  return ((await response.json()) as { releases: Release[] }).releases;
}

async function activeHolds(): Promise<{ space_id: string; door_name: string }[]> {
  const response = await fetch(`${kiosk.sandboxUrl}/__sandbox/state/holds`);
  return ((await response.json()) as { holds: { space_id: string; door_name: string }[] }).holds;
}

test('the detail page lists the categories in order with counts, best prices and facility info', async ({ page }) => {
  await openSpaceList(page);
  const titles = page.locator('.category-card__title');
  await expect(titles.first()).toBeVisible();
  await expect(page.locator('.media-slider__spinner')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/browse-detail-top.png' });
  await expectAccessible(page, 'rental/detail_page');
  const order = [
    'Wine Storage',
    'X-Small',
    'Small',
    'Medium',
    'Large',
    'X-Large',
    'Parking',
    'Mobile Cube',
    'Other Units',
  ];
  const shown = await titles.allTextContents();
  expect(shown).toEqual(order.filter((title) => shown.includes(title)));
  await expect(page.locator('[data-group="medium"]')).toContainText(/\d+ UNITS\/SPACES LEFT/);
  await expect(page.locator('[data-group="medium"]')).toContainText('BEST PRICE');
  await expect(page.locator('[data-group="extra_large"]')).toContainText('0 UNITS/SPACES LEFT');
  await expect(page.getByTestId('sizes-for-rent')).toHaveText(/\d+ sizes for rent/);
  await expect(page.getByRole('heading', { name: 'Maple Street Self Storage', exact: true })).toBeVisible();
  await expect(page.locator('.hours__row--today').first()).toBeVisible();
  await expect(page.getByText('Rosa Ortega')).toBeVisible();
  // The broken review picture falls back to the default image.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>('.review__avatar')].every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);

  // Space rows look their status up when they scroll into view.
  await openCategory(page, 'medium');
  await expect(await seeRow(page, 'B-10')).toContainText('SELECT');
  await expect(await seeRow(page, 'B-13')).toContainText('OCCUPIED');
  await expect(await seeRow(page, 'B-14')).toContainText('TEMPORARY HOLD IN PLACE');
  await expect(await seeRow(page, 'B-12')).toContainText('UNAVAILABLE');
  await spaceRow(page, 'B-10').getByRole('button', { name: 'Details' }).click();
  await expect(spaceRow(page, 'B-10')).toContainText('Door Height');
  await spaceRow(page, 'B-10').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/browse-group-medium.png' });
  await openCategory(page, 'other');
  await expect(page.locator('[data-unit-id="other-office"]')).toContainText('CALL');

  await page.screenshot({ path: 'test-results/browse-detail-page.png' });
  await expectAccessible(page, 'rental/detail_page (unit group open)');
});

test('the media popup opens at the tapped item and pages on to the map and the street view', async ({ page }) => {
  await openSpaceList(page);
  const slider = page.getByRole('region', { name: 'Photos, map and videos' });
  await slider.getByRole('button', { name: 'Open Map' }).click();
  const popup = page.getByRole('dialog', { name: 'Map' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('2 of');
  await page.screenshot({ path: 'test-results/browse-media-popup.png' });
  await expectAccessible(page, 'rental/media popup');
  await popup.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Street view' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(dialog).toContainText('1 of');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('pick a category and a unit: hold screen, then the identity step with the sandbox total', async ({ page }) => {
  await slowHolds(page);
  const cost = page.waitForResponse((response) => response.url().includes('/rental-cost/'));
  await openSpaceList(page);
  await openCategory(page, 'medium');
  await page.locator('[data-unit-id="m-10x10"] .unit-row__select').click();

  await expect(page.getByRole('heading', { name: 'We are putting your space on hold.' })).toBeVisible();
  await page.screenshot({ path: 'test-results/browse-hold-screen.png' });
  await expectAccessible(page, 'rental/hold_unit');

  const body = (await (await cost).json()) as {
    application_data: { result: { costs: { name: string; total: number; amount: number }[] } };
  };
  const costs = body.application_data.result.costs;
  const total = costs[costs.length - 1]!;
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space');
  const panel = page.getByRole('complementary', { name: 'Your Storage' });
  await expect(panel).toContainText('10 X 10');
  await expect(panel).toContainText('Total Cost to Move In');
  await expect(panel.getByTestId('move-in-total')).toHaveText(money(total.total ?? total.amount));
  await expect(panel).toContainText('Prorated Rent');
  await expect(panel.getByText('Tax', { exact: true })).toHaveCount(1);
  await expect(panel).toContainText('Credit Card Payments ONLY');
  await page.screenshot({ path: 'test-results/browse-identity-step.png' });
  expect((await activeHolds()).map((hold) => hold.door_name)).toEqual(['B-10']);

  // CHANGE goes back to the space list and gives the space up.
  await panel.getByRole('button', { name: 'CHANGE' }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expect.poll(async () => (await activeHolds()).length).toBe(0);
});

test('searching a door number finds it first and a pick from search goes on after the delay', async ({ page }) => {
  await openSpaceList(page);
  await page.getByRole('button', { name: 'FIND THIS SPACE' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();

  await page.getByRole('textbox', { name: 'Space Number' }).fill('ZZZ');
  await page.getByRole('button', { name: 'FIND THIS SPACE' }).click();
  await expect(page.getByText('No spaces found')).toBeVisible();
  await expectAccessible(page, 'rental/space search (none found)');

  await page.getByRole('textbox', { name: 'Space Number' }).fill('015');
  await page.getByRole('button', { name: 'FIND THIS SPACE' }).click();
  const first = page.locator('.search-results [data-door]').first();
  await expect(first).toHaveAttribute('data-door', '015');
  await expectAccessible(page, 'rental/space search (results)');
  await first.getByRole('button', { name: /^SELECT/ }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'hold_unit');
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space');
  expect((await activeHolds()).map((hold) => hold.door_name)).toEqual(['015']);
});

test('a unit the sandbox refuses to hold shows the alert and returns to the list', async ({ page }) => {
  await openSpaceList(page);
  await openCategory(page, 'medium');
  await (await seeRow(page, 'X999')).getByRole('button', { name: /^SELECT/ }).click();
  const alert = page.getByRole('dialog', { name: 'Sorry! Unit X999 is not available. Please choose another unit.' });
  await expect(alert).toBeVisible();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await page.screenshot({ path: 'test-results/browse-hold-refused.png' });
  await expectAccessible(page, 'rental/hold refused dialog');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(page.locator('[data-group="medium"]')).toBeVisible();
});

test('a unit whose move-in cost fails shows the cost alert and gives the space back', async ({ page }) => {
  await openSpaceList(page);
  await openCategory(page, 'other');
  await page.locator('[data-unit-id="other-boat"] .unit-row__select').click();
  const alert = page.getByRole('dialog', {
    name: 'Sorry! We are unable to calculate move in cost for this unit. Please try again',
  });
  await expect(alert).toBeVisible();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expectAccessible(page, 'rental/move-in cost failed dialog');
  await expect.poll(async () => (await releases()).map((r) => r.space_id)).toContain('sp-bs-1');
  expect(await activeHolds()).toEqual([]);
});

test("the size guide's CHOOSE THIS SIZE opens that group on the space list", async ({ page }) => {
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'SIZE GUIDE', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'SIZE GUIDE', exact: true })).toBeVisible();
  await expect(page.getByText('Which unit size is right for you?')).toBeVisible();
  await expect(page.locator('[data-size="extra_large"]')).toContainText(
    'Sorry, unfortunately no units available in this size',
  );
  await page.screenshot({ path: 'test-results/browse-size-guide.png' });
  await expectAccessible(page, 'rental/size guide');
  await page.locator('[data-size="small"]').getByRole('button', { name: 'CHOOSE THIS SIZE' }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expect(page.locator('#unit-group-title')).toHaveText('Small');
  await expect(page.locator('[data-group="small"]')).toHaveClass(/category-card--open/);
});

test('two kiosks cannot hold the same space', async ({ browser }) => {
  // A second daemon on the same sandbox: another kiosk of the same facility.
  const second = await startKiosk({
    env: {
      KIOSK_UPSTREAM_URL: `${kiosk.sandboxUrl}/api/v1`,
      KIOSK_CONTENT_ORIGINS: kiosk.sandboxUrl,
      KIOSK_LOG_URL: `${kiosk.sandboxUrl}/applications/logging/log`,
      KIOSK_API_KEY: E2E_API_KEY,
    },
  });
  const one = await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
  const two = await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
  try {
    const pageOne = await one.newPage();
    const pageTwo = await two.newPage();
    // The second kiosk shows B-11 free...
    await openSpaceList(pageTwo, second.url);
    await openCategory(pageTwo, 'medium');
    await expect(await seeRow(pageTwo, 'B-11')).toContainText('SELECT');
    // ...then the first kiosk holds it...
    await reachIdentityStep(pageOne, kiosk, { door: 'B-11' });
    // ...so the second kiosk's pick is refused.
    await spaceRow(pageTwo, 'B-11')
      .getByRole('button', { name: /^SELECT/ })
      .click();
    await expect(
      pageTwo.getByRole('dialog', { name: 'Sorry! Unit B-11 is not available. Please choose another unit.' }),
    ).toBeVisible();
    await expect(rentalSection(pageTwo)).toHaveAttribute('data-rental-section', 'detail_page');
    await pageTwo.getByRole('button', { name: 'OK' }).click();
    await expect(await seeRow(pageTwo, 'B-11')).toContainText('TEMPORARY HOLD IN PLACE');
    expect((await activeHolds()).map((hold) => hold.door_name)).toEqual(['B-11']);
  } finally {
    await one.close();
    await two.close();
    await second.stop();
  }
});

test('find reservation: a wrong code shows the server errors, the right one holds the reserved space for the move-in', async ({
  page,
}) => {
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'Find my reservation', exact: true }).click();
  await expect(page.getByRole('heading', { name: "Great! Let's look up your Reservation" })).toBeVisible();
  await expectAccessible(page, 'reservation/find_reservation');

  await page.getByRole('button', { name: 'FIND MY RESERVATION' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();

  await page.getByLabel('Reservation Code').fill('WRONG123');
  await page.getByRole('button', { name: 'FIND MY RESERVATION' }).click();
  const errors = page.locator('.find-reservation__errors li');
  await expect(errors.first()).toHaveText('No reservation found with this code.');
  await page.screenshot({ path: 'test-results/browse-find-reservation.png' });
  await expectAccessible(page, 'reservation/find_reservation (not found)');

  await page.getByLabel('Reservation Code').fill('DEMO1234');
  await page.getByRole('button', { name: 'FIND MY RESERVATION' }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space');
  const panel = page.getByRole('complementary', { name: 'Your Storage' });
  await expect(panel).toContainText('#B-12');
  await expect(panel.getByTestId('move-in-total')).toBeVisible();
  await expectAccessible(page, 'reservation/rent_this_space');
  expect((await activeHolds()).map((hold) => hold.door_name)).toEqual(['B-12']);
});

test('leaving the rental area releases the held space', async ({ page }) => {
  await reachIdentityStep(page, kiosk);
  expect((await activeHolds()).map((hold) => hold.door_name)).toEqual(['B-10']);
  await sidebar(page).getByRole('button', { name: 'Home', exact: true }).click();
  await expect
    .poll(async () => (await releases()).filter((r) => r.space_id === 'sp-b-10').map((r) => r.outcome))
    .toContain('released');
  expect(await activeHolds()).toEqual([]);
});

test('Select a Space opens clean after Home and the size guide; rows below the fold show their status once scrolled to', async ({
  page,
}) => {
  await openSpaceList(page);
  await openCategory(page, 'medium');
  await page.locator('main').getByRole('button', { name: 'Home', exact: true }).click();
  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expect(page.locator('#unit-group-panel')).toHaveCount(0);
  await expect(
    page.locator('[data-group="medium"]').getByRole('button', { name: 'SELECT', exact: true }),
  ).toHaveAttribute('aria-expanded', 'false');

  await openCategory(page, 'medium');
  const last = await seeRow(page, 'X999');
  await expect(last.getByRole('button', { name: /^SELECT/ })).toBeVisible();
  await expect(last).not.toContainText('Loading');

  await page.locator('main').getByRole('button', { name: 'Home', exact: true }).click();
  await sidebar(page).getByRole('button', { name: 'SIZE GUIDE', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'SIZE GUIDE', exact: true })).toBeVisible();
  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expect(page.locator('#unit-group-panel')).toHaveCount(0);
});

test('Select a Space in the sidebar during the flow goes back to the list and gives the space back, asking once details are typed', async ({
  page,
}) => {
  await reachIdentityStep(page, kiosk);
  expect((await activeHolds()).map((hold) => hold.door_name)).toEqual(['B-10']);
  // Nothing typed on the identity step: straight back to the list.
  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expect.poll(async () => (await activeHolds()).length).toBe(0);

  await reachIdentityStep(page, kiosk);
  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'info');
  await page.getByLabel(/^First Name/).fill('Casey');
  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave this rental?' });
  await expect(leave).toContainText('The details you entered will be cleared and your space will be released.');
  await expectAccessible(page, 'rental/info (leave this rental?)');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toHaveCount(0);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'info');
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Casey');
  expect((await activeHolds()).map((hold) => hold.door_name)).toEqual(['B-10']);

  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  await expect.poll(async () => (await activeHolds()).length).toBe(0);
});
