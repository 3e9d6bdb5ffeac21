import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { logIn, openPayBill } from './support/account.js';
import { FACILITY_TIME_ZONE, facilityDay } from './support/facility-calendar.js';
import { useKiosk } from './support/kiosk.js';
import { ENGLISH, SPANISH, type KioskTexts } from './support/texts.js';

/**
 * Past due at night: a locked-out tenant pays in Pay My Bill and is told what the payment did to
 * their access (docs/api-paths.md "Access after a payment"). The sandbox's demo tenants
 * (docs/sandbox.md): gatelocked@example.com's C-03 has its gate code suspended (paying restores
 * it), overlocked@example.com's C-30 is overlocked (the Facility Manager removes the lock), and
 * tenant@example.com's A102 is past due but not locked out. The kiosk's clock is fixed at 10:30 PM
 * on a Saturday in the facility's zone, so the office (closed on Sunday) next opens on Monday
 * whatever the hour or zone of the run.
 */

const SHOTS = 'test-results/pay-bill-access';
const CARD = '4111111111111111';
const YEAR = String(new Date().getFullYear() + 4);
const PASSWORD = 'Password!1';

const RESTORED = 'Your gate access is restored. Your code works now.';
const MANAGER =
  'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens at 9:00 AM on Monday.';
const MANAGER_ES =
  /^Su pago está registrado\. El gerente de la instalación retira el candado de su unidad; la oficina abre el lunes a las 9:00 a\.\s?m\.\.$/;

// No printer status poll during the tests: the status is read when a screen with Print opens.
const kiosk = useKiosk(test, {
  env: { KIOSK_PRINTER_POLL_MS: '3600000', KIOSK_SPEECH_PLAY_COMMAND: 'cat > /dev/null' },
  reset: ['sandbox', 'printer', 'card-reader'],
});

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

/** The next Saturday (today if it is one), 10:30 PM on the facility's clock, as an instant. */
function saturdayNight(): Date {
  const today = facilityDay();
  const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const saturday = facilityDay((6 - weekdays.indexOf(today.weekday) + 7) % 7);
  const wallClock = (offset: string) =>
    new Date(
      `${saturday.year}-${String(saturday.month).padStart(2, '0')}-${String(saturday.day).padStart(2, '0')}T22:30:00${offset}`,
    );
  // Central time is UTC-6 in winter and UTC-5 in summer: the offset whose wall clock reads 22:30.
  const hourThere = (date: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: FACILITY_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(date);
  return [wallClock('-06:00'), wallClock('-05:00')].find((date) => hourThere(date) === '22')!;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(saturdayNight());
});

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const unitPanel = (page: Page, unit: string, texts: KioskTexts = ENGLISH) =>
  page.getByRole('article', { name: `${texts === ENGLISH ? 'Unit' : 'Unidad'} ${unit}` });
const unitResult = (page: Page, unit: string) => page.locator('.pay-result__unit').filter({ hasText: unit });

async function openUnitList(page: Page, email: string, texts: KioskTexts = ENGLISH): Promise<void> {
  await openPayBill(page, kiosk, { texts, skipGoto: true });
  await logIn(page, email, PASSWORD, texts);
  await expect(heading(page, texts.payMyBill)).toBeVisible({ timeout: 15_000 });
}

/** Tick the unit, Make a payment, type the approving test card by hand, and submit. */
async function payUnit(page: Page, unit: string, texts: KioskTexts = ENGLISH): Promise<void> {
  const english = texts === ENGLISH;
  await unitPanel(page, unit, texts)
    .getByLabel(english ? 'Pay my bill' : 'Pagar mi factura')
    .check();
  const makePayment = page.getByRole('button', { name: english ? 'Make a payment' : 'Hacer un pago' });
  await makePayment.click();
  await page
    .getByRole('button', { name: english ? 'ENTER CREDIT CARD MANUALLY' : 'INGRESAR TARJETA DE CRÉDITO MANUALMENTE' })
    .click();
  await page.getByLabel(english ? 'Card Name' : 'Nombre en la tarjeta').fill('Pat Tenant');
  await page.getByLabel(english ? 'Card Number' : 'Número de tarjeta').fill(CARD);
  await page.getByLabel(english ? 'Expiry Month' : 'Mes de vencimiento').selectOption('12');
  await page.getByLabel(english ? 'Expiry Year' : 'Año de vencimiento').selectOption(YEAR);
  await page.getByLabel('CVV').fill('987');
  await makePayment.click();
  await expect(heading(page, english ? 'Congratulations' : 'Felicidades')).toBeVisible({ timeout: 15_000 });
}

/** Print receipt, and the printed text with its line breaks as spaces. */
async function printReceipt(page: Page, texts: KioskTexts = ENGLISH): Promise<string> {
  const english = texts === ENGLISH;
  await page.getByRole('button', { name: english ? 'Print receipt' : 'Imprimir recibo', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: english ? 'Take your receipt' : 'Tome su recibo' }),
  ).toBeVisible();
  const { jobs } = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/printer`)).json()) as {
    jobs: { text: string; complete: boolean }[];
  };
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.complete).toBe(true);
  return jobs[0]!.text.replace(/\s+/g, ' ');
}

/** Every utterance the page asks the daemon to say, in order. */
function listen(page: Page): string[] {
  const said: string[] = [];
  void page.route('**/device/speech', async (route) => {
    if (route.request().method() === 'POST') said.push((route.request().postDataJSON() as { text: string }).text);
    await route.continue();
  });
  return said;
}

async function heard(said: string[], text: string): Promise<void> {
  await expect.poll(() => said.some((utterance) => utterance.includes(text)), { timeout: 20_000 }).toBe(true);
}

test('a suspended gate code: marked before payment, restored after it, said aloud and printed', async ({ page }) => {
  const said = listen(page);
  await page.goto(kiosk.url);
  await page.getByRole('button', { name: 'Audio', exact: true }).click();
  await openUnitList(page, 'gatelocked@example.com');
  const c03 = unitPanel(page, 'C-03');
  await expect(c03.getByText('Locked out — gate access suspended', { exact: true })).toBeVisible();
  await expect(c03.getByText('$179.00', { exact: true })).toBeVisible();
  // The mark describes the unit's pay box, so it is said with it.
  await expect(c03.getByLabel('Pay my bill')).toHaveAccessibleDescription('Locked out — gate access suspended');
  await heard(said, 'Locked out — gate access suspended');
  await expectAccessible(page, 'pay-bill/units (gate suspended)');

  await payUnit(page, 'C-03');
  await expect(unitResult(page, 'Unit C-03')).toContainText('Payment Success');
  await expect(unitResult(page, 'Unit C-03').getByText(RESTORED, { exact: true })).toBeVisible();
  await heard(said, RESTORED);
  await expectAccessible(page, 'pay-bill/result (access restored)');

  const receipt = await printReceipt(page);
  expect(receipt).toContain('Unit C-03 Period: 1 month');
  expect(receipt).toContain(`Payment Success ${RESTORED}`);

  // The list again: C-03 is paid up and no longer marked.
  await page.getByRole('button', { name: 'make another payment' }).click();
  await expect(unitPanel(page, 'C-03').getByText('$0.00', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Locked out/)).toHaveCount(0);
});

test("an overlocked unit: the Facility Manager removes the lock, and the office's next opening is said", async ({
  page,
}) => {
  const said = listen(page);
  await page.goto(kiosk.url);
  await page.getByRole('button', { name: 'Audio', exact: true }).click();
  await openUnitList(page, 'overlocked@example.com');
  const c30 = unitPanel(page, 'C-30');
  await expect(c30.getByText('Locked out — your unit is overlocked', { exact: true })).toBeVisible();
  await heard(said, 'Locked out — your unit is overlocked');
  await expectAccessible(page, 'pay-bill/units (overlocked)');
  await page.screenshot({ path: `${SHOTS}/units-overlocked.png` });

  await payUnit(page, 'C-30');
  await expect(unitResult(page, 'Unit C-30')).toContainText('Payment Success');
  // Saturday night, the office closed on Sunday: Monday.
  await expect(unitResult(page, 'Unit C-30').getByText(MANAGER, { exact: true })).toBeVisible();
  await heard(said, MANAGER);
  await page.screenshot({ path: `${SHOTS}/result-manager.png` });
  await expect(page.getByText(RESTORED)).toHaveCount(0);
  await expectAccessible(page, 'pay-bill/result (Facility Manager)');

  const receipt = await printReceipt(page);
  expect(receipt).toContain('Unit C-30 Period: 1 month');
  expect(receipt).toContain(`Payment Success ${MANAGER}`);

  // Still overlocked until the manager removes the lock: the list says so.
  await page.getByRole('button', { name: 'make another payment' }).click();
  await expect(unitPanel(page, 'C-30').getByText('$0.00', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(unitPanel(page, 'C-30').getByText('Locked out — your unit is overlocked')).toBeVisible();
});

test('a past-due unit that is not locked out: nothing about access, on screen or receipt', async ({ page }) => {
  await page.goto(kiosk.url);
  await openUnitList(page, 'tenant@example.com');
  await expect(unitPanel(page, 'A102').getByText('$59.00', { exact: true })).toBeVisible();
  await expect(page.getByText(/Locked out/)).toHaveCount(0);

  await payUnit(page, 'A102');
  await expect(unitResult(page, 'Unit A102')).toContainText('Payment Success');
  await expect(page.locator('.pay-result__access')).toHaveCount(0);
  await expect(page.getByText(/gate access|Facility Manager/)).toHaveCount(0);

  const receipt = await printReceipt(page);
  expect(receipt).toContain('Unit A102');
  expect(receipt).not.toMatch(/gate access|Facility Manager/);
});

test('in Spanish: the overlocked unit is marked, and the payment ends on the Spanish sentence', async ({ page }) => {
  const said = listen(page);
  await page.goto(kiosk.url);
  await page.getByRole('button', { name: 'Audio', exact: true }).click();
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(heading(page, 'BIENVENIDO')).toBeVisible();
  await openUnitList(page, 'overlocked@example.com', SPANISH);
  const c30 = unitPanel(page, 'C-30', SPANISH);
  await expect(
    c30.getByText('Acceso bloqueado — su unidad tiene un candado de la instalación', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'pay-bill/units (overlocked, es)');

  await payUnit(page, 'C-30', SPANISH);
  const sentence = unitResult(page, 'Unidad C-30').locator('.pay-result__access');
  await expect(sentence).toHaveText(MANAGER_ES);
  await heard(said, 'El gerente de la instalación retira el candado de su unidad; la oficina abre el lunes');
  await page.screenshot({ path: `${SHOTS}/result-manager-es.png` });
  await expectAccessible(page, 'pay-bill/result (Facility Manager, es)');

  const receipt = await printReceipt(page, SPANISH);
  expect(receipt).toContain('Recibo de pago');
  expect(receipt).toMatch(/la oficina abre el lunes a las 9:00 a\.\s?m\.\./);
  expect(receipt).not.toContain('Facility Manager');
});
