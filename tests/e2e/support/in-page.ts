import type { Page } from '@playwright/test';

/**
 * What the in-page measures share (support/display.ts, support/visual.ts): colours and WCAG
 * contrast, and the part of an element the visitor sees. Functions given to `page.evaluate` are
 * sent as text, so they cannot import; `installMeasures(page)` puts these on the page's window as
 * `kioskMeasure` (again after each navigation), and the measures read them from there.
 */

/**
 * What a visitor taps, for the measures of controls (covered, small, in reach): the elements and
 * roles that take a tap. `KEYPAD_REACHABLE` adds what a keypad reaches.
 */
export const TAPPABLE = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
].join(', ');

/** What a visitor taps and what a keypad reaches besides (the accessibility and reach checks). */
export const KEYPAD_REACHABLE = [
  TAPPABLE,
  '[role="menuitem"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface KioskMeasure {
  /** A computed colour (`rgb(…)`/`rgba(…)`, commas or spaces) as numbers; black when unreadable. */
  colour(value: string): Rgba;
  /** `top` drawn over `bottom` with its alpha (the result is opaque). */
  over(top: Rgba, bottom: Rgba): Rgba;
  /** The background drawn behind `element`'s text: the first mostly opaque one walking up, else white. */
  background(element: Element): Rgba;
  /** WCAG contrast ratio of two opaque colours, 1 to 21. */
  contrast(one: Rgba, other: Rgba): number;
  /**
   * The part of `element`'s box on screen: cut by the viewport and by every box around it that
   * scrolls or clips, up to the first fixed one (the on-screen keyboard, a dialog's backdrop),
   * whose own place is the screen. Null when nothing of it shows.
   */
  visiblePart(element: Element): DOMRect | null;
  /**
   * What is drawn at `point()` once the page has caught up with a scroll or a screen arriving:
   * looked at again each frame, up to half a second's worth, until `mine` accepts it. A list's
   * scroll cue is redrawn a frame or two after the scroll, later on a loaded machine; a visitor
   * sees the settled screen, so only what stays over a control covers it.
   */
  drawnAt(
    point: () => { x: number; y: number } | null,
    mine: (hit: Element | null) => boolean,
  ): Promise<Element | null>;
}

export type MeasureWindow = Window & { kioskMeasure: KioskMeasure };

function defineMeasures(): void {
  const colour = (value: string): Rgba => {
    const parts =
      /rgba?\(([^)]+)\)/
        .exec(value)?.[1]
        ?.split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number) ?? [];
    return { r: parts[0] ?? 0, g: parts[1] ?? 0, b: parts[2] ?? 0, a: parts[3] ?? 1 };
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }: Rgba) => {
    const linear = (value: number) => {
      const v = value / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (one: Rgba, other: Rgba) => {
    const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  };
  const background = (element: Element): Rgba => {
    for (let box: Element | null = element; box !== null; box = box.parentElement) {
      const behind = colour(getComputedStyle(box).backgroundColor);
      if (behind.a > 0.5) return behind;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const visiblePart = (element: Element): DOMRect | null => {
    const box = element.getBoundingClientRect();
    let top = Math.max(box.top, 0);
    let bottom = Math.min(box.bottom, window.innerHeight);
    let left = Math.max(box.left, 0);
    let right = Math.min(box.right, window.innerWidth);
    for (let node = element; node.parentElement !== null; node = node.parentElement) {
      if (getComputedStyle(node).position === 'fixed') break;
      const parent = node.parentElement;
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    return bottom - top > 1 && right - left > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
  };
  const drawnAt = async (point: () => { x: number; y: number } | null, mine: (hit: Element | null) => boolean) => {
    const look = () => {
      const at = point();
      return at === null ? null : document.elementFromPoint(at.x, at.y);
    };
    let hit = look();
    for (let frames = 0; frames < 30 && !mine(hit); frames += 1) {
      await new Promise((done) => requestAnimationFrame(done));
      hit = look();
    }
    return hit;
  };
  (window as unknown as MeasureWindow).kioskMeasure = { colour, over, background, contrast, visiblePart, drawnAt };
}

/** Puts `kioskMeasure` on the page's window; call it before an evaluate that uses it. */
export async function installMeasures(page: Page): Promise<void> {
  await page.evaluate(defineMeasures);
}
