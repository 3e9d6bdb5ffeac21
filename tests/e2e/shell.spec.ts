import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { useKiosk } from './support/kiosk.js';
import { DEMO_SIDEBAR } from './support/texts.js';

/**
 * The kiosk shell against the built UI served by the built daemon with its sandbox (shell spec
 * §1, §2, §8). Sandbox facilities: demo (documents, map, its own pay-bill), external-paybill (an
 * external pay-bill, no map, no documents), unconfigured (its configuration call fails).
 */

const kiosk = useKiosk(test);

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Kiosk menu' });

test('the welcome screen shows the default texts in the configured colours and title', async ({ page }) => {
  await page.goto(`${kiosk.baseUrl}/demo`);

  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  await expect(
    page.getByText('Get started by selecting one of the options to the left', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Maple Street Self Storage Kiosk');
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--kiosk-primary').trim(),
  );
  expect(primary.toLowerCase()).toBe('#1e5631');
  // The configured colour is what the page actually paints with (the sidebar background).
  await expect(page.locator('.kiosk-sidebar')).toHaveCSS('background-color', 'rgb(30, 86, 49)');
  await expect(page.getByRole('img', { name: 'Maple Street Self Storage Kiosk' })).toBeVisible();

  await expectAccessible(page, 'shell/welcome');
});

test("the welcome is painted from the daemon's HTML before the UI's scripts run, then the UI's own takes over", async ({
  page,
}) => {
  const firstPaint = page.locator('#kiosk-first-paint');
  // The daemon fetches the configuration at start: the first page may come before it has.
  await expect
    .poll(async () => (await page.request.get(`${kiosk.baseUrl}/demo`)).text())
    .toContain('id="kiosk-first-paint"');

  // No script at all: what the visitor sees while the bundle downloads and runs.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(`${kiosk.baseUrl}/demo`);
  await expect(firstPaint.getByText('WELCOME', { exact: true })).toBeVisible();
  await expect(
    firstPaint.getByText('Get started by selecting one of the options to the left', { exact: true }),
  ).toBeVisible();
  await expect(firstPaint.locator('.kiosk-sidebar')).toHaveCSS('background-color', 'rgb(30, 86, 49)');
  await expect(firstPaint.locator('.kiosk-welcome')).toHaveCSS('background-image', /welcome\/background\.svg/);
  // The sidebar's items as the UI will list them, where it will list them.
  await expect(firstPaint.locator('.kiosk-sidebar__item')).toHaveText(DEMO_SIDEBAR);
  const paintedAt = await firstPaint.getByText('SIZE GUIDE', { exact: true }).boundingBox();
  // Hidden from assistive technology (the UI's own welcome follows with the same texts).
  await expect(firstPaint).toHaveAttribute('aria-hidden', 'true');

  // With the scripts: the UI's welcome replaces it, with its items in the same places.
  await page.unroute('**/*.js');
  await page.goto(`${kiosk.baseUrl}/demo`);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  await expect(firstPaint).toHaveCount(0);
  const sizeGuide = sidebar(page).getByRole('button', { name: 'SIZE GUIDE', exact: true });
  expect(await sizeGuide.boundingBox()).toEqual(paintedAt);
  await sizeGuide.click();
  await expect(page.getByRole('heading', { name: 'SIZE GUIDE', exact: true })).toBeVisible();
});

test.describe("with the page's own content security policy", () => {
  test.use({ bypassCSP: false });

  test('a sidebar item tapped on the welcome before the UI is up shows as chosen, and opens once the UI is', async ({
    page,
  }) => {
    await expect
      .poll(async () => (await page.request.get(`${kiosk.baseUrl}/demo`)).text())
      .toContain('id="kiosk-first-paint"');
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // The UI's scripts are slow to come: the visitor has only the daemon's first paint to tap.
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto(`${kiosk.baseUrl}/demo`, { waitUntil: 'commit' });
    const firstPaint = page.locator('#kiosk-first-paint');
    await firstPaint.getByText('PAY MY BILL', { exact: true }).click();
    await firstPaint.getByText('Select a Space', { exact: true }).click();
    // The last tap shows chosen at once, as the UI shows the current item.
    await expect(firstPaint.getByText('Select a Space', { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(firstPaint.getByText('Select a Space', { exact: true })).toHaveCSS(
      'background-color',
      'rgb(242, 177, 52)',
    );
    await expect(firstPaint.locator('[aria-current]')).toHaveCount(1);

    releaseScripts();
    await expect(page.getByRole('heading', { name: 'Select a Space', level: 1 })).toBeVisible();
    await expect(page.locator('[data-rental-section="detail_page"]')).toBeVisible();
    await expect(firstPaint).toHaveCount(0);
    expect(refused).toEqual([]);
  });
});

test('the demo sidebar lists every section in the spec order, and selecting one shows it', async ({ page }) => {
  await page.goto(`${kiosk.baseUrl}/demo`);
  const items = sidebar(page).getByRole('button');
  await expect(items).toHaveText(DEMO_SIDEBAR);
  await expect(sidebar(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);

  // MobX observers must update in the production build (mobx#4608): a store change repaints.
  await sidebar(page).getByRole('button', { name: 'SIZE GUIDE', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'SIZE GUIDE', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'SIZE GUIDE', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await sidebar(page).getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
});

test('a facility with an external pay-bill has no PAY MY BILL, Setup autopay, documents or map', async ({ page }) => {
  await page.goto(`${kiosk.baseUrl}/external-paybill`);
  await expect(page).toHaveTitle('Maple Street Self Storage Decatur Kiosk');
  const items = sidebar(page).getByRole('button');
  // MY STORAGE stays: the gate code and move-out do not depend on where bills are paid.
  await expect(items).toHaveText([
    'Home',
    'Select a Space',
    'Find my reservation',
    'SIZE GUIDE',
    'MY STORAGE',
    'Boxes & Supplies',
  ]);
  for (const hidden of ['PAY MY BILL', 'Setup autopay', 'Rental Documents', 'Protection Brochure', 'Facility map']) {
    await expect(sidebar(page).getByRole('button', { name: hidden, exact: true })).toHaveCount(0);
  }
});

test('a facility whose configuration cannot be loaded shows the unavailable page', async ({ page }) => {
  await page.goto(`${kiosk.baseUrl}/unconfigured`);
  await expect(page.getByRole('heading', { name: 'Kiosk is not configured for this facility.' })).toBeVisible();
  await expect(page).toHaveURL(/\/unavailable\?error=not_configured$/);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectAccessible(page, 'shell/unavailable (not configured)');
});

test('an unknown path shows "This page is not valid."', async ({ page }) => {
  for (const path of ['/a/b/c', '/']) {
    await page.goto(`${kiosk.baseUrl}${path}`);
    await expect(page.getByRole('heading', { name: 'This page is not valid.' })).toBeVisible();
    if (path === '/') await expectAccessible(page, 'shell/unavailable (page not valid)');
  }
});

test('/time/ shows the current epoch seconds and keeps ticking', async ({ page }) => {
  await page.goto(`${kiosk.baseUrl}/time/`);
  const value = page.getByTestId('epoch-seconds');
  await expect(value).toHaveText(/^\d+$/);
  await expectAccessible(page, 'shell/time');
  const first = Number(await value.textContent());
  expect(Math.abs(first - Date.now() / 1000)).toBeLessThan(5);
  await expect.poll(async () => Number(await value.textContent()), { timeout: 5_000 }).toBeGreaterThan(first);
});

/**
 * What is drawn under the DEMO mark: the controls and the texts whose drawn part meets the mark's
 * box, each scroll box of the page scrolled to its middle and to its end as a visitor scrolls (none
 * may be: the mark sits beside the screens, in a strip of its own).
 */
async function drawnUnderDemoMark(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const mark = document.querySelector('.kiosk-demo-mark:not(#kiosk-first-paint *)')!.getBoundingClientRect();
    const meets = (box: DOMRect) =>
      box.width > 0 &&
      box.height > 0 &&
      box.left < mark.right &&
      box.right > mark.left &&
      box.top < mark.bottom &&
      box.bottom > mark.top;
    // The part of a box that shows: cut by every box around it that clips (a scrolled list's items above its top are not drawn).
    const drawn = (element: Element, box: DOMRect) => {
      let { left, right, top, bottom } = box;
      for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
    };
    const shown = (element: Element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const under = new Set<string>();
    const look = () => {
      for (const control of document.querySelectorAll('button, a[href], input, select, textarea, [role="button"]'))
        if (shown(control) && meets(drawn(control, control.getBoundingClientRect())))
          under.add(control.outerHTML.slice(0, 120));
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('.kiosk-demo-mark') || !(node.textContent ?? '').trim()) continue;
        if (!shown(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some((line) => meets(drawn(parent, line))))
          under.add(`text "${(node.textContent ?? '').trim().slice(0, 40)}"`);
      }
    };
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const scrollers = [...document.querySelectorAll('body *')].filter(
      (element) => element.scrollHeight > element.clientHeight + 1 && getComputedStyle(element).overflowY !== 'visible',
    );
    look();
    for (const share of [0.5, 1]) {
      for (const box of scrollers) box.scrollTop = (box.scrollHeight - box.clientHeight) * share;
      await frame();
      look();
    }
    for (const box of scrollers) box.scrollTop = 0;
    return [...under];
  });
}

test("a demo kiosk (KIOSK_SANDBOX=on) wears the DEMO mark on every screen, in the visitor's language, beside the screen, over nothing", async ({
  page,
}) => {
  await page.goto(`${kiosk.baseUrl}/demo`);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  const mark = page.getByRole('complementary', { name: 'DEMO — no real rentals or payments' });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText('DEMO — no real rentals or payments');
  expect(await drawnUnderDemoMark(page)).toEqual([]);
  // The kiosk's page starts below the mark: the mark is a strip of its own at the top of the screen.
  const markBox = (await mark.boundingBox())!;
  expect((await page.locator('.kiosk-app:not(#kiosk-first-paint) > .kiosk-shell').boundingBox())!.y).toBe(
    markBox.y + markBox.height,
  );

  await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mark).toBeVisible();
  expect(await drawnUnderDemoMark(page)).toEqual([]);

  // A step's heading ("Your information"), the form scrolled: never under the mark.
  await page.locator('[data-group="medium"]').getByRole('button', { name: 'SELECT', exact: true }).click();
  await page.locator('#unit-group-panel .unit-row__select').first().click();
  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await expect(page.getByRole('heading', { name: 'Your information' })).toBeVisible();
  expect(await drawnUnderDemoMark(page)).toEqual([]);

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('complementary', { name: 'DEMO — sin alquileres ni pagos reales' })).toHaveText(
    'DEMO — sin alquileres ni pagos reales',
  );
  expect(await drawnUnderDemoMark(page)).toEqual([]);
});

test('above 1920x1080 the kiosk keeps its 1080 px layout, centred vertically', async ({ page }) => {
  await page.setViewportSize({ width: 2560, height: 1440 });
  await page.goto(`${kiosk.baseUrl}/demo`);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  const box = await page.locator('.kiosk-shell').boundingBox();
  expect(box).toMatchObject({ y: 180, height: 1080, width: 2560 });
});
