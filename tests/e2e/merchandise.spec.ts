import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { control, readMetrics, useKiosk } from './support/kiosk.js';

/**
 * Boxes & Supplies (docs/merchandise.md) as a walk-in buys them: the sidebar item, the supplies
 * list and basket, the swipe or the typed card, the operator's answer (approved, declined, sold
 * out) and the printed receipt, in English and in Spanish with audio on. The sandbox sells a
 * medium box for $3.49, tape for $4.99, a large box for $4.49, all with 7.25 % tax; the Mattress
 * Bag is listed but sold out. Test cards: 4111111111111111 approves, 4000000000000002 declines.
 */

const CVV = '738';
const CARDS = ['4111111111111111', '4000000000000002'];
const YEAR = String(new Date().getFullYear() + 4);

const kiosk = useKiosk(test, {
  // No sound card here: the daemon's speech goes nowhere (what the page asks to say is read on the way).
  env: { KIOSK_PRINTER_POLL_MS: '3600000', KIOSK_SPEECH_PLAY_COMMAND: 'cat > /dev/null' },
  reset: ['sandbox', 'printer', 'card-reader'],
});

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });
const sidebar = (page: Page) => page.getByRole('navigation', { name: /^(Kiosk menu|Menú del quiosco)$/ });
const basket = (page: Page) => page.getByRole('complementary', { name: /^(Your basket|Su canasta)$/ });

async function openSupplies(page: Page, name = 'Boxes & Supplies'): Promise<void> {
  await sidebar(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('list', { name: /^(Supplies|Suministros)$/ })).toBeVisible();
}

async function tap(page: Page, name: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.getByRole('button', { name, exact: true }).click();
}

/** Typed on the card form, as a visitor without a swipe does. */
async function typeCard(
  page: Page,
  number: string,
  labels: { name: string; number: string } = { name: 'Card Name', number: 'Card Number' },
): Promise<void> {
  await page.getByLabel(labels.name).fill('Riley Walker');
  await page.getByLabel(labels.number).fill(number);
  await page.getByLabel(/^(Expiry Month|Mes de vencimiento)/).selectOption('12');
  await page.getByLabel(/^(Expiry Year|Año de vencimiento)/).selectOption(YEAR);
  await page.getByLabel('CVV').fill(CVV);
}

async function sales(): Promise<unknown[]> {
  return ((await (await fetch(`${kiosk.sandboxUrl}/__sandbox/rentals`)).json()) as { merchandise_sales: unknown[] })
    .merchandise_sales;
}

async function printed(): Promise<{ text: string; complete: boolean }[]> {
  return (
    (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/printer`)).json()) as {
      jobs: { text: string; complete: boolean }[];
    }
  ).jobs;
}

async function journeys(outcome: 'succeeded' | 'failed'): Promise<number> {
  const metrics = await readMetrics(kiosk);
  for (const [series, value] of metrics)
    if (
      series.startsWith('kiosk_journeys_total{') &&
      series.includes('journey="merchandise"') &&
      series.includes(`outcome="${outcome}"`)
    )
      return value;
  return 0;
}

/** Everything the daemon logged, shipped or spooled, and what the sandbox recorded of the sales. */
async function everyTrace(): Promise<string> {
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true })
      .map((name) => join(dir, String(name)))
      .filter((path) => statSync(path).isFile())
      .map((path) => readFileSync(path, 'utf8'));
  const shipped = await (await fetch(`${kiosk.sandboxUrl}/__sandbox/logs`)).text();
  return [
    kiosk.output(),
    shipped,
    ...files(kiosk.spoolDir),
    ...files(kiosk.outboxDir),
    JSON.stringify(await sales()),
  ].join('\n');
}

function expectNoCardData(text: string, where: string): void {
  for (const card of CARDS) expect(text, `${where} holds ${card}`).not.toContain(card);
  expect(text, `${where} holds the CVV`).not.toMatch(new RegExp(`(cvv|cvc)[^,}\\n]{0,16}${CVV}`, 'i'));
  expect(text, `${where} holds the CVV as a value`).not.toContain(`"${CVV}"`);
}

test('a walk-in buys 2 boxes and tape with a swiped card, and takes the receipt', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await journeys('succeeded');
  await page.goto(kiosk.url);
  await openSupplies(page);
  await expect(heading(page, 'Boxes & Supplies')).toBeVisible();
  await expect(basket(page).getByText('Your basket is empty. Tap + to add an item.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeDisabled();

  await tap(page, 'Add one Medium Moving Box', 3);
  await tap(page, 'Remove one Medium Moving Box');
  await tap(page, 'Add one Packing Tape');
  await expect(basket(page).getByRole('listitem')).toHaveText(['2 × Medium Moving Box$6.98', '1 × Packing Tape$4.99']);
  await expect(basket(page).getByRole('definition')).toHaveText(['$11.97', '$0.87']);
  await expect(basket(page).getByRole('status')).toHaveText('3 itemsTotal $12.84');
  const step = await page.getByRole('button', { name: 'Add one Packing Tape' }).boundingBox();
  expect(step?.width).toBeGreaterThanOrEqual(44);
  expect(step?.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: 'test-results/merchandise/basket.png' });
  await expectAccessible(page, 'merchandise/basket');

  await tap(page, 'Pay by card');
  await expect(heading(page, 'Pay for your supplies')).toBeVisible();
  await expect(page.getByText('Please swipe your credit card')).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${kiosk.simulatorUrl}/__simulator/state`)).json()).waiting)
    .toBe(true);
  await control(`${kiosk.baseUrl}/device/card/simulate`, { outcome: 'approve' });
  await expect(heading(page, 'Payment information')).toBeVisible();
  await expect(page.getByLabel('Card Number')).toHaveValue('4111 1111 1111 1111');
  // The swiped card leaves only the CVV to type, and the focus is there.
  await expect(page.getByLabel('CVV')).toBeFocused();
  await page.keyboard.type(CVV);
  await expect(page.getByText('Total $12.84')).toBeVisible();
  await page.screenshot({ path: 'test-results/merchandise/card-form.png' });
  await expectAccessible(page, 'merchandise/card form');
  await tap(page, 'Pay now');

  await expect(heading(page, 'Thank you!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Sale number MS-1001')).toBeVisible();
  await expect(page.getByText('Paid with card ending in 1111')).toBeVisible();
  await expect(page.locator('.merch-result__summary dd').last()).toHaveText('$12.84');
  await page.screenshot({ path: 'test-results/merchandise/result.png' });
  await expectAccessible(page, 'merchandise/result');
  await page.getByRole('button', { name: 'Print receipt', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Take your receipt' })).toBeVisible();
  const [receipt] = await printed();
  expect(receipt?.complete).toBe(true);
  for (const line of ['Supplies receipt', 'Sale MS-1001', 'Paid with Visa ending in 1111'])
    expect(receipt?.text).toContain(line);
  expect(receipt?.text).toMatch(/2 x Medium Moving Box\s+\$6\.98/);
  expect(receipt?.text).toMatch(/1 x Packing Tape\s+\$4\.99/);
  expect(receipt?.text).toMatch(/Tax\s+\$0\.87/);
  expect(receipt?.text).toMatch(/Total paid\s+\$12\.84/);
  expectNoCardData(receipt?.text ?? '', 'the receipt');

  expect(await sales()).toEqual([
    expect.objectContaining({ sale_id: 'MS-1001', total: 12.84, card_number: '4111********1111' }),
  ]);
  await expect.poll(() => journeys('succeeded')).toBe(before + 1);

  // A new basket starts empty.
  await tap(page, 'Buy more supplies');
  await expect(basket(page).getByRole('status')).toHaveText('0 itemsTotal $0.00');
  await page.waitForTimeout(2500); // the UI's log batch reaches the daemon and the logging app
  expectNoCardData(await everyTrace(), 'the logs, spool, outbox and recorded sales');
});

test('a declined card says so and keeps the basket; another card pays it', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await journeys('failed');
  await page.goto(kiosk.url);
  await openSupplies(page);
  await tap(page, 'Add one Large Moving Box', 2);
  await tap(page, 'Pay by card');
  await tap(page, 'Enter credit card manually');
  await typeCard(page, '4000 0000 0000 0002');
  await tap(page, 'Pay now');
  await expect(heading(page, 'Oops!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
  await expect(page.getByText('Your basket is kept: you can pay with another card.')).toBeVisible();
  await expectAccessible(page, 'merchandise/declined');
  expect(await sales()).toEqual([]);
  await expect.poll(() => journeys('failed')).toBe(before + 1);

  await tap(page, 'Back to basket');
  await expect(basket(page).getByRole('listitem')).toHaveText(['2 × Large Moving Box$8.98']);
  await tap(page, 'Pay by card');
  await tap(page, 'Enter credit card manually');
  await typeCard(page, '4111 1111 1111 1111');
  await tap(page, 'Pay now');
  await expect(heading(page, 'Thank you!')).toBeVisible({ timeout: 20_000 });
  expect(await sales()).toHaveLength(1);
});

test('a sold-out item leaves the basket with its message, and the rest is bought', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(kiosk.url);
  await openSupplies(page);
  await tap(page, 'Add one Mattress Bag');
  await tap(page, 'Add one Packing Tape', 2);
  await tap(page, 'Pay by card');
  await tap(page, 'Enter credit card manually');
  await typeCard(page, '4111 1111 1111 1111');
  await tap(page, 'Pay now');

  await expect(page.getByRole('alert')).toHaveText(
    'Sorry! Mattress Bag is sold out. It has been taken out of your basket; the rest is still in it.',
  );
  await expect(heading(page, 'Boxes & Supplies')).toBeVisible();
  await expect(basket(page).getByRole('listitem')).toHaveText(['2 × Packing Tape$9.98']);
  await expectAccessible(page, 'merchandise/sold out');
  expect(await sales()).toEqual([]);

  await tap(page, 'Pay by card');
  await tap(page, 'Enter credit card manually');
  await typeCard(page, '4111 1111 1111 1111');
  await tap(page, 'Pay now');
  await expect(heading(page, 'Thank you!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('2 × Packing Tape')).toBeVisible();
});

test('in Spanish with audio on: the screen, the basket and the answer are said, and never the card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const said: string[] = [];
  await page.route('**/device/speech', async (route) => {
    if (route.request().method() === 'POST') said.push((route.request().postDataJSON() as { text: string }).text);
    await route.continue();
  });
  await page.goto(kiosk.url);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await page.getByRole('button', { name: 'Audio', exact: true }).click();
  await openSupplies(page, 'Cajas y suministros');
  await expect(heading(page, 'Cajas y suministros')).toBeVisible();
  await expect.poll(() => said.join('\n')).toMatch(/Cajas y suministros\. Cajas, cinta y candados/);

  await tap(page, 'Agregar uno más: Medium Moving Box');
  await expect(basket(page).getByRole('status')).toHaveText('1 artículoTotal $3.74');
  await expect.poll(() => said.join('\n')).toMatch(/1 artículo\s*Total \$3\.74/);
  await expectAccessible(page, 'merchandise/basket (es)');

  await tap(page, 'Pagar con tarjeta');
  await expect(heading(page, 'Pague sus suministros')).toBeVisible();
  await tap(page, 'Ingresar la tarjeta de crédito manualmente');
  await expect(heading(page, 'Información de pago')).toBeVisible();
  await typeCard(page, '4111 1111 1111 1111', { name: 'Nombre en la tarjeta', number: 'Número de tarjeta' });
  await tap(page, 'Pagar ahora');
  await expect(heading(page, '¡Gracias!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Número de venta MS-1001')).toBeVisible();
  await expect.poll(() => said.join('\n')).toMatch(/¡Gracias! Su compra está completa.*Número de venta MS-1001/);
  await expectAccessible(page, 'merchandise/result (es)');
  expectNoCardData(said.join('\n'), 'the speech');
});
