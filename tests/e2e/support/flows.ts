import { expect, type Page } from '@playwright/test';
import { control, type RunningKiosk } from './kiosk.js';

/** The rental section the page shows (RentalScreen's data-rental-section). */
export const rentalSection = (page: Page) => page.locator('[data-rental-section]');

export interface ReachIdentityOptions {
  /** Category card to open (a unit group, e.g. 'medium', 'small', 'parking'). Default 'medium'. */
  group?: string;
  /** Pick this space row (door name, e.g. 'B-11'); default: the unit row's SELECT (space-type hold). */
  door?: string;
  /** Unit type to pick within the group (unit_id, e.g. 'm-10x10'); default: the first one with SELECT. */
  unitId?: string;
  /** Section expected after the hold: 'rent_this_space' (default), or 'info' when logged in. */
  expectSection?: string;
  /** Skip page.goto (the page already shows the kiosk). */
  skipGoto?: boolean;
}

/**
 * Open the kiosk, Select a Space, open a category, pick an available unit (or a given space) and
 * wait until the hold is done and the flow shows the identity step (rent_this_space).
 */
export async function reachIdentityStep(
  page: Page,
  kiosk: RunningKiosk,
  opts: ReachIdentityOptions = {},
): Promise<void> {
  if (!opts.skipGoto) await page.goto(kiosk.url);
  await page
    .getByRole('navigation', { name: 'Kiosk menu' })
    .getByRole('button', { name: 'Select a Space', exact: true })
    .click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  const card = page.locator(`[data-group="${opts.group ?? 'medium'}"]`);
  await card.getByRole('button', { name: 'SELECT', exact: true }).click();
  const panel = page.locator('#unit-group-panel');
  if (opts.door) {
    const row = panel.locator(`[data-door="${opts.door}"]`);
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: /^SELECT/ }).click();
  } else {
    const unit = opts.unitId ? panel.locator(`[data-unit-id="${opts.unitId}"]`) : panel.locator('.unit-row').first();
    await unit.locator('.unit-row__select').first().click();
  }
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', opts.expectSection ?? 'rent_this_space', {
    timeout: 20_000,
  });
}

/** Wait until the rental flow shows `name` (its data-rental-section). */
export const expectSection = (page: Page, name: string) =>
  expect(rentalSection(page)).toHaveAttribute('data-rental-section', name, { timeout: 20_000 });

/** Done as a visitor taps it, the on-screen keyboard open or not. */
export const tapDone = (page: Page) => page.getByRole('button', { name: 'Done', exact: true }).click();

/** secondary_contact (waived, not military), vehicle_storage (No) and discounts (None), as they come. */
export async function walkDetailSteps(page: Page): Promise<void> {
  await expectSection(page, 'secondary_contact');
  await page.getByText(/I waive my right/).click();
  await page
    .getByRole('group', { name: /active military/ })
    .getByText('No', { exact: true })
    .click();
  await tapDone(page);
  await expectSection(page, 'vehicle_storage');
  await page
    .getByRole('group', { name: /storing vehicle/ })
    .getByText('No', { exact: true })
    .click();
  await tapDone(page);
  await expectSection(page, 'discounts');
  await page.getByText('None', { exact: true }).click();
  await tapDone(page);
}

/** Answer 'Business Rental?' with No where the info form asks it (facilities may not). */
export async function answerNotBusiness(page: Page): Promise<void> {
  const business = page.getByRole('group', { name: /Business Rental\?/ });
  if (await business.isVisible()) await business.getByText('No', { exact: true }).click();
}

/** From the detail steps to the gate code: details walked, no insurance change, `gateCode` chosen. */
export async function walkToGateCode(page: Page, gateCode: string): Promise<void> {
  await walkDetailSteps(page);
  await expectSection(page, 'content_insurance');
  await tapDone(page);
  await expectSection(page, 'about_convenience');
  await page.getByLabel(/Choose your gate code/).pressSequentially(gateCode);
  await expect(page.getByText('This gate code is yours.')).toBeVisible();
}

/** swipe_scan: the card-reader simulator "swipes" a test card; card_details shows it filled in. */
export async function swipeCard(
  page: Page,
  kiosk: RunningKiosk,
  outcome: 'approve' | 'decline' | 'amex',
): Promise<void> {
  await expectSection(page, 'swipe_scan');
  await expect(page.getByRole('heading', { name: 'Please swipe your credit card' })).toBeVisible();
  await expect(page.getByText('Waiting for your card ...')).toBeVisible();
  await control(`${kiosk.simulatorUrl}/__simulator/next`, { outcome });
  await expectSection(page, 'card_details');
}

/** panda_fields: the sandbox's required fields, then Done (`shown` runs before Done, e.g. a screen check). */
export async function fillAdditionalInformation(page: Page, shown?: () => Promise<void>): Promise<void> {
  await expectSection(page, 'panda_fields');
  await expect(page.getByRole('heading', { name: 'About your stored goods' })).toBeVisible();
  await page.getByLabel(/What will you store/).fill('Boxes and a bicycle');
  await page.getByRole('radio', { name: 'Personal use' }).check();
  await page.getByRole('checkbox', { name: /I will not store hazardous materials/ }).check();
  if (shown) await shown();
  await tapDone(page);
}

/** panda_agreements: sign each document in its frame (`firstShown` runs once the first is on screen). */
export async function signAgreements(page: Page, names: string[], firstShown?: () => Promise<void>): Promise<void> {
  await expectSection(page, 'panda_agreements');
  for (const [index, name] of names.entries()) {
    const frame = page.frameLocator(`iframe[title="${name}"]`);
    await expect(frame.getByRole('heading', { name })).toBeVisible();
    if (index === 0 && firstShown) await firstShown();
    await frame.getByRole('button', { name: 'Sign' }).click();
  }
}
