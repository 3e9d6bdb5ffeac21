import { expect, type Page } from '@playwright/test';
import { control, type RunningKiosk } from './kiosk.js';

/**
 * Called on each screen a walk shows, once it is ready, with the screen's name as the
 * accessibility report writes it ('<flow>/<screen>'): a suite checks what it needs there.
 */
export type ScreenCheck = (screen: string) => Promise<void>;

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
  /** Called on the space list and on the open unit group. */
  check?: ScreenCheck;
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
  await expect(card).toBeVisible();
  await opts.check?.('rental/detail_page');
  await card.getByRole('button', { name: 'SELECT', exact: true }).click();
  const panel = page.locator('#unit-group-panel');
  if (opts.check) {
    await expect(panel.locator('.unit-row').first()).toBeVisible();
    await opts.check('rental/detail_page (unit group)');
  }
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
export async function walkDetailSteps(page: Page, check?: ScreenCheck): Promise<void> {
  await expectSection(page, 'secondary_contact');
  await check?.('rental/secondary_contact');
  await page.getByText(/I waive my right/).click();
  await page
    .getByRole('group', { name: /active military/ })
    .getByText('No', { exact: true })
    .click();
  await tapDone(page);
  await expectSection(page, 'vehicle_storage');
  await check?.('rental/vehicle_storage');
  await page
    .getByRole('group', { name: /storing vehicle/ })
    .getByText('No', { exact: true })
    .click();
  await tapDone(page);
  await expectSection(page, 'discounts');
  await check?.('rental/discounts');
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

/** A field by its label, with or without the required asterisk. */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

export interface Tenant {
  first: string;
  last: string;
  email: string;
}

export const JANE: Tenant = { first: 'Jane', last: 'Tenant', email: 'jane.tenant@example.com' };

/** rent_this_space by the manual path, then info filled in (rental §2 Verify identity, Info). */
export async function verifyManually(
  page: Page,
  tenant: Tenant,
  options: { reservation?: boolean; check?: ScreenCheck } = {},
): Promise<void> {
  await options.check?.('rental/rent_this_space');
  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await expectSection(page, 'info');
  await field(page, 'Email').fill(tenant.email);
  await field(page, 'Cell Phone').pressSequentially('2175550182');
  await field(page, 'First Name').fill(tenant.first);
  await field(page, 'Last Name').fill(tenant.last);
  await field(page, 'Address').fill('1250 Maple Street');
  await field(page, 'City').fill('Springfield');
  await field(page, 'Zip Code').pressSequentially('62704');
  await expect(field(page, 'State')).toHaveValue('IL');
  await field(page, 'License Number').fill('D1234567');
  await field(page, 'Issuing State').selectOption('IL');
  await field(page, 'Expiration Date').pressSequentially('12312030');
  await answerNotBusiness(page);
  if (options.reservation) await page.getByText('I need a bit more time').click();
  await options.check?.('rental/info');
  await tapDone(page);
}

/** swipe_scan: the simulator "swipes" a test card; card_details shows it filled in. */
export async function swipe(
  page: Page,
  kiosk: RunningKiosk,
  outcome: 'approve' | 'decline' | 'amex',
  check?: ScreenCheck,
): Promise<void> {
  await expectSection(page, 'swipe_scan');
  await expect(page.getByRole('heading', { name: 'Please swipe your credit card' })).toBeVisible();
  await expect(page.getByText('Waiting for your card ...')).toBeVisible();
  await check?.('rental/swipe_scan');
  await control(`${kiosk.simulatorUrl}/__simulator/next`, { outcome });
  await expectSection(page, 'card_details');
}

/** panda_fields: the required fields, then Done. */
export async function fillAdditionalInformation(page: Page, check?: ScreenCheck): Promise<void> {
  await expectSection(page, 'panda_fields');
  await expect(page.getByRole('heading', { name: 'About your stored goods' })).toBeVisible();
  await page.getByLabel(/What will you store/).fill('Boxes and a bicycle');
  await page.getByRole('radio', { name: 'Personal use' }).check();
  await page.getByRole('checkbox', { name: /I will not store hazardous materials/ }).check();
  await check?.('rental/panda_fields');
  await tapDone(page);
}

/** panda_agreements: sign each document in its frame (`check` on the first). */
export async function signAll(page: Page, names: string[], check?: ScreenCheck): Promise<void> {
  await expectSection(page, 'panda_agreements');
  for (const [index, name] of names.entries()) {
    const frame = page.frameLocator(`iframe[title="${name}"]`);
    await expect(frame.getByRole('heading', { name })).toBeVisible();
    if (index === 0) await check?.('rental/panda_agreements');
    await frame.getByRole('button', { name: 'Sign' }).click();
  }
}
