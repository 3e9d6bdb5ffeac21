import { expect, test, type Page } from '@playwright/test';
import { rentalSection } from './support/flows.js';
import { useKiosk } from './support/kiosk.js';
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
 * one walk per mode that checks each screen as it reaches it. Each screen x mode is a step with a
 * screenshot; the mode's rows are attached as `visual-report`.
 */

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader', 'printer'] });

const sidebarItem = (page: Page, mode: VisualMode, section: string) =>
  page
    .getByRole('navigation', { name: tr(mode.language, 'shell.sidebar.label') })
    .getByRole('button', { name: tr(mode.language, `shell.sections.${section}`), exact: true });

for (const mode of VISUAL_MODES) {
  test(`every screen measured: ${mode.label}`, async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const rows: VisualRow[] = [];
    const notes: string[] = [];
    try {
      await openInMode(page, kiosk.url, mode);
      await checkScreen(page, mode, 'shell/welcome', rows, notes);

      await tap(sidebarItem(page, mode, 'rent'), notes);
      await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
      const card = page.locator('[data-group="medium"]');
      await expect(card).toBeVisible();
      await checkScreen(page, mode, 'rental/space list', rows, notes);
      await tap(card.getByRole('button', { name: tr(mode.language, 'browse.select'), exact: true }), notes);
      await expect(page.locator('#unit-group-panel .unit-row').first()).toBeVisible();
      await checkScreen(page, mode, 'rental/space list (category open)', rows, notes);
    } finally {
      await attachReport(testInfo, mode, rows);
    }
  });
}
