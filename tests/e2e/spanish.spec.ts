import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { fillBillCard, logIn, openPayBill, TEST_USER } from './support/account.js';
import {
  chooseGateCode,
  expectSection as section,
  fillAdditionalInformation,
  JANE,
  reachIdentityStep,
  signAll,
  swipe,
  tapDone,
  verifyManually,
  walkDetailSteps,
} from './support/flows.js';
import { tapOutsideFields } from './support/keyboard.js';
import { useKiosk } from './support/kiosk.js';
import { SPANISH as ES } from './support/texts.js';

/**
 * A visitor who chooses Español: a whole rental and a bill payment in Spanish (the kiosk's own
 * texts, money in US dollars, the operator's documents and fields as the operator wrote them),
 * every screen walked checked with axe, and English again for the next visitor once the session
 * ends. Built UI, built daemon, sandbox and card-reader simulator.
 */

const SHOTS = 'test-results/spanish';
const CARD = '4111111111111111';
const CVV = '987';

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader', 'printer'] });

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { name, exact: typeof name === 'string' });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The language control wherever it is (sidebar or the rental flow's own bar). */
const languageControl = (page: Page) => page.getByRole('group', { name: /^(Language|Idioma)$/ });

async function checkScreen(page: Page, shot: string, screen: string): Promise<void> {
  await tapOutsideFields(page);
  await expectAccessible(page, screen);
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
}

/** Open the kiosk and tap Español: the welcome is in Spanish, the page says so. */
async function openInSpanish(page: Page): Promise<void> {
  await page.goto(kiosk.url);
  await expect(heading(page, 'WELCOME')).toBeVisible();
  const control = languageControl(page);
  await expect(control.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  await expect(control.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await control.getByRole('button', { name: 'Español' }).click();
  await expect(heading(page, 'BIENVENIDO')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(languageControl(page).getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');
  await expect(languageControl(page).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
}

/** The session ended: the next visitor finds the kiosk in English. */
async function expectEnglishAgain(page: Page): Promise<void> {
  await expect(heading(page, 'WELCOME')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Kiosk menu' })).toBeVisible();
  await expect(languageControl(page).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
}

test('a whole rental in Spanish, then English again for the next visitor', async ({ page }) => {
  test.setTimeout(180_000);
  await openInSpanish(page);
  await expect(page.getByText('Para comenzar, elija una de las opciones de la izquierda')).toBeVisible();
  await checkScreen(page, '01-welcome', 'shell/welcome (es)');

  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-10', skipGoto: true, texts: ES });
  await expect(heading(page, 'Verifique su identidad')).toBeVisible();
  await checkScreen(page, '02-rent-this-space', 'rental/rent_this_space (es)');

  await verifyManually(page, JANE, { texts: ES });
  await walkDetailSteps(page, { texts: ES });

  await section(page, 'content_insurance');
  await expect(heading(page, 'Seguro para el contenido')).toBeVisible();
  const plans = page.getByRole('list', { name: 'Planes de protección' });
  const popular = plans.getByRole('listitem').filter({ hasText: 'El más popular' });
  await expect(popular).toContainText('$16.00 / mes');
  await expect(page.getByText('humo o agua, pero no inundación')).toBeVisible();
  await expect(page.locator('.side-panel')).toContainText('Renta mensual');
  await checkScreen(page, '03-content-insurance', 'rental/content_insurance (es)');
  await tapDone(page, ES);

  await section(page, 'about_convenience');
  await page.getByLabel(ES.gateCode).pressSequentially('1234');
  await expect(page.getByText('¡Lo sentimos! Este código de acceso no está disponible')).toBeVisible();
  await page.getByLabel(ES.gateCode).fill('');
  await chooseGateCode(page, '5678', ES);
  await checkScreen(page, '04-about-convenience', 'rental/about_convenience (es)');
  await tapDone(page, ES);

  await swipe(page, kiosk, 'approve', { texts: ES });
  await expect(page.getByLabel('Nombre en la tarjeta')).toHaveValue('JANE Q TENANT');
  await expect(page.getByLabel('La dirección de facturación es la misma que la dirección postal')).toBeChecked();
  await button(page, 'Completar el alquiler').click();
  await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
  await page.getByLabel('CVV').pressSequentially(CVV);
  // The on-screen keyboard speaks Spanish too.
  await expect(page.getByRole('group', { name: 'Teclado en pantalla' })).toBeVisible();
  await expect(button(page, 'Ocultar teclado')).toBeVisible();
  await checkScreen(page, '05-card-details', 'rental/card_details (es)');
  await button(page, 'Completar el alquiler').click();

  // The operator's additional fields and agreements stay as the operator wrote them.
  await fillAdditionalInformation(page, {
    texts: ES,
    check: () => checkScreen(page, '06-panda-fields', 'rental/panda_fields (es)'),
  });
  // The rental call waits until the processing screen and its trivia have been checked.
  let releaseRental: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseRental = resolve));
  await page.route(/\/api\/facilities\/[^/]+\/rental\/(\?.*)?$/, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await signAll(page, ['Rental Agreement', 'Certificate of Protection'], async () => {
    // The flow hides the sidebar here: the language control has a bar of its own.
    const bar = page.getByRole('complementary', { name: 'Sus preferencias' });
    await expect(bar.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    await checkScreen(page, '07-panda-agreements', 'rental/panda_agreements (es)');
  });
  await section(page, 'process_rental');
  await expect(heading(page, 'Procesando su alquiler ...')).toBeVisible();
  // The question in Spanish (some open with a clause before the ¿: 'Al empacar una caja…, ¿qué…?').
  await expect(
    page
      .getByRole('region', { name: 'Trivia' })
      .getByText(/¿.+\?$/)
      .first(),
  ).toBeVisible();
  await button(page, 'Ver la respuesta').click();
  await expect(page.getByText(/^La respuesta correcta es: /)).toBeVisible();
  await checkScreen(page, '08-process-rental', 'rental/process_rental (es, trivia)');
  releaseRental();

  await section(page, 'confirm_rental');
  await expect(heading(page, 'Felicidades')).toBeVisible();
  await expect(page.getByText('¡Su alquiler está confirmado!')).toBeVisible();
  await expect(page.locator('.confirm__code-value')).toHaveText('5678');
  await expect(page.getByText('mensaje enviado correctamente al (217) 555-0182')).toBeVisible();
  await checkScreen(page, '09-confirm-rental', 'rental/confirm_rental (es)');

  await button(page, 'Cree su cuenta en línea').click();
  await section(page, 'create_online_account');
  await expect(page.getByText('1 letra mayúscula y 1 carácter especial')).toBeVisible();
  await checkScreen(page, '10-create-online-account', 'rental/create_online_account (es)');
  // The rental is complete: skipping the account ends the session.
  await button(page, 'Omitir').click();
  await expectEnglishAgain(page);
});

test("the kiosk's own words in Spanish: the hours panel, weekday names and the move-in cost lines", async ({
  page,
}) => {
  await openInSpanish(page);
  await reachIdentityStep(page, kiosk, {
    group: 'medium',
    door: 'B-10',
    skipGoto: true,
    texts: ES,
    check: async (where) => {
      if (where !== 'rental/detail_page') return;
      const about = page.getByRole('complementary', { name: 'Acerca de estas instalaciones' });
      await expect(about.getByRole('heading', { name: 'Horario de acceso', exact: true })).toBeVisible();
      await expect(about.getByRole('heading', { name: 'Horario de oficina', exact: true })).toBeVisible();
      const hours = about.locator('.hours__rows').last();
      for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'])
        await expect(hours.locator('dt', { hasText: day })).toHaveCount(1);
      // The office is closed on Sundays; a time keeps its 'p. m.' on its line (no-break spaces).
      await expect(hours.locator('.hours__row', { hasText: 'Domingo' }).locator('dd')).toHaveText('Cerrado');
      await expect(hours.locator('.hours__row', { hasText: 'Lunes' }).locator('dd')).toHaveText(
        /^9:00\u00a0a\.\u00a0?m\. – 6:00\u00a0p\.\u00a0?m\.$/,
      );
      const english =
        /Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Access Hours|Office Hours|Closed|\b[AP]M\b/;
      // The hours panels; the facility's notes beside them are the operator's own text.
      for (const panel of await about.locator('.hours').all()) await expect(panel).not.toContainText(english);
      await checkScreen(page, '16-detail-hours', 'rental/detail_page hours (es)');
    },
  });
  const costs = page.locator('.side-panel .cost-list');
  await expect(costs.locator('dt')).toHaveText([
    'Renta prorrateada',
    'Renta',
    'Cargo administrativo',
    'Impuesto',
    'Costo total de mudanza',
  ]);
  await expect(costs).not.toContainText(/\bRent\b|Admin Fee|Insurance|Tax|Total Cost/);
});

test('a bill payment in Spanish; logging out brings English back', async ({ page }) => {
  test.setTimeout(180_000);
  await openInSpanish(page);
  await openPayBill(page, kiosk, { texts: ES, skipGoto: true });
  await checkScreen(page, '11-login', 'pay-bill/login (es)');
  await logIn(page, TEST_USER.email, TEST_USER.password, ES);
  await expect(heading(page, 'PAGAR MI FACTURA')).toBeVisible({ timeout: 15_000 });
  await expect(heading(page, 'Mi alquiler')).toBeVisible();
  const a102 = page.getByRole('article', { name: 'Unidad A102' });
  await expect(a102.getByText('$59.00', { exact: true })).toBeVisible();
  await expect(a102.getByText('Saldo pendiente', { exact: true })).toBeVisible();
  await a102.getByLabel('Pagar mi factura').check();
  await a102.getByLabel('Pagar hasta').selectOption({ label: '3 meses' });
  await expect(page.getByText('Total general $216.66')).toBeVisible();
  await checkScreen(page, '12-units', 'pay-bill/units (es)');

  await button(page, 'Hacer un pago').click();
  await expect(heading(page, 'Pago')).toBeVisible();
  await expect(page.getByText('Deslice o escanee su tarjeta de crédito')).toBeVisible();
  await checkScreen(page, '13-swipe', 'pay-bill/swipe or scan (es)');
  await button(page, 'INGRESAR TARJETA DE CRÉDITO MANUALMENTE').click();
  await expect(heading(page, 'Información de pago')).toBeVisible();
  await fillBillCard(page, { language: 'es', number: CARD, cvv: CVV });
  await checkScreen(page, '14-card-form', 'pay-bill/card form (es)');
  await button(page, 'Hacer un pago').click();

  await expect(heading(page, 'Felicidades')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Su pago se realizó', { exact: true })).toBeVisible();
  await expect(page.locator('.pay-result__unit').filter({ hasText: 'Unidad A102' })).toContainText('Pago realizado');
  await checkScreen(page, '15-result', 'pay-bill/result (es)');

  // The receipt prints in Spanish too, accents and all.
  await button(page, 'Imprimir recibo').click();
  await expect(page.getByRole('status').filter({ hasText: 'Tome su recibo' })).toBeVisible();
  const { jobs } = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/printer`)).json()) as {
    jobs: { text: string }[];
  };
  expect(jobs).toHaveLength(1);
  for (const line of [
    'Recibo de pago',
    'Unidad A102',
    'Período: 3 meses',
    'Pago realizado',
    'Tarjeta: Visa terminada en 1111',
    '¡Gracias!',
  ])
    expect(jobs[0]!.text).toContain(line);
  expect(jobs[0]!.text).not.toMatch(/Payment receipt|Period:|Thank you/);

  await button(page, 'cerrar sesión').click();
  await expectEnglishAgain(page);
});

test('the logout dialog asks in Spanish, and the kiosk is English after it', async ({ page }) => {
  await openInSpanish(page);
  await openPayBill(page, kiosk, { texts: ES, skipGoto: true });
  await logIn(page, TEST_USER.email, TEST_USER.password, ES);
  await expect(heading(page, 'PAGAR MI FACTURA')).toBeVisible({ timeout: 15_000 });
  await page
    .getByRole('navigation', { name: 'Menú del quiosco' })
    .getByRole('button', { name: /^Cerrar sesión/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('¿Está seguro de que desea cerrar sesión?')).toBeVisible();
  await expectAccessible(page, 'shell/logout dialog (es)');
  await dialog.getByRole('button', { name: 'CERRAR SESIÓN' }).click();
  await expectEnglishAgain(page);
});
