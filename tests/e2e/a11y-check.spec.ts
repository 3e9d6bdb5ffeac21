import { expect, test } from '@playwright/test';
import { checkAccessibility } from './support/a11y.js';

/**
 * The accessibility check itself (support/a11y.ts), on a page made to break each of its rules: it
 * must name what is wrong, and let pass what is right (a label as the tap area of a checkbox or of
 * a visually hidden radio, a key of the on-screen keyboard out of the Tab order, a disabled button).
 */
test('the accessibility check names small targets, unreachable controls and axe violations', async ({ page }) => {
  await page.setContent(`<!doctype html>
    <html lang="en"><head><title>Check</title>
    <style>
      .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      label { display: inline-block; min-width: 200px; min-height: 60px; }
    </style></head>
    <body><main>
      <h1>Check</h1>
      <button style="width: 30px; height: 30px; padding: 0">x</button>
      <div role="button" style="width: 100px; height: 60px">Fake</div>
      <label><input type="checkbox" style="width: 16px; height: 16px"> Wrapped</label>
      <input type="radio" id="radio" class="hidden"><label for="radio">Pointed at</label>
      <input type="checkbox" aria-label="Tiny" style="width: 16px; height: 16px">
      <input type="checkbox" aria-label="Hidden" class="hidden">
      <div data-pointer-only><button tabindex="-1" style="width: 60px; height: 60px">A</button></div>
      <button disabled style="width: 10px; height: 10px">d</button>
      <p style="color: #b0b0b0">Grey on white</p>
    </main></body></html>`);

  const report = await checkAccessibility(page);
  expect(report.contrastChecked).toBe(true);
  expect(report.violations).toEqual([expect.stringMatching(/^color-contrast: /)]);
  expect(report.smallTargets).toEqual([
    'button "x" (button) 30x30',
    'checkbox "Tiny" (input) 16x16',
    'checkbox "Hidden" (input.hidden) has no label to tap',
  ]);
  expect(report.unreachable).toEqual(['button "Fake" (div)']);
  expect(report.controls).toBe(6);
});
