import { expect, type Locator, type Page } from '@playwright/test';
import { control, type RunningKiosk } from './kiosk.js';
import { ENGLISH, type KioskTexts } from './texts.js';

/**
 * Called on each screen a walk shows, once it is ready, with the screen's name as the
 * accessibility report writes it ('<flow>/<screen>'): a suite checks what it needs there.
 */
export type ScreenCheck = (screen: string) => Promise<void>;

/** What a walk may be given: the kiosk's language (English by default) and a check per screen. */
export interface WalkOptions {
  texts?: KioskTexts;
  check?: ScreenCheck;
}

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
  /** The language the kiosk shows (support/texts.ts); English by default. */
  texts?: KioskTexts;
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
  const texts = opts.texts ?? ENGLISH;
  if (!opts.skipGoto) await page.goto(kiosk.url);
  await page
    .getByRole('navigation', { name: texts.menu })
    .getByRole('button', { name: texts.selectSpace, exact: true })
    .click();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  const card = page.locator(`[data-group="${opts.group ?? 'medium'}"]`);
  await expect(card).toBeVisible();
  await opts.check?.('rental/detail_page');
  await card.getByRole('button', { name: texts.select, exact: true }).click();
  const panel = page.locator('#unit-group-panel');
  if (opts.check) {
    await expect(panel.locator('.unit-row').first()).toBeVisible();
    await opts.check('rental/detail_page (unit group)');
  }
  if (opts.door) {
    const row = panel.locator(`[data-door="${opts.door}"]`);
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: new RegExp(`^${texts.select}`) }).click();
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
export const tapDone = (page: Page, texts: KioskTexts = ENGLISH) =>
  page.getByRole('button', { name: texts.done, exact: true }).click();

/** secondary_contact (waived, not military), vehicle_storage (No) and discounts (None), as they come. */
export async function walkDetailSteps(page: Page, { texts = ENGLISH, check }: WalkOptions = {}): Promise<void> {
  await expectSection(page, 'secondary_contact');
  await check?.('rental/secondary_contact');
  await page.getByText(texts.waive).click();
  await page.getByRole('group', { name: texts.military }).getByText(texts.no, { exact: true }).click();
  await tapDone(page, texts);
  await expectSection(page, 'vehicle_storage');
  await check?.('rental/vehicle_storage');
  await page.getByRole('group', { name: texts.vehicle }).getByText(texts.no, { exact: true }).click();
  await tapDone(page, texts);
  await expectSection(page, 'discounts');
  await check?.('rental/discounts');
  await page.getByText(texts.noDiscount, { exact: true }).click();
  await tapDone(page, texts);
}

/** Answer 'Business Rental?' with No where the info form asks it (facilities may not). */
export async function answerNotBusiness(page: Page, texts: KioskTexts = ENGLISH): Promise<void> {
  const business = page.getByRole('group', { name: texts.business });
  if (await business.isVisible()) await business.getByText(texts.no, { exact: true }).click();
}

/** What a suite checks on the steps walkToGateCode passes (each runs before that step's Done). */
export interface GateCodeWalkChecks {
  contentInsurance?: () => Promise<void>;
  aboutConvenience?: () => Promise<void>;
}

/** From the detail steps to the gate code: details walked, no insurance change, `gateCode` chosen. */
export async function walkToGateCode(
  page: Page,
  gateCode: string,
  { texts = ENGLISH, check, ...checks }: GateCodeWalkChecks & WalkOptions = {},
): Promise<void> {
  await walkDetailSteps(page, { texts, check });
  await expectSection(page, 'content_insurance');
  await checks.contentInsurance?.();
  await tapDone(page, texts);
  await expectSection(page, 'about_convenience');
  await checks.aboutConvenience?.();
  await chooseGateCode(page, gateCode, texts);
}

/** about_convenience: type `gateCode` and wait until the kiosk says it is free. */
export async function chooseGateCode(page: Page, gateCode: string, texts: KioskTexts = ENGLISH): Promise<void> {
  await page.getByLabel(texts.gateCode).pressSequentially(gateCode);
  await expect(page.getByText(texts.gateCodeYours)).toBeVisible();
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
  options: WalkOptions & { reservation?: boolean } = {},
): Promise<void> {
  const texts = options.texts ?? ENGLISH;
  const label = texts.fields;
  await options.check?.('rental/rent_this_space');
  await page.getByRole('button', { name: texts.verifyManually }).click();
  await expectSection(page, 'info');
  await field(page, label.email).fill(tenant.email);
  await field(page, label.cellPhone).pressSequentially('2175550182');
  await field(page, label.firstName).fill(tenant.first);
  await field(page, label.lastName).fill(tenant.last);
  await field(page, label.address).fill('1250 Maple Street');
  await field(page, label.city).fill('Springfield');
  await field(page, label.zip).pressSequentially('62704');
  await expect(field(page, label.state)).toHaveValue('IL');
  await field(page, label.licenceNumber).fill('D1234567');
  await field(page, label.issuingState).selectOption('IL');
  await field(page, label.expirationDate).pressSequentially('12312030');
  await answerNotBusiness(page, texts);
  if (options.reservation) await page.getByText(texts.moreTime).click();
  await options.check?.('rental/info');
  await tapDone(page, texts);
}

/** swipe_scan: the simulator "swipes" a test card; card_details shows it filled in. */
export async function swipe(
  page: Page,
  kiosk: RunningKiosk,
  outcome: 'approve' | 'decline' | 'amex',
  { texts = ENGLISH, check }: WalkOptions = {},
): Promise<void> {
  await expectSection(page, 'swipe_scan');
  await expect(page.getByRole('heading', { name: texts.swipeTitle })).toBeVisible();
  await expect(page.getByText(texts.waitingForCard)).toBeVisible();
  await check?.('rental/swipe_scan');
  await control(`${kiosk.simulatorUrl}/__simulator/next`, { outcome });
  await expectSection(page, 'card_details');
}

/**
 * panda_fields: the demo facility's required fields (the operator's own English, whatever the
 * kiosk's language), `check` if given (e.g. an accessibility check), then Done.
 */
export async function fillAdditionalInformation(page: Page, options: WalkOptions = {}): Promise<void> {
  await expectSection(page, 'panda_fields');
  await expect(page.getByRole('heading', { name: 'About your stored goods' })).toBeVisible();
  await page.getByLabel(/What will you store/).fill('Boxes and a bicycle');
  await page.getByRole('radio', { name: 'Personal use' }).check();
  await page.getByRole('checkbox', { name: /I will not store hazardous materials/ }).check();
  await options.check?.('rental/panda_fields');
  await tapDone(page, options.texts);
}

/** panda_agreements: sign each document in its frame (the operator's pages); `check` on the first. */
export async function signAll(page: Page, names: string[], check?: ScreenCheck): Promise<void> {
  await expectSection(page, 'panda_agreements');
  for (const [index, name] of names.entries()) {
    const frame = page.frameLocator(`iframe[title="${name}"]`);
    await expect(frame.getByRole('heading', { name })).toBeVisible();
    if (index === 0) await check?.('rental/panda_agreements');
    await tapInFrame(page, `iframe[title="${name}"]`, frame.getByRole('button', { name: 'Sign' }));
  }
}

/**
 * Tap a control inside a frame where the screen draws it. Under Large text the page is zoomed
 * (CSS zoom) and Playwright places clicks inside a zoomed frame where the control would be
 * unzoomed (microsoft/playwright#21192: zoom is not supported), so the tap goes to the drawn
 * position as a visitor's finger would: the frame's box on the page plus the control's box in
 * the frame, scaled by the frame's zoom.
 */
export async function tapInFrame(page: Page, frameSelector: string, control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  // Scrolled within the frame's page as a finger would, to the middle of what the frame shows.
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const frameBox = await page.locator(frameSelector).boundingBox();
  const inFrame = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, width: window.innerWidth };
  });
  if (!frameBox) throw new Error(`${frameSelector} is not on the screen`);
  const scale = frameBox.width / inFrame.width;
  if (Math.abs(scale - 1) < 0.01) {
    await control.click();
    return;
  }
  await page.mouse.click(frameBox.x + inFrame.x * scale, frameBox.y + inFrame.y * scale);
}
