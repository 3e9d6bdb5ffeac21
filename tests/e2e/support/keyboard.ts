import { expect, type Locator, type Page } from '@playwright/test';

/** The on-screen keyboard, while a field has focus. */
export const onScreenKeyboard = (page: Page): Locator => page.locator('.kiosk-keyboard-host');

/**
 * The control can be tapped: the topmost element at its centre is the control itself (or inside
 * it), not the on-screen keyboard or anything else lying over it.
 */
export async function expectNotCovered(control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const onTop = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = element.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(onTop).toBe(true);
}

/** Puts the keyboard away as a visitor does: a tap on the page's heading, outside any field. */
export async function tapOutsideFields(page: Page): Promise<void> {
  await page.locator('h1').first().click();
  await expect(onScreenKeyboard(page)).toHaveCount(0);
}
