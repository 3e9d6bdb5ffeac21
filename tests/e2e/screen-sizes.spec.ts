import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fillBillCard, logIn, openPayBill, sidebar, TEST_USER } from './support/account.js';
import {
  expectSection,
  fillAdditionalInformation,
  JANE,
  reachIdentityStep,
  signAll,
  swipe,
  tapDone,
  verifyManually,
  walkDetailSteps,
  type ScreenCheck,
} from './support/flows.js';
import { setDisplayModes, type DisplayModes } from './support/display.js';
import { installMeasures, TAPPABLE, type MeasureWindow } from './support/in-page.js';
import { useKiosk } from './support/kiosk.js';

/**
 * The screens kiosks have (docs/screens.md): a whole rental and a bill payment walked on a
 * portrait 1080x1920 screen and on a 4:3 1280x1024 one, measuring on every screen, as a finger
 * would find it, that each control can be brought on screen whole and that nothing lies over its
 * centre (elementFromPoint), that no text runs out of its box, that nothing scrolls sideways, and
 * that every sidebar item shows or the sidebar says it scrolls.
 */

/**
 * The documentation's screenshots (docs/screens.md) are rewritten only when asked,
 * `KIOSK_DOC_SHOTS=1 npx playwright test tests/e2e/screen-sizes.spec.ts`; otherwise they go with
 * the other test results.
 */
const DOC_SHOTS = process.env.KIOSK_DOC_SHOTS === '1';
const RESULTS = 'test-results/screen-sizes';

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader'] });
// The measures are of screens at rest: with reduced motion the kiosk's own scrolls (a category
// brought into view, a field clear of the keyboard) end at once instead of gliding under them.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

interface ScreenSize {
  name: string;
  /** File name prefix of its screenshots. */
  slug: string;
  viewport: { width: number; height: number };
  /** Where the welcome says the menu is: beside the screen, or above it on a portrait screen. */
  menuWhere: 'to the left' | 'above';
  /** Screens whose screenshot goes to docs/img (as the walk names them) and the file's name. */
  docShots: Record<string, string>;
}

const SIZES: ScreenSize[] = [
  {
    name: 'portrait 1080x1920',
    slug: 'portrait',
    viewport: { width: 1080, height: 1920 },
    menuWhere: 'above',
    docShots: {
      'shell/welcome': 'welcome',
      'rental/detail_page (unit group)': 'space-list',
      'rental/card_details': 'rental-card-details',
      'pay-bill/units (chosen)': 'pay-my-bill',
    },
  },
  {
    name: '4:3 1280x1024',
    slug: '4x3',
    viewport: { width: 1280, height: 1024 },
    menuWhere: 'to the left',
    docShots: {
      'shell/welcome': 'welcome',
      'rental/detail_page (unit group)': 'space-list',
      'rental/card_details': 'rental-card-details',
      'pay-bill/units (chosen)': 'pay-my-bill',
    },
  },
];

/** What the page measures on one screen (see measureScreen). */
interface ScreenReport {
  covered: string[];
  offScreen: string[];
  cut: string[];
  small: string[];
  overflowing: string[];
  sideways: boolean;
  controls: number;
  sidebar: { items: number; hidden: string[]; cue: boolean; logoutShown: boolean | null } | null;
}

/**
 * Runs in the page. Each control a visitor can tap is scrolled to the middle of its scrolling
 * boxes, as a finger would scroll to it, then measured: its visible part (its box cut by the
 * viewport and every clipping box around it) must be the whole control, and the element drawn at
 * the centre of it must be the control, inside it, or its label. A checkbox or radio drawn by its
 * label is measured by its label. Scroll positions are put back afterwards.
 */
/** Resolves once no scroll position on the page has moved for three frames (at most 3 s). */
async function scrollsAtRest(): Promise<void> {
  const positions = () =>
    [document.scrollingElement, ...document.querySelectorAll('*')]
      .filter((element): element is Element => element !== null && (element.scrollTop > 0 || element.scrollLeft > 0))
      .map((element) => `${element.scrollTop},${element.scrollLeft}`)
      .join(';');
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  let last = positions();
  let still = 0;
  for (let frames = 0; still < 3 && frames < 180; frames += 1) {
    await frame();
    const now = positions();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

/** measureScreen on the page, with the shared in-page measures installed. */
async function measure(page: Page): Promise<ScreenReport> {
  await installMeasures(page);
  return page.evaluate(measureScreen, TAPPABLE);
}

async function measureScreen(SELECTOR: string): Promise<ScreenReport> {
  const { visiblePart, drawnAt } = (window as unknown as MeasureWindow).kioskMeasure;
  const height = window.innerHeight;
  const describe = (element: Element) => {
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${name.slice(0, 40)}"`;
  };
  const scrollers = [document.documentElement, ...document.querySelectorAll<HTMLElement>('body *')].filter(
    (element) => element.scrollTop !== 0 || element.scrollLeft !== 0 || element.scrollHeight > element.clientHeight,
  );
  const positions = scrollers.map((element) => [element, element.scrollTop, element.scrollLeft] as const);

  const covered: string[] = [];
  const offScreen: string[] = [];
  const cut: string[] = [];
  const small: string[] = [];
  let controls = 0;
  // A modal dialog open: what lies behind it is out of reach by design.
  const modal = document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]');
  for (const element of document.querySelectorAll<HTMLElement>(SELECTOR)) {
    if (element.closest('[inert], [aria-hidden="true"]') !== null) continue;
    if (modal !== null && !modal.contains(element) && element.closest('.kiosk-keyboard-host') === null) continue;
    const input = element instanceof HTMLInputElement ? element : null;
    const label = input?.labels?.[0] ?? null;
    // A tick box or a choice is tapped by its label (the box, a dot or nothing drawn of its own).
    const byLabel = input !== null && label !== null && ['checkbox', 'radio'].includes(input.type);
    const target = byLabel ? label! : element;
    if (!target.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (target.getBoundingClientRect().width <= 1 || target.getBoundingClientRect().height <= 1) continue;
    controls += 1;
    const before = target.getBoundingClientRect();
    target.scrollIntoView({ block: 'center', inline: 'center' });
    const after = target.getBoundingClientRect();
    // Scrolled: what follows a scroll (the sidebar's cues, a sticky bar) is drawn first.
    if (before.top !== after.top || before.left !== after.left)
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const box = target.getBoundingClientRect();
    const part = visiblePart(target);
    if (part === null) {
      offScreen.push(`${describe(element)} at ${Math.round(box.left)},${Math.round(box.top)}`);
      continue;
    }
    if (part.height < Math.min(box.height, height) - 1 || part.width < box.width - 1)
      cut.push(
        `${describe(element)} ${Math.round(box.width)}x${Math.round(box.height)} shows ${Math.round(part.width)}x${Math.round(part.height)}`,
      );
    if (box.width < 43.5 || box.height < 43.5)
      small.push(`${describe(element)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    const mine = (hit: Element | null) =>
      hit !== null &&
      (target.contains(hit) ||
        element.contains(hit) ||
        (label !== null && label.contains(hit)) ||
        (input !== null && hit.closest('label') !== null && [...(input.labels ?? [])].includes(hit.closest('label')!)));
    const centre = () => {
      const now = visiblePart(target);
      return now === null ? null : { x: now.left + now.width / 2, y: now.top + now.height / 2 };
    };
    const hit = await drawnAt(centre, mine);
    if (!mine(hit)) covered.push(`${describe(element)} under ${hit === null ? 'nothing' : describe(hit)}`);
  }
  for (const [element, top, left] of positions) {
    element.scrollTop = top;
    element.scrollLeft = left;
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

  // Text cut by its own box: a box that hides what overflows it, with text wider or taller.
  const overflowing: string[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(element);
    if (!['hidden', 'clip'].includes(style.overflowX) && !['hidden', 'clip'].includes(style.overflowY)) continue;
    if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
    const hasText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
    );
    if (!hasText) continue;
    if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
      overflowing.push(
        `${describe(element)} ${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight}`,
      );
  }

  const nav = modal === null ? document.querySelector('.kiosk-sidebar__nav') : null;
  let sidebarReport: ScreenReport['sidebar'] = null;
  if (nav !== null) {
    const items = [...nav.querySelectorAll<HTMLElement>('.kiosk-sidebar__item')];
    const whole = (element: Element) => {
      const box = element.getBoundingClientRect();
      const part = visiblePart(element);
      return (
        part !== null &&
        part.height >= box.height - 1 &&
        part.width >= box.width - 1 &&
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      );
    };
    const hidden = items.filter((item) => !whole(item)).map(describe);
    // The cues are drawn over the list's edges, outside the menu's landmark.
    const cues = [...document.querySelectorAll<HTMLElement>('.kiosk-sidebar [data-scroll-cue]')].filter((cue) => {
      if (!whole(cue)) return false;
      const part = visiblePart(cue)!;
      const hit = document.elementFromPoint(part.left + part.width / 2, part.top + part.height / 2);
      return hit !== null && cue.contains(hit);
    });
    const logout = nav.querySelector('.kiosk-sidebar__logout');
    sidebarReport = {
      items: items.length,
      hidden,
      cue: cues.length > 0,
      logoutShown: logout === null ? null : whole(logout),
    };
  }
  return {
    covered,
    offScreen,
    cut,
    small,
    overflowing,
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
    controls,
    sidebar: sidebarReport,
  };
}

/** The checks of every screen a walk shows, and its screenshot. */
function screenCheck(page: Page, size: ScreenSize): ScreenCheck {
  mkdirSync(RESULTS, { recursive: true });
  return async (screen) => {
    await expect(page.locator('h1, [role="dialog"] h2').first()).toBeVisible();
    // Fonts settle, and the photo strip's spinner of its first second (shell spec) goes, before anything is measured.
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator('.media-slider__spinner')).toHaveCount(0);
    await page.evaluate(scrollsAtRest);
    const report = await measure(page);
    const file = screen.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');
    await page.screenshot({ path: `${RESULTS}/${size.slug}-${file}.png` });
    const docName = size.docShots[screen];
    if (DOC_SHOTS && docName !== undefined) await docShot(page, `docs/img/${size.slug}-${docName}.png`);
    const where = `${screen} at ${size.name}`;
    expect.soft(report.covered, `controls of ${where} with something over their centre`).toEqual([]);
    expect.soft(report.offScreen, `controls of ${where} that cannot be brought on screen`).toEqual([]);
    expect.soft(report.cut, `controls of ${where} cut by the screen or their box`).toEqual([]);
    expect.soft(report.small, `controls of ${where} under 44 px`).toEqual([]);
    expect.soft(report.overflowing, `text of ${where} running out of its box`).toEqual([]);
    expect.soft(report.sideways, `${where} scrolls sideways`).toBe(false);
    expect(report.controls, `controls measured on ${where}`).toBeGreaterThan(0);
    if (report.sidebar !== null) {
      if (report.sidebar.hidden.length > 0)
        expect
          .soft(report.sidebar.cue, `${where}: sidebar items ${report.sidebar.hidden.join(', ')} hidden with no cue`)
          .toBe(true);
      if (report.sidebar.logoutShown !== null)
        expect.soft(report.sidebar.logoutShown, `${where}: Logout and its countdown on screen`).toBe(true);
    }
  };
}

/** A half-size screenshot, small enough for the docs: drawn down in a page of its own. */
async function docShot(page: Page, path: string): Promise<void> {
  const full = await page.screenshot();
  const { width, height } = page.viewportSize()!;
  const small = await page.context().newPage();
  await small.setViewportSize({ width: width / 2, height: height / 2 });
  await small.setContent(
    `<body style="margin:0"><img style="display:block;width:${width / 2}px;height:${height / 2}px" src="data:image/png;base64,${full.toString('base64')}"></body>`,
  );
  await small.screenshot({ path });
  await small.close();
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test(`a whole rental on ${size.name}`, async ({ page }) => {
      test.setTimeout(420_000);
      const check = screenCheck(page, size);
      await page.goto(kiosk.url);
      await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
      await expect(
        page.getByText(`Get started by selecting one of the options ${size.menuWhere}`, { exact: true }),
      ).toBeVisible();
      await check('shell/welcome');
      await reachIdentityStep(page, kiosk, { skipGoto: true, door: 'B-10', check });
      await verifyManually(page, JANE, { check });
      await walkDetailSteps(page, { check });
      await expectSection(page, 'content_insurance');
      await check('rental/content_insurance');
      await tapDone(page);
      await expectSection(page, 'about_convenience');
      await page.getByLabel(/Choose your gate code/).pressSequentially('5678');
      await expect(page.getByText('This gate code is yours.')).toBeVisible();
      await check('rental/about_convenience');
      await tapDone(page);
      await swipe(page, kiosk, 'approve', { check });
      await page.getByLabel('CVV').pressSequentially('987');
      await check('rental/card_details');
      await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
      await fillAdditionalInformation(page, { check });
      await signAll(page, ['Rental Agreement', 'Certificate of Protection'], check);
      await expectSection(page, 'confirm_rental');
      await expect(page.getByText('Your rental is confirmed!')).toBeVisible();
      await check('rental/confirm_rental');
    });

    test(`a bill payment on ${size.name}`, async ({ page }) => {
      test.setTimeout(240_000);
      const check = screenCheck(page, size);
      await openPayBill(page, kiosk);
      await check('pay-bill/login');
      await logIn(page, TEST_USER.email, TEST_USER.password);
      await expect(page.getByRole('heading', { name: 'PAY MY BILL', exact: true })).toBeVisible({ timeout: 15_000 });
      await check('pay-bill/units');
      await page.getByRole('article', { name: 'Unit A102' }).getByLabel('Pay my bill').check();
      await check('pay-bill/units (chosen)');
      await page.getByRole('button', { name: 'Make a payment' }).click();
      await expect(page.getByText('Please swipe or scan your credit card')).toBeVisible();
      await check('pay-bill/swipe or scan');
      await page.getByRole('button', { name: 'ENTER CREDIT CARD MANUALLY' }).click();
      await expect(page.getByRole('heading', { name: 'Payment information', exact: true })).toBeVisible();
      await fillBillCard(page);
      await check('pay-bill/card form');
      await page.getByRole('button', { name: 'Make a payment' }).click();
      await expect(page.getByRole('heading', { name: 'Congratulations', exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await check('pay-bill/result');
      await sidebar(page)
        .getByRole('button', { name: /^Logout/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('shell/logout dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'LOGOUT', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible({ timeout: 20_000 });
    });
  });
}

test.describe('1366x768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the space list and the identity step on 1366x768', async ({ page }) => {
    test.setTimeout(240_000);
    const check = screenCheck(page, {
      name: '1366x768',
      slug: '1366x768',
      menuWhere: 'to the left',
      viewport: { width: 1366, height: 768 },
      docShots: {},
    });
    await page.goto(kiosk.url);
    await check('shell/welcome');
    await reachIdentityStep(page, kiosk, { skipGoto: true, door: 'B-10', check });
    await check('rental/rent_this_space');
  });
});

const MENU_MODES: { name: string; modes: DisplayModes }[] = [
  { name: 'the plain display', modes: {} },
  { name: 'Large text', modes: { largeText: true } },
  { name: 'Move controls down', modes: { lowReach: true } },
];

for (const { name, modes } of MENU_MODES) {
  test(`at 1920x1080 with ${name} the menu says it scrolls and More pages to its last item`, async ({ page }) => {
    // Each tap scrolls at once (the kiosk scrolls smoothly unless reduced motion is asked for).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(kiosk.url);
    await setDisplayModes(page, modes);
    const menu = sidebar(page);
    const items = menu.locator('.kiosk-sidebar__item');
    const last = items.last();
    await expect(last).toHaveText('Boxes & Supplies');
    // The menu's paging loads just after the first screen.
    await expect(page.locator('[data-scroll-cue]').first()).toBeVisible();
    const report = await measure(page);
    // The menu does not fit at this size: it says so, and nothing else covers what it shows.
    expect(report.sidebar?.hidden, 'items below the fold').toContain('button.kiosk-sidebar__item "Boxes & Supplies"');
    expect(report.sidebar?.cue, 'a visible scroll cue').toBe(true);
    expect(report.covered).toEqual([]);
    // Not items of the menu: the sidebar's own controls beside it.
    const more = page.getByRole('complementary').getByRole('button', { name: 'More', exact: true });
    const backUp = page.getByRole('complementary').getByRole('button', { name: 'Back up', exact: true });
    await expect(menu.getByRole('button', { name: /More|Back up/ })).toHaveCount(0);
    await expect(more).toBeVisible();
    await expect(backUp).toHaveCount(0);
    // Each tap of More shows the next page, until the last item is on screen; Back up goes back.
    const count = await items.count();
    const settled = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    // On every page the items drawn are whole, and the cues lie below them, over none.
    const expectWholePage = async (where: string) => {
      const page_ = await page.evaluate(() => {
        const list = document.querySelector('.kiosk-sidebar__items')!.getBoundingClientRect();
        const drawn = [...document.querySelectorAll('.kiosk-sidebar__items .kiosk-sidebar__item')]
          .filter((item) => item.checkVisibility({ opacityProperty: true }))
          .map((item) => ({ text: (item as HTMLElement).innerText.trim(), box: item.getBoundingClientRect() }));
        const cues = [...document.querySelectorAll('[data-scroll-cue]')].map((cue) => cue.getBoundingClientRect());
        return {
          cut: drawn
            .filter(({ box }) => box.top < list.top - 1 || box.bottom > list.bottom + 1)
            .map(({ text }) => text),
          under: drawn
            .filter(({ box }) => cues.some((cue) => cue.top < box.bottom - 1 && box.top < cue.bottom - 1))
            .map(({ text }) => text),
          drawn: drawn.length,
        };
      });
      expect(page_.drawn, `${where}: items drawn`).toBeGreaterThan(0);
      expect(page_.cut, `${where}: items drawn cut`).toEqual([]);
      expect(page_.under, `${where}: items under a cue`).toEqual([]);
    };
    await expectWholePage('first page');
    for (let taps = 0; taps < count && (await more.count()) > 0; taps += 1) {
      await more.click();
      await settled();
      await expectWholePage(`after ${taps + 1} taps of More`);
    }
    await expect(more).toHaveCount(0);
    await expect(backUp).toBeVisible();
    await expect(last).toBeInViewport({ ratio: 1 });
    const scrolled = await measure(page);
    expect(scrolled.sidebar?.hidden).not.toContain('button.kiosk-sidebar__item "Boxes & Supplies"');
    for (let taps = 0; taps < count && (await backUp.count()) > 0; taps += 1) {
      await backUp.click();
      await settled();
      await expectWholePage(`after ${taps + 1} taps of Back up`);
    }
    await expect(backUp).toHaveCount(0);
    await expect(items.first()).toBeInViewport({ ratio: 1 });
    await more.click();
    await last.click();
    await expect(last).toHaveAttribute('aria-current', 'page');
  });
}

for (const viewport of [
  { width: 1080, height: 1920 },
  { width: 1280, height: 1024 },
  { width: 1366, height: 768 },
]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test(`the kiosk fills a ${viewport.width}x${viewport.height} screen (no big-screen band)`, async ({ page }) => {
      await page.goto(kiosk.url);
      await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
      await expect(page.locator('.kiosk-app')).not.toHaveClass(/kiosk-app--big-screen/);
      // The whole screen, below the demo kiosk's DEMO strip.
      const mark = (await page
        .getByRole('complementary', { name: 'DEMO — no real rentals or payments' })
        .boundingBox())!;
      expect(await page.locator('.kiosk-shell').boundingBox()).toEqual({
        x: 0,
        y: mark.height,
        width: viewport.width,
        height: viewport.height - mark.height,
      });
    });
  });
}
