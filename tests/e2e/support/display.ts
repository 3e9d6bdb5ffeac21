import { expect, type Locator, type Page } from '@playwright/test';
import { installMeasures, KEYPAD_REACHABLE, type MeasureWindow } from './in-page.js';

/** The visitor's display modes, as the switches of the Display group name them. */
export interface DisplayModes {
  highContrast?: boolean;
  largeText?: boolean;
  lowReach?: boolean;
}

const SWITCHES = { highContrast: 'High contrast', largeText: 'Large text', lowReach: 'Move controls down' } as const;

/** Turn the named modes on (or off) with the Display switches, as a visitor taps them. */
export async function setDisplayModes(page: Page, modes: DisplayModes): Promise<void> {
  const group = page.getByRole('group', { name: 'Display' });
  for (const [mode, name] of Object.entries(SWITCHES) as [keyof DisplayModes, string][]) {
    const wanted = modes[mode];
    if (wanted === undefined) continue;
    const button = group.getByRole('button', { name, exact: true });
    if ((await button.getAttribute('aria-pressed')) !== String(wanted)) await button.click();
    await expect(button).toHaveAttribute('aria-pressed', String(wanted));
  }
}

/** What a visitor can tap: the same kinds of control the accessibility check measures. */
const CONTROLS = [KEYPAD_REACHABLE, 'summary', 'iframe'].join(', ');

/**
 * Every visible control lies in the lower `zonePercent` % of the screen. A control's visible part
 * is its box cut by the viewport and by every scrolling or clipping box around it (a list scrolled
 * inside the zone shows only what is in it); a control with nothing visible is not on screen. A
 * checkbox or radio drawn by its label counts by its label's box. Returns how many were measured.
 */
export async function expectControlsInReach(page: Page, zonePercent: number, screen: string): Promise<number> {
  await installMeasures(page);
  const { outside, measured, zoneTop } = await page.evaluate(
    ({ selector, zonePercent }) => {
      const height = window.innerHeight;
      const zoneTop = height * (1 - zonePercent / 100);
      const { visiblePart } = (window as unknown as MeasureWindow).kioskMeasure;
      const outside: string[] = [];
      let measured = 0;
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if (element.closest('[inert]') !== null) continue;
        const input = element instanceof HTMLInputElement ? element : null;
        const own = element.getBoundingClientRect();
        const byLabel = input !== null && (own.width <= 1 || own.height <= 1) && (input.labels?.length ?? 0) > 0;
        const part = visiblePart(byLabel ? input!.labels![0]! : element);
        if (part === null) continue;
        measured += 1;
        if (part.top < zoneTop - 0.5 || part.bottom > height + 0.5) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
          outside.push(
            `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${name.slice(0, 40)}" at ${Math.round(part.top)}-${Math.round(part.bottom)}`,
          );
        }
      }
      return { outside, measured, zoneTop };
    },
    { selector: CONTROLS, zonePercent },
  );
  expect(outside, `controls of ${screen} above the reach zone (top ${Math.round(zoneTop)} px)`).toEqual([]);
  expect(measured, `controls measured on ${screen}`).toBeGreaterThan(0);
  return measured;
}

/**
 * Large text as drawn: every visible text at least `minimum` px on screen (its font size times
 * the page's zoom), the main heading larger, and no box that scrolls sideways (the page, the
 * section, any scrolling list; a photo gallery that snaps sideways is one by design).
 */
export async function expectLargeText(page: Page, screen: string, minimum = 24): Promise<void> {
  const report = await page.evaluate((minimum) => {
    const drawnSize = (element: Element) =>
      parseFloat(getComputedStyle(element).fontSize) * ((element as HTMLElement).currentCSSZoom ?? 1);
    const small: string[] = [];
    let bodySize = Infinity;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || parent === null) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Visually hidden text (for screen readers) is not drawn.
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const size = drawnSize(parent);
      bodySize = Math.min(bodySize, size);
      if (size < minimum - 0.01)
        small.push(`"${text.slice(0, 40)}" ${size.toFixed(1)} px (${parent.className || parent.tagName})`);
    }
    const heading = document.querySelector('h1');
    const sideways = [document.documentElement, ...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const scrolls = element === document.documentElement || ['auto', 'scroll'].includes(style.overflowX);
        // A gallery that snaps sideways (the space's photos) scrolls that way by design, at any size.
        const gallery = /\b(x|inline|both)\b/.test(style.scrollSnapType);
        return scrolls && !gallery && element.scrollWidth > element.clientWidth + 1;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${element.scrollWidth} > ${element.clientWidth}`,
      );
    return {
      small,
      bodySize,
      headingSize: heading ? drawnSize(heading) : null,
      sideways,
    };
  }, minimum);
  expect(report.small, `text of ${screen} under ${minimum} px`).toEqual([]);
  expect(report.bodySize, `smallest text of ${screen}`).toBeGreaterThanOrEqual(minimum);
  if (report.headingSize !== null) expect(report.headingSize, `heading of ${screen}`).toBeGreaterThan(minimum);
  expect(report.sideways, `boxes of ${screen} scrolling sideways`).toEqual([]);
}

/** WCAG contrast of an element's text: its colour against the first opaque background behind it. */
export async function textContrast(locator: Locator): Promise<number> {
  await installMeasures(locator.page());
  return locator.evaluate((element) => {
    const { colour, contrast, background } = (window as unknown as MeasureWindow).kioskMeasure;
    return contrast(colour(getComputedStyle(element).color), background(element));
  });
}

/**
 * No text drawn outside its box: each visible text's drawn extent lies within the closest box
 * around it that a visitor sees as its frame (a background, a border or a clip: a card, a button,
 * a panel) and within its own element when that clips. Text scrolled out of a scrolling box is
 * not drawn and does not count. `contrast`: every text also reaches that ratio (high contrast).
 */
export async function expectNothingOutOfBox(page: Page, screen: string, contrast?: number): Promise<void> {
  await installMeasures(page);
  const report = await page.evaluate((minimum) => {
    const outside: string[] = [];
    const faint: string[] = [];
    const {
      colour: rgb,
      contrast: ratioOf,
      background: backgroundOf,
    } = (window as unknown as MeasureWindow).kioskMeasure;
    const label = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || parent === null) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (parent.closest('.kiosk-visually-hidden, [aria-hidden="true"]') !== null) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const drawn = range.getBoundingClientRect();
      if (drawn.width < 1 || drawn.height < 1) continue;
      if (drawn.bottom < 0 || drawn.top > window.innerHeight || drawn.right < 0 || drawn.left > window.innerWidth)
        continue;
      const own = getComputedStyle(parent);
      if (own.overflowX !== 'visible' && parent.scrollWidth > parent.clientWidth + 1)
        outside.push(`"${text.slice(0, 40)}" cut in ${label(parent)} (${parent.scrollWidth} > ${parent.clientWidth})`);
      for (let box: HTMLElement | null = parent; box !== null && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const framed =
          rgb(style.backgroundColor).a > 0 || parseFloat(style.borderLeftWidth) > 0 || style.overflowX !== 'visible';
        if (!framed || style.display === 'inline') continue;
        const frame = box.getBoundingClientRect();
        const sideways = drawn.left < frame.left - 1 || drawn.right > frame.right + 1;
        // Above or below a box that scrolls that way is scrolled out of sight, not outside.
        const scrolledOut = style.overflowY !== 'visible';
        const vertically = !scrolledOut && (drawn.top < frame.top - 2 || drawn.bottom > frame.bottom + 2);
        if (sideways || vertically) outside.push(`"${text.slice(0, 40)}" runs out of ${label(box)}`);
        break;
      }
      if (minimum !== null) {
        const ratio = ratioOf(rgb(own.color), backgroundOf(parent));
        if (ratio < minimum) faint.push(`"${text.slice(0, 40)}" ${ratio.toFixed(2)}:1 (${label(parent)})`);
      }
    }
    return { outside, faint };
  }, contrast ?? null);
  expect(report.outside, `texts of ${screen} outside their boxes`).toEqual([]);
  expect(report.faint, `texts of ${screen} under ${contrast}:1`).toEqual([]);
}

/**
 * With Move controls down the top of the screen is not left blank: a band above the reach zone
 * fills it (within a few pixels of the reach line; on a demo kiosk from the foot of the DEMO
 * strip, which sits above everything) and shows the section the visitor is in, `section` (and the
 * facility's name or logo); being above the line, it holds no control.
 */
export async function expectReachBand(
  page: Page,
  zonePercent: number,
  section: string | RegExp,
  screen: string,
): Promise<void> {
  const band = page.getByTestId('reach-band');
  await expect(band, `the band above the reach zone on ${screen}`).toBeVisible();
  await expect(band.locator('.kiosk-reach-band__section')).toHaveText(section, { ignoreCase: true });
  const { box, screenTop, zoneTop, controls } = await band.evaluate(
    (element, { selector, zonePercent }) => {
      const rect = element.getBoundingClientRect();
      const mark = document.querySelector('.kiosk-demo-mark:not(#kiosk-first-paint *)')?.getBoundingClientRect();
      return {
        box: { top: rect.top, bottom: rect.bottom },
        screenTop: mark?.bottom ?? 0,
        zoneTop: window.innerHeight * (1 - zonePercent / 100),
        controls: element.querySelectorAll(selector).length,
      };
    },
    { selector: CONTROLS, zonePercent },
  );
  expect(box.top, `the band's top on ${screen}`).toBeLessThanOrEqual(screenTop + 1);
  expect(box.bottom, `the band ends at the reach line on ${screen}`).toBeLessThanOrEqual(zoneTop + 1);
  expect(box.bottom, `the band fills the top of ${screen}`).toBeGreaterThanOrEqual(zoneTop - 8);
  expect(controls, `controls in the band on ${screen}`).toBe(0);
}
