import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillBillCard, logIn, openPayBill, TEST_USER } from './support/account.js';
import { expectLargeText, expectNothingOutOfBox, setDisplayModes, textContrast } from './support/display.js';
import {
  expectSection,
  fillAdditionalInformation,
  JANE,
  reachIdentityStep,
  signAll,
  swipe,
  tapDone,
  verifyManually,
  walkToGateCode,
  type ScreenCheck,
} from './support/flows.js';
import { onScreenKeyboard } from './support/keyboard.js';
import { useKiosk } from './support/kiosk.js';
import { SPANISH as ES } from './support/texts.js';

/**
 * The display modes on the screens where a visitor saw them fail (docs/accessibility.md, "Display
 * and reach"): the availability line in high contrast, category titles and CAMBIAR in Spanish with
 * large text, the sticky Cancel / Done bar over the fields, and a whole rental and a bill payment
 * in Spanish with large text and high contrast, every text inside its box at 7:1 or more.
 */

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader'] });

/** AAA contrast for text (WCAG 1.4.6). */
const AAA = 7;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Open the kiosk with `modes` switched on, then (optionally) in Spanish, as a visitor taps them. */
async function open(page: Page, modes: Parameters<typeof setDisplayModes>[1], spanish: boolean): Promise<void> {
  await page.goto(kiosk.url);
  await setDisplayModes(page, modes);
  if (spanish) {
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  }
}

/** The drawn extent of an element's text lies inside the element's own box, nothing scrolled away. */
async function expectWholeText(locator: Locator, what: string): Promise<void> {
  const fit = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return {
      scroll: element.scrollWidth,
      client: element.clientWidth,
      inside: text.left >= box.left - 1 && text.right <= box.right + 1,
      text: element.textContent,
    };
  });
  expect(fit.scroll, `${what} "${fit.text}" scrolls inside its box`).toBeLessThanOrEqual(fit.client);
  expect(fit.inside, `${what} "${fit.text}" drawn inside its box`).toBe(true);
}

/**
 * The element a finger lands on at the centre of `locator` is the control itself (nothing over it),
 * once the screen has settled (the on-screen keyboard scrolls the focused field into view).
 */
async function expectUncovered(locator: Locator, what: string): Promise<void> {
  const onTop = () =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
      const mine = top !== null && (element.contains(top) || labels.some((label) => label.contains(top)));
      return mine
        ? 'itself'
        : `${top?.tagName.toLowerCase()}.${top?.className} "${top?.textContent?.trim().slice(0, 30)}"`;
    });
  await expect.poll(onTop, { message: `what lies over ${what}` }).toBe('itself');
}

test('high contrast: every category says how many spaces are left at 7:1 or more', async ({ page }) => {
  await open(page, { highContrast: true }, false);
  await page.getByRole('navigation', { name: 'Kiosk menu' }).getByRole('button', { name: 'Select a Space' }).click();
  const lines = page.getByText(/^\d+ UNITS\/SPACES LEFT$/);
  await expect(lines.first()).toBeVisible();
  const count = await lines.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const line = lines.nth(index);
    expect(await textContrast(line), `contrast of "${await line.textContent()}"`).toBeGreaterThanOrEqual(AAA);
  }
});

test('large text in Spanish: category titles and "¡Vea qué cabe!" stay inside their cards', async ({ page }) => {
  await open(page, { largeText: true }, true);
  await page.getByRole('navigation', { name: ES.menu }).getByRole('button', { name: ES.selectSpace }).click();
  const cards = page.locator('.category-card');
  await expect(cards.first()).toBeVisible();
  const titles = page.locator('.category-card__title');
  await expect(titles.filter({ hasText: 'Extrapequeño' })).toBeVisible();
  for (const title of await titles.all()) await expectWholeText(title, 'category title');
  for (const fits of await page.getByRole('button', { name: /¡Vea qué cabe!/ }).all())
    await expectWholeText(fits, '"¡Vea qué cabe!"');
  await expectNothingOutOfBox(page, 'rental/detail_page (es, large text)');
  // An open category: its unit rows' rates and descriptions do not run into each other.
  await page.locator('[data-group="medium"]').getByRole('button', { name: ES.select, exact: true }).click();
  await expect(page.locator('#unit-group-panel .unit-row').first()).toBeVisible();
  await expectNothingOutOfBox(page, 'rental/detail_page (es, large text, unit group)');
});

test('CAMBIAR shows whole beside "Su almacenamiento", at normal size and with large text', async ({ page }) => {
  await open(page, {}, true);
  await reachIdentityStep(page, kiosk, { skipGoto: true, texts: ES });
  const change = page.locator('.side-panel').getByRole('button', { name: 'CAMBIAR', exact: true });
  await expect(change).toBeVisible();
  await expectWholeText(change, 'the side panel’s button');
  const title = page.locator('.side-panel__title', { hasText: 'Su almacenamiento' });
  await expectWholeText(title, 'the side panel’s title');
  await page.getByRole('group', { name: 'Pantalla' }).getByRole('button', { name: 'Texto grande' }).click();
  await expect(page.locator('html')).toHaveClass(/kiosk-large-text/);
  await expectWholeText(change, 'the side panel’s button (large text)');
  await expectWholeText(title, 'the side panel’s title (large text)');
  await expectUncovered(change, 'CAMBIAR');
});

test('large text: the sticky Cancel / Done bar covers neither an identity choice nor the field being filled', async ({
  page,
}) => {
  await open(page, { largeText: true, highContrast: true }, false);
  await reachIdentityStep(page, kiosk, { skipGoto: true });
  const choices = page.locator('.verify-id__option');
  await expect(choices).toHaveCount(3);
  for (const choice of await choices.all()) {
    await choice.scrollIntoViewIfNeeded();
    await expectUncovered(choice, `the identity choice "${await choice.textContent()}"`);
  }
  // The visitor scrolled down to the last choice (or past it) before choosing.
  await page.locator('.kiosk-main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await expectSection(page, 'info');
  // The form opens at its top, though the identity step was scrolled: its first field in sight.
  const first = page.locator('.rental-frame__body').locator('input:visible, select:visible').first();
  await expect(first).toBeVisible();
  await expectUncovered(first, 'the first field');
  // A field tapped further down, the on-screen keyboard open: still in sight above the bar.
  const zip = page.getByLabel(/^Zip Code/);
  await zip.click();
  await expect(onScreenKeyboard(page)).toBeVisible();
  await expect(zip).toBeFocused();
  await expectUncovered(zip, 'the focused field (Zip Code) with the keyboard open');
});

/** Every screen of the walks below: nothing outside its box, every text AAA, large text as drawn. */
const allModesCheck =
  (page: Page): ScreenCheck =>
  async (screen) => {
    await expect(page.locator('h1, [role="dialog"] h2').first()).toBeVisible();
    await expectNothingOutOfBox(page, `${screen} (es, large text, high contrast)`, AAA);
    await expectLargeText(page, screen);
  };

test('a whole rental in Spanish with large text and high contrast', async ({ page }) => {
  test.setTimeout(240_000);
  const check = allModesCheck(page);
  await open(page, { largeText: true, highContrast: true }, true);
  await check('shell/welcome');
  await reachIdentityStep(page, kiosk, { skipGoto: true, texts: ES, door: 'B-10', check });
  await verifyManually(page, JANE, { texts: ES, check });
  await walkToGateCode(page, '5678', {
    texts: ES,
    check,
    contentInsurance: () => check('rental/content_insurance'),
    aboutConvenience: () => check('rental/about_convenience'),
  });
  await tapDone(page, ES);
  await swipe(page, kiosk, 'approve', { texts: ES, check });
  await page.getByLabel('CVV').pressSequentially('987');
  await check('rental/card_details (keyboard open)');
  // The pay button does not lie over the total it pays.
  const pay = button(page, 'Completar el alquiler');
  await expectUncovered(page.locator('.cost-list__row--total'), 'the move-in total');
  await pay.scrollIntoViewIfNeeded();
  await expectUncovered(pay, 'Completar el alquiler');
  await pay.click();
  await fillAdditionalInformation(page, { texts: ES, check });
  await signAll(page, ['Rental Agreement', 'Certificate of Protection'], check);
  await expectSection(page, 'confirm_rental');
  await expect(page.getByText('¡Su alquiler está confirmado!')).toBeVisible();
  await check('rental/confirm_rental');
});

test('a bill payment in Spanish with large text and high contrast', async ({ page }) => {
  test.setTimeout(120_000);
  const check = allModesCheck(page);
  await open(page, { largeText: true, highContrast: true }, true);
  await openPayBill(page, kiosk, { texts: ES, skipGoto: true });
  await check('pay-bill/login');
  await logIn(page, TEST_USER.email, TEST_USER.password, ES);
  await expect(page.getByRole('heading', { name: 'PAGAR MI FACTURA' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('article', { name: 'Unidad A102' }).getByLabel('Pagar mi factura').check();
  await check('pay-bill/units (chosen)');
  await button(page, 'Hacer un pago').click();
  await expect(page.getByText('Deslice o escanee su tarjeta de crédito')).toBeVisible();
  await check('pay-bill/swipe or scan');
  await button(page, 'INGRESAR TARJETA DE CRÉDITO MANUALMENTE').click();
  await expect(page.getByRole('heading', { name: 'Información de pago' })).toBeVisible();
  await fillBillCard(page, { language: 'es' });
  await check('pay-bill/card form');
  await button(page, 'Hacer un pago').click();
  await expect(page.getByRole('heading', { name: 'Felicidades' })).toBeVisible({ timeout: 15_000 });
  await check('pay-bill/result (success)');
});
