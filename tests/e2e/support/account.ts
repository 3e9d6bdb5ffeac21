import { expect, type Page } from '@playwright/test';
import type { RunningKiosk } from './kiosk.js';
import { ENGLISH, type KioskTexts } from './texts.js';

/** Page helpers for the account and Pay My Bill suites (and anyone who needs a logged-in tenant). */

/** The sandbox's tenant (docs/my-storage.md): its login, and the cell phone on file for MY STORAGE. */
export const TEST_USER = { email: 'tenant@example.com', password: 'Password!1', phone: '2175550147' } as const;
/** The one-time code the sandbox texts for a login by phone. */
export const TEXT_CODE = '123456';
export const NO_RENTALS_USER = { email: 'norentals@example.com', password: 'Password!1' } as const;

export const sidebar = (page: Page, texts: KioskTexts = ENGLISH) => page.getByRole('navigation', { name: texts.menu });

/** Open PAY MY BILL from the sidebar (logged out: the login screen); `skipGoto`: the kiosk is open. */
export async function openPayBill(
  page: Page,
  kiosk: RunningKiosk,
  options: { texts?: KioskTexts; skipGoto?: boolean } = {},
): Promise<void> {
  const texts = options.texts ?? ENGLISH;
  if (!options.skipGoto) await page.goto(kiosk.url);
  await sidebar(page, texts).getByRole('button', { name: texts.payMyBill, exact: true }).click();
}

/** Log in on the pay-bill login screen. */
export async function logIn(page: Page, email: string, password: string, texts: KioskTexts = ENGLISH): Promise<void> {
  await expect(page.getByRole('heading', { name: texts.loginTitle })).toBeVisible();
  await page.getByLabel(texts.fields.email, { exact: true }).fill(email);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.login, exact: true }).click();
}

/** The labels of Pay My Bill's card form, per language. */
const CARD_FORM = {
  en: { name: 'Card Name', number: 'Card Number', month: 'Expiry Month', year: 'Expiry Year', cvv: 'CVV' },
  es: {
    name: 'Nombre en la tarjeta',
    number: 'Número de tarjeta',
    month: 'Mes de vencimiento',
    year: 'Año de vencimiento',
    cvv: 'CVV',
  },
} as const;

/** The sandbox's approved test Visa. */
export const GOOD_CARD = '4111111111111111';

/**
 * Fill Pay My Bill's card form by hand: Taylor Morgan's card `number` (the approved test Visa
 * unless told), expiring in December four years on, with `cvv`.
 */
export async function fillBillCard(
  page: Page,
  { language = 'en', number = GOOD_CARD, cvv = '987' }: { language?: 'en' | 'es'; number?: string; cvv?: string } = {},
): Promise<void> {
  const label = CARD_FORM[language];
  await page.getByLabel(label.name).fill('Taylor Morgan');
  await page.getByLabel(label.number).fill(number);
  await page.getByLabel(label.month).selectOption('12');
  await page.getByLabel(label.year).selectOption(String(new Date().getFullYear() + 4));
  await page.getByLabel(label.cvv).fill(cvv);
}
