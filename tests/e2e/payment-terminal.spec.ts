import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logIn, openPayBill, TEST_USER } from './support/account.js';
import {
  expectSection as section,
  fillAdditionalInformation,
  JANE,
  reachIdentityStep,
  signAll,
  tapDone as done,
  verifyManually,
  walkDetailSteps,
} from './support/flows.js';
import { control, useKiosk } from './support/kiosk.js';

/**
 * The payment step on the chip and contactless terminal (docs/payment.md), on the daemon's
 * terminal simulator: a rental, a bill payment and a supplies sale paid there; a decline then an
 * approval; the visitor's cancel; the terminal offline; in English, in Spanish and by ear; and the
 * secrets audit: nothing the page received or sent, nothing logged, spooled or handed to the
 * outbox holds one of the simulator's card numbers.
 */

/** The simulator's test cards (daemon payment-terminal/simulator.ts): never sent, only their last four. */
const SIMULATOR_CARDS = ['4111111111111111', '5555555555554444', '378282246310005', '4000056655665556'];

const kiosk = useKiosk(test, {
  env: {
    KIOSK_PAYMENT: 'terminal',
    KIOSK_PRINTER_POLL_MS: '3600000',
    // No sound card here: the daemon's speech goes nowhere (what the page asks to say is read on the way).
    KIOSK_SPEECH_PLAY_COMMAND: 'cat > /dev/null',
  },
  reset: ['sandbox', 'printer'],
});

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const sidebar = (page: Page) => page.getByRole('navigation', { name: /^(Kiosk menu|Menú del quiosco)$/ });
const terminalStatus = (page: Page) => page.locator('.terminal-panel__status');

/** The terminal simulator's next outcome (the sandbox's demo control). */
const nextOutcome = (outcome: string, entryMode?: string) =>
  control(`${kiosk.baseUrl}/device/payment/terminal/simulate`, { outcome, ...(entryMode ? { entryMode } : {}) });

async function tap(page: Page, name: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.getByRole('button', { name, exact: true }).click();
}

/** Every byte the page sent and received: requests, answers and WebSocket frames. */
function recordTraffic(page: Page): () => string {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url(), request.postData() ?? ''));
  page.on('response', (response) => {
    void response
      .text()
      .then((text) => seen.push(text))
      .catch(() => undefined);
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => seen.push(String(frame.payload)));
    socket.on('framesent', (frame) => seen.push(String(frame.payload)));
  });
  return () => seen.join('\n');
}

/** Everything the daemon logged, shipped, spooled and handed to the outbox. */
async function everyTrace(): Promise<string> {
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true })
      .map((name) => join(dir, String(name)))
      .filter((path) => statSync(path).isFile())
      .map((path) => readFileSync(path, 'utf8'));
  const shipped = await (await fetch(`${kiosk.sandboxUrl}/__sandbox/logs`)).text();
  return [kiosk.output(), shipped, ...files(kiosk.spoolDir), ...files(kiosk.outboxDir)].join('\n');
}

function expectNoCardNumber(text: string, where: string): void {
  for (const card of SIMULATOR_CARDS) expect(text, `${where} holds ${card}`).not.toContain(card);
}

async function storageOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
}

async function fillBasket(page: Page, add = 'Add one'): Promise<void> {
  await sidebar(page)
    .getByRole('button', { name: /^(Boxes & Supplies|Cajas y suministros)$/ })
    .click();
  await expect(page.getByRole('list', { name: /^(Supplies|Suministros)$/ })).toBeVisible();
  await tap(page, `${add} Medium Moving Box`, 2);
  await tap(page, `${add} Packing Tape`);
}

test('supplies on the terminal: a declined card, then one approved; the sale carries no card, the screen the EMV fields', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const traffic = recordTraffic(page);
  await page.goto(kiosk.url);
  await fillBasket(page);
  await nextOutcome('declined');
  await tap(page, 'Pay by card');
  await expect(heading(page, 'Tap, insert or swipe your card on the terminal')).toBeVisible();
  await expect(page.getByText('Amount: $12.84')).toBeVisible();
  await expect(terminalStatus(page)).toHaveText('Your card was declined.', { timeout: 15_000 });

  await nextOutcome('approved', 'contactless');
  await tap(page, 'Try again');
  await expect(heading(page, 'Thank you!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Paid with card ending in 4444')).toBeVisible();
  const emv = page.locator('.terminal-receipt');
  await expect(emv).toContainText('MASTERCARD');
  await expect(emv).toContainText('Contactless');
  await expect(emv).toContainText('A0000000041010');
  // The printed receipt carries the EMV fields, the number masked.
  await page.getByRole('button', { name: 'Print receipt', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Take your receipt' })).toBeVisible();
  const { jobs } = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/printer`)).json()) as {
    jobs: { text: string; complete: boolean }[];
  };
  expect(jobs[0]?.complete).toBe(true);
  expect(jobs[0]?.text).toMatch(/Card number\s+\*\*\*\* 4444/);
  expect(jobs[0]?.text).toMatch(/Entry\s+Contactless/);
  expect(jobs[0]?.text).toMatch(/AID\s+A0000000041010/);
  expect(jobs[0]?.text).toMatch(/Auth code\s+\S+/);
  expect(jobs[0]?.text).toMatch(/Reference\s+\d+/);
  expectNoCardNumber(jobs[0]?.text ?? '', 'the receipt');

  const sales = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/rentals`)).json()) as {
    merchandise_sales: unknown[];
  };
  expect(sales.merchandise_sales).toHaveLength(1);
  // The secrets audit: the page, its storage, the daemon's logs, spool and outbox.
  expectNoCardNumber(traffic(), 'the page traffic');
  expectNoCardNumber(await storageOf(page), 'browser storage');
  expectNoCardNumber(await everyTrace(), 'the daemon traces');
  expect(traffic()).not.toMatch(/"(card_number|cc_number|cvv|cc_exp_month)"/);
});

test('the visitor cancels on the screen, in Spanish, and nothing is charged', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(kiosk.url);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await fillBasket(page, 'Agregar uno más:');
  // The terminal waits for a card that never comes: the visitor cancels on the screen.
  await nextOutcome('no-answer');
  await tap(page, 'Pagar con tarjeta');
  await expect(heading(page, 'Acerque, inserte o deslice su tarjeta en la terminal')).toBeVisible();
  await expect(page.getByText('Monto: $12.84')).toBeVisible();
  await tap(page, 'Cancelar el pago');
  await expect(terminalStatus(page)).toHaveText('Se canceló el pago. No se cobró nada.', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  const sales = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/rentals`)).json()) as {
    merchandise_sales: unknown[];
  };
  expect(sales.merchandise_sales).toHaveLength(0);
});

test('a bill paid on the terminal, heard by ear: the stages are said, never a card number', async ({ page }) => {
  test.setTimeout(150_000);
  const said: string[] = [];
  await page.route('**/device/speech', async (route) => {
    if (route.request().method() === 'POST') said.push((route.request().postDataJSON() as { text: string }).text);
    await route.continue();
  });
  await openPayBill(page, kiosk);
  await page.getByRole('button', { name: 'Audio', exact: true }).click();
  await logIn(page, TEST_USER.email, TEST_USER.password);
  await expect(heading(page, 'PAY MY BILL')).toBeVisible({ timeout: 15_000 });
  const a102 = page.getByRole('article', { name: 'Unit A102' });
  await a102.getByLabel('Pay my bill').check();
  await nextOutcome('declined');
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(heading(page, 'Tap, insert or swipe your card on the terminal')).toBeVisible();
  await expect(page.getByText(/^Amount: \$\d+\.\d\d$/)).toBeVisible();
  await expect(terminalStatus(page)).toHaveText('Payment Failed', { timeout: 15_000 });
  await expect.poll(() => said.join('\n'), { timeout: 15_000 }).toMatch(/Payment\. Unit A102\. Amount: \$[\d.]+\./);
  await expect.poll(() => said.join('\n'), { timeout: 15_000 }).toMatch(/The terminal is ready for your card\./);
  await expect.poll(() => said.join('\n'), { timeout: 15_000 }).toMatch(/Payment Failed/);
  await tap(page, 'Try again');
  await expect(heading(page, 'Congratulations')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem').filter({ hasText: 'Unit A102' })).toContainText('Payment Success');
  await expect(page.locator('.terminal-receipt')).toContainText('VISA CREDIT');
  expectNoCardNumber(said.join('\n'), 'the speech');
});

test('a rental paid on the terminal, after the documents: the confirmation shows the EMV fields', async ({ page }) => {
  test.setTimeout(240_000);
  const traffic = recordTraffic(page);
  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-10' });
  await verifyManually(page, JANE);
  await walkDetailSteps(page);
  await section(page, 'content_insurance');
  await done(page);
  await section(page, 'about_convenience');
  await page.getByLabel(/Choose your gate code/).pressSequentially('5678');
  await expect(page.getByText('This gate code is yours.')).toBeVisible();
  await done(page);
  await section(page, 'swipe_scan');
  await expect(page.getByText(/You pay \$[\d,.]+ on the terminal after signing your documents\./)).toBeVisible();
  await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
  await fillAdditionalInformation(page);
  await signAll(page, ['Rental Agreement', 'Certificate of Protection']);
  await expect(heading(page, 'Tap, insert or swipe your card on the terminal')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Amount: \$[\d,]+\.\d\d$/)).toBeVisible();
  await section(page, 'confirm_rental');
  await expect(page.locator('.terminal-receipt')).toContainText('VISA CREDIT', { timeout: 20_000 });
  expectNoCardNumber(traffic(), 'the page traffic');
  expectNoCardNumber(await everyTrace(), 'the daemon traces');
});

test('the terminal offline in the middle of a rental sends the visitor to the Facility Manager', async ({ page }) => {
  test.setTimeout(240_000);
  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-10' });
  await verifyManually(page, JANE);
  await walkDetailSteps(page);
  await section(page, 'content_insurance');
  await done(page);
  await section(page, 'about_convenience');
  await page.getByLabel(/Choose your gate code/).pressSequentially('5679');
  await expect(page.getByText('This gate code is yours.')).toBeVisible();
  await done(page);
  await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
  await fillAdditionalInformation(page);
  await nextOutcome('offline');
  await signAll(page, ['Rental Agreement', 'Certificate of Protection']);
  await expect(terminalStatus(page)).toHaveText('Please see the Facility Manager', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  const rentals = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/rentals`)).json()) as { rentals?: unknown[] };
  expect(rentals.rentals ?? []).toHaveLength(0);
});
