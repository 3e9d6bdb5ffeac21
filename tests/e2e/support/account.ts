import { expect, type Page } from '@playwright/test';
import type { RunningKiosk } from './kiosk.js';

/** Page helpers for the account and Pay My Bill suites (and anyone who needs a logged-in tenant). */

export const TEST_USER = { email: 'tenant@example.com', password: 'Password!1' } as const;
export const NO_RENTALS_USER = { email: 'norentals@example.com', password: 'Password!1' } as const;

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Kiosk menu' });

/** Open PAY MY BILL from the sidebar (logged out: the login screen). */
export async function openPayBill(page: Page, kiosk: RunningKiosk): Promise<void> {
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'PAY MY BILL', exact: true }).click();
}

/** Log in on the pay-bill login screen. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Login or create an account' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Reset the sandbox world (users, balances, autopay, mails) between tests. */
export async function resetSandbox(kiosk: RunningKiosk): Promise<void> {
  const response = await fetch(`${kiosk.sandboxUrl}/__sandbox/reset`, { method: 'POST' });
  expect(response.ok).toBe(true);
}
