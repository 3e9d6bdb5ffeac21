import { stripVTControlCharacters } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { GOOD_CARD, TEST_USER, TEXT_CODE } from './support/account.js';
import {
  answerNotBusiness,
  expectSection,
  field,
  fillAdditionalInformation,
  JANE,
  rentalSection,
  signAll,
} from './support/flows.js';
import { onScreenKeyboard } from './support/keyboard.js';
import { control, useKiosk } from './support/kiosk.js';
import { ENGLISH, SPANISH, type KioskTexts } from './support/texts.js';
import {
  attachReport,
  checkScreen,
  openInMode,
  tap,
  tr,
  VISUAL_MODES,
  type VisualMode,
  type VisualRow,
} from './support/visual.js';

/**
 * Every screen in every mode and screen size, measured (support/visual.ts, docs/visual-checks.md):
 * one walk per mode that checks each screen as it reaches it: a rental from the welcome to its
 * result, a bill payment, and the screens of the menu. Each screen x mode is a step with a
 * screenshot; the mode's rows are attached as `visual-report`. A walk that cannot go on (a control
 * nobody can reach) ends that part and says where; the other parts still run.
 */

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader', 'printer'] });

const YEAR = String(new Date().getFullYear() + 4);

interface Walk {
  page: Page;
  mode: VisualMode;
  texts: KioskTexts;
  rows: VisualRow[];
  notes: string[];
  /** Parts of the walk that could not be finished, with where they stopped. */
  blocked: string[];
}

const t = (walk: Walk, key: string) => tr(walk.mode.language, key);
const check = (walk: Walk, screen: string) => checkScreen(walk.page, walk.mode, screen, walk.rows, walk.notes);
const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' });
const sidebarItem = (walk: Walk, section: string) =>
  walk.page
    .getByRole('navigation', { name: t(walk, 'shell.sidebar.label') })
    .getByRole('button', { name: t(walk, `shell.sections.${section}`), exact: true });

/** Put the on-screen keyboard away as a visitor does: a tap on the page's heading, outside any field. */
async function closeKeyboard(walk: Walk): Promise<void> {
  if (!(await onScreenKeyboard(walk.page).isVisible())) return;
  await tap(walk.page.locator('h1').first(), walk.notes);
  await expect(onScreenKeyboard(walk.page)).toBeHidden();
}

const plain = (error: unknown) => stripVTControlCharacters(String(error)).split('\n').slice(0, 3).join(' ');

async function part(walk: Walk, name: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    walk.blocked.push(`${name}: ${plain(error)}`);
    expect.soft(error, `${name} walked to its end in ${walk.mode.label}`).toBeUndefined();
  }
}

/** A rental: the space list, the hold, the identity choice and its mobile dialog, the steps, the payment, the result. */
async function rental(walk: Walk): Promise<void> {
  const { page, texts, notes } = walk;
  await openInMode(page, kiosk.url, walk.mode);
  await check(walk, 'shell/welcome');
  await tap(sidebarItem(walk, 'rent'), notes);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  const card = page.locator('[data-group="medium"]');
  await expect(card).toBeVisible();
  // The media slider's spinner of the first second (rental §2) has gone, as it has for a visitor who looks.
  await expect(page.locator('.media-slider__spinner')).toHaveCount(0);
  await check(walk, 'rental/space list');
  await tap(button(card, t(walk, 'browse.select')), notes);
  const panel = page.locator('#unit-group-panel');
  await expect(panel.locator('.unit-row').first()).toBeVisible();
  await check(walk, 'rental/space list (category open)');
  // A row's status is looked up once it scrolls into view: the visitor scrolls to it first.
  const row = panel.locator('[data-door="B-10"]');
  await row.scrollIntoViewIfNeeded();
  await tap(row.getByRole('button', { name: new RegExp(`^${texts.select}`) }), notes);
  await expectSection(page, 'rent_this_space');
  await check(walk, 'rental/hold and identity choice');

  await tap(button(page, t(walk, 'identity.verify.by_mobile')), notes);
  const dialog = page.getByRole('dialog', { name: t(walk, 'identity.verify.by_mobile') });
  await dialog.getByLabel(t(walk, 'identity.mobile.phone'), { exact: true }).focus();
  await expect(onScreenKeyboard(page)).toBeVisible();
  await check(walk, 'rental/mobile verification dialog (keyboard open)');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await tap(button(page, texts.verifyManually), notes);
  await expectSection(page, 'info');
  const label = texts.fields;
  await field(page, label.email).fill(JANE.email);
  await field(page, label.cellPhone).pressSequentially('2175550182');
  await field(page, label.firstName).fill(JANE.first);
  await field(page, label.lastName).fill(JANE.last);
  await field(page, label.address).fill('1250 Maple Street');
  await field(page, label.city).fill('Springfield');
  await field(page, label.zip).pressSequentially('62704');
  await field(page, label.licenceNumber).fill('D1234567');
  await field(page, label.issuingState).selectOption('IL');
  await field(page, label.expirationDate).pressSequentially('12312030');
  await answerNotBusiness(page, texts);
  await closeKeyboard(walk);
  await check(walk, 'rental/info form');
  await tap(button(page, texts.done), notes);

  await expectSection(page, 'secondary_contact');
  await check(walk, 'rental/secondary contact');
  await tap(page.getByText(texts.waive), notes);
  await tap(page.getByRole('group', { name: texts.military }).getByText(texts.no, { exact: true }), notes);
  await tap(button(page, texts.done), notes);
  await expectSection(page, 'vehicle_storage');
  await tap(page.getByRole('group', { name: texts.vehicle }).getByText(texts.no, { exact: true }), notes);
  await tap(button(page, texts.done), notes);
  await expectSection(page, 'discounts');
  await check(walk, 'rental/discounts');
  await tap(page.getByText(texts.noDiscount, { exact: true }), notes);
  await tap(button(page, texts.done), notes);

  await expectSection(page, 'content_insurance');
  await check(walk, 'rental/options: insurance');
  await tap(button(page, texts.done), notes);
  await expectSection(page, 'about_convenience');
  await page.getByLabel(texts.gateCode).pressSequentially('5678');
  await expect(page.getByText(texts.gateCodeYours)).toBeVisible();
  await closeKeyboard(walk);
  await check(walk, 'rental/options: gate code, lock, autopay');
  await tap(button(page, texts.done), notes);

  await expectSection(page, 'swipe_scan');
  await control(`${kiosk.simulatorUrl}/__simulator/next`, { outcome: 'approve' });
  await expectSection(page, 'card_details');
  await page.getByLabel(t(walk, 'rental.card.cvv'), { exact: true }).pressSequentially('987');
  await closeKeyboard(walk);
  await check(walk, 'rental/payment card form');
  await tap(button(page, t(walk, 'rental.card.complete_rental')), notes);

  await fillAdditionalInformation(page, {
    texts,
    check: async () => {
      await closeKeyboard(walk);
      await check(walk, 'rental/additional information');
    },
  });
  await signAll(page, ['Rental Agreement', 'Certificate of Protection'], async () => {
    await check(walk, 'rental/lease signing');
  });
  await expectSection(page, 'confirm_rental');
  await expect(page.locator('.confirm__code-value')).toHaveText('5678');
  await check(walk, 'rental/result with the gate-code choice');
}

/** Pay My Bill: login, the unit list with a unit ticked, the card form, the result. */
async function payBill(walk: Walk): Promise<void> {
  const { page, texts, notes } = walk;
  await openInMode(page, kiosk.url, walk.mode);
  await tap(sidebarItem(walk, 'pay_bill'), notes);
  await expect(page.getByRole('heading', { name: texts.loginTitle })).toBeVisible();
  await page.getByLabel(texts.fields.email, { exact: true }).fill(TEST_USER.email);
  await page.getByLabel(texts.password, { exact: true }).fill(TEST_USER.password);
  await closeKeyboard(walk);
  await check(walk, 'pay-bill/login');
  await tap(button(page, texts.login), notes);
  const a102 = page.getByRole('article', { name: t(walk, 'pay_bill.unit.title').replace('{{unit}}', 'A102') });
  await expect(a102).toBeVisible({ timeout: 15_000 });
  await tap(a102.getByLabel(t(walk, 'pay_bill.unit.pay_my_bill')), notes);
  await expect(a102.getByLabel(t(walk, 'pay_bill.unit.pay_my_bill'))).toBeChecked();
  await check(walk, 'pay-bill/unit list');
  await tap(button(page, t(walk, 'pay_bill.make_payment')), notes);
  await tap(button(page, t(walk, 'pay_bill.swipe.enter_manually')), notes);
  await expect(page.getByRole('heading', { name: t(walk, 'pay_bill.card_form.title') })).toBeVisible();
  await page.getByLabel(t(walk, 'pay_bill.card_form.card_name')).fill('Taylor Morgan');
  await page.getByLabel(t(walk, 'pay_bill.card_form.card_number')).fill(GOOD_CARD);
  await page.getByLabel(t(walk, 'pay_bill.card_form.exp_month')).selectOption('12');
  await page.getByLabel(t(walk, 'pay_bill.card_form.exp_year')).selectOption(YEAR);
  await page.getByLabel(t(walk, 'pay_bill.card_form.cvv')).fill('987');
  await closeKeyboard(walk);
  await check(walk, 'pay-bill/card form');
  await tap(button(page, t(walk, 'pay_bill.make_payment')), notes);
  await expect(page.getByRole('heading', { name: t(walk, 'pay_bill.result.success_title') })).toBeVisible({
    timeout: 15_000,
  });
  await check(walk, 'pay-bill/result');
}

/** MY STORAGE after its login by text: the units, the gate code sent, contact details, move out. */
async function myStorage(walk: Walk): Promise<void> {
  const { page, notes } = walk;
  await openInMode(page, kiosk.url, walk.mode);
  await tap(sidebarItem(walk, 'my_storage'), notes);
  const phone = page.getByLabel(new RegExp(`^${t(walk, 'identity.login.phone')}`));
  await phone.pressSequentially(TEST_USER.phone);
  await tap(button(page, t(walk, 'identity.login.send_code')), notes);
  await page.getByLabel(new RegExp(`^${t(walk, 'identity.login.code')}`)).pressSequentially(TEXT_CODE);
  const a102 = page.getByRole('article', { name: t(walk, 'my_storage.units.unit').replace('{{door}}', 'A102') });
  await expect(a102).toBeVisible({ timeout: 15_000 });
  await closeKeyboard(walk);
  await check(walk, 'my-storage/units');
  await tap(a102.getByRole('button', { name: t(walk, 'my_storage.actions.gate_code') }), notes);
  await expect(a102.getByRole('status')).toHaveText(/0147/);
  await check(walk, 'my-storage/gate code sent');
  await tap(button(page, t(walk, 'my_storage.actions.contact')), notes);
  await expect(
    page.getByRole('heading', { name: t(walk, 'my_storage.contact_details.title'), exact: true }),
  ).toBeVisible();
  await check(walk, 'my-storage/contact details');
  // Back from the menu: the tenant is still logged in.
  await tap(sidebarItem(walk, 'my_storage'), notes);
  await expect(a102).toBeVisible({ timeout: 15_000 });
  await tap(button(page, t(walk, 'my_storage.actions.move_out')), notes);
  await expect(page.getByRole('heading', { name: t(walk, 'my_storage.move_out.title'), exact: true })).toBeVisible();
  await check(walk, 'my-storage/move out');
}

/** The menu's other screens, each from the sidebar. */
async function menuScreens(walk: Walk): Promise<void> {
  const { page, notes } = walk;
  await openInMode(page, kiosk.url, walk.mode);
  const screens: [string, string, () => Promise<void>][] = [
    [
      'size_guide',
      'shell/size guide',
      () =>
        expect(page.getByRole('heading', { name: t(walk, 'shell.sections.size_guide'), exact: true })).toBeVisible(),
    ],
    ['facility_map', 'shell/facility map', () => expect(page.locator('.facility-map__box')).toBeVisible()],
    ['rental_docs', 'shell/rental documents', () => expect(button(page, 'Rental Agreement')).toBeVisible()],
    ['insurance', 'shell/protection brochure', () => expect(button(page, 'Protection Plan Brochure')).toBeVisible()],
    [
      'my_storage',
      'my-storage/login',
      () => expect(page.getByLabel(new RegExp(`^${t(walk, 'identity.mobile.phone')}`))).toBeVisible(),
    ],
    [
      'merchandise',
      'merchandise/boxes and supplies',
      () =>
        expect(page.getByRole('heading', { name: t(walk, 'shell.sections.merchandise'), exact: true })).toBeVisible(),
    ],
    // Last: the reservation search is part of the rental flow, which hides the menu.
    [
      'find_reservation',
      'reservation/find my reservation',
      () => expect(page.getByLabel(t(walk, 'browse.find_reservation.reservation_code'))).toBeVisible(),
    ],
  ];
  for (const [section, screen, ready] of screens) {
    await part(walk, screen, async () => {
      // A screen that hides the menu (or a failed step) is left by opening the kiosk again.
      if (!(await sidebarItem(walk, section).isVisible())) await openInMode(page, kiosk.url, walk.mode);
      await tap(sidebarItem(walk, section), notes);
      await ready();
      await check(walk, screen);
    });
  }
}

for (const mode of VISUAL_MODES) {
  test(`every screen measured: ${mode.label}`, async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const walk: Walk = {
      page,
      mode,
      texts: mode.language === 'es' ? SPANISH : ENGLISH,
      rows: [],
      notes: [],
      blocked: [],
    };
    try {
      await part(walk, 'rental', () => rental(walk));
      await part(walk, 'pay my bill', () => payBill(walk));
      await part(walk, 'my storage', () => myStorage(walk));
      await part(walk, 'menu screens', () => menuScreens(walk));
    } finally {
      await attachReport(testInfo, mode, walk.rows, walk.blocked);
    }
  });
}
