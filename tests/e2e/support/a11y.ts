import { appendFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { KEYPAD_REACHABLE } from './in-page.js';

/**
 * The accessibility check of one screen: axe-core with its default rules (WCAG 2 A and
 * AA, colour contrast included, plus best practices) and no violation; every visible, enabled
 * control at least 44 x 44 CSS px to tap; every control reachable by the keyboard. Each check is
 * appended to test-results/a11y/<spec>.jsonl so `node scripts/a11y-report.mjs` can list the
 * screens checked.
 *
 * The UI's CSP forbids inline scripts and axe-core is injected as one, so a spec that calls this
 * needs `test.use({ bypassCSP: true })`.
 */

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
export const A11Y_RESULTS = resolve(import.meta.dirname, '../../../test-results/a11y');

/** WCAG 2.5.8 asks for 24 px; the kiosk's own bar (touch screen, arm's length) is 44 px (2.5.5). */
const TOUCH_MIN = 44;

export interface AccessibilityReport {
  /** axe-core violations, as 'rule: [targets]'. */
  violations: string[];
  /** Controls smaller than 44 x 44 CSS px to tap, as 'role "name" WxH (selector)'. */
  smallTargets: string[];
  /** Controls the keyboard cannot reach (tabindex -1 or not focusable), as 'role "name" (selector)'. */
  unreachable: string[];
  /** Whether axe's colour-contrast rule (AA, or AAA's color-contrast-enhanced when asked) took part. */
  contrastChecked: boolean;
  /** How many shown, enabled controls were measured. */
  controls: number;
  /** Text whose contrast axe could not work out (over an image, a gradient, ...): to look at. */
  contrastToReview: string[];
}

/**
 * Check the screen the page shows. `screen` names it as '<flow>/<screen>' (flows: shell, rental,
 * reservation, pay-bill, account), the way the report groups it.
 */
export interface AccessibilityOptions {
  /** Also WCAG 1.4.6 AAA: text at 7:1 (axe's color-contrast-enhanced), for the high-contrast mode. */
  enhancedContrast?: boolean;
}

export async function expectAccessible(page: Page, screen: string, options: AccessibilityOptions = {}): Promise<void> {
  expect(screen, 'screen names read "<flow>/<screen>"').toMatch(/^[a-z-]+\/\S/);
  const report = await checkAccessibility(page, options);
  record(screen, report);
  expect(
    report.contrastChecked,
    `axe ran its ${options.enhancedContrast ? 'AAA color-contrast-enhanced' : 'WCAG 2 AA colour-contrast'} rule`,
  ).toBe(true);
  expect(
    { violations: report.violations, smallTargets: report.smallTargets, unreachable: report.unreachable },
    `accessibility of ${screen}`,
  ).toEqual({ violations: [], smallTargets: [], unreachable: [] });
}

export async function checkAccessibility(page: Page, options: AccessibilityOptions = {}): Promise<AccessibilityReport> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(inspectPage, {
    touchMin: TOUCH_MIN,
    enhancedContrast: options.enhancedContrast ?? false,
    controls: KEYPAD_REACHABLE,
  });
}

function record(screen: string, report: AccessibilityReport): void {
  const info = test.info();
  mkdirSync(A11Y_RESULTS, { recursive: true });
  const line = {
    screen,
    spec: basename(info.file),
    test: info.title,
    violations: report.violations.length,
    smallTargets: report.smallTargets.length,
    unreachable: report.unreachable.length,
    controls: report.controls,
    contrastToReview: report.contrastToReview,
    at: new Date().toISOString(),
  };
  // One worker (playwright.config.ts), so appending whole lines never interleaves.
  appendFileSync(join(A11Y_RESULTS, `${basename(info.file, '.spec.ts')}.jsonl`), `${JSON.stringify(line)}\n`);
}

/** Runs in the page (serialised by Playwright): keep it self-contained. */
async function inspectPage({
  touchMin,
  enhancedContrast,
  controls: CONTROLS,
}: {
  touchMin: number;
  enhancedContrast: boolean;
  /** support/in-page.ts's KEYPAD_REACHABLE: what a visitor taps, and what a keypad reaches besides. */
  controls: string;
}): Promise<AccessibilityReport> {
  interface AxeNode {
    target: unknown;
    any?: { message?: string }[];
  }
  interface AxeRule {
    id: string;
    nodes: AxeNode[];
  }
  interface Axe {
    run: (
      context: Document,
      options: { rules?: Record<string, { enabled: boolean }> },
    ) => Promise<{ violations: AxeRule[]; passes: AxeRule[]; incomplete: AxeRule[]; inapplicable: AxeRule[] }>;
    setup: (node: Element) => unknown;
    teardown: () => void;
    commons: {
      text: { accessibleText: (element: Element) => string };
      aria: { getRole: (element: Element) => string | null };
    };
  }
  const axe = (window as unknown as { axe: Axe }).axe;
  const contrastRule = enhancedContrast ? 'color-contrast-enhanced' : 'color-contrast';
  const result = await axe.run(document, {
    rules: enhancedContrast ? { 'color-contrast-enhanced': { enabled: true } } : {},
  });
  const ran = [...result.violations, ...result.passes, ...result.incomplete, ...result.inapplicable];
  const violations = result.violations.map(
    (rule) => `${rule.id}: ${rule.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
  );

  const describe = (element: Element): string => {
    const role = axe.commons.aria.getRole(element) ?? element.tagName.toLowerCase();
    const name = axe.commons.text.accessibleText(element).replace(/\s+/g, ' ').trim().slice(0, 60);
    const classes = [...element.classList].slice(0, 2).join('.');
    const selector = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}`;
    return `${role} "${name}" (${selector})`;
  };

  // Shown: laid out, not hidden by CSS, not made inert (a closed drawer, a dialog's background).
  const shown = (element: HTMLElement): boolean =>
    element.checkVisibility({ visibilityProperty: true }) && element.closest('[inert]') === null;
  const hasBox = (rect: DOMRect): boolean => rect.width > 1 && rect.height > 1;
  const bigEnough = (rect: DOMRect): boolean =>
    // Half a pixel of slack for fractional layout (a 43.6 px box is drawn as 44 device pixels).
    rect.width + 0.5 >= touchMin && rect.height + 0.5 >= touchMin;

  const smallTargets: string[] = [];
  const unreachable: string[] = [];
  let controls = 0;
  // axe's name and role functions read its tree of the page, which axe.run drops when it ends.
  axe.setup(document.documentElement);
  for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (!shown(element)) continue;
    if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') continue;
    // The on-screen keyboard's keys stay out of the Tab order on purpose: focus must stay in the
    // field being typed into, and keyboard users type on the physical keyboard (kiosk-ui README,
    // "Keyboard placement"). Their size still counts.
    const pointerOnly = element.closest('[data-pointer-only]') !== null;

    const own = element.getBoundingClientRect();
    // A checkbox, a radio or a visually hidden input is tapped through its label: the label's box
    // (wrapping it or pointing at it with for=) is the tap area.
    const input = element instanceof HTMLInputElement ? element : null;
    const byLabel = input !== null && (['checkbox', 'radio'].includes(input.type) || !hasBox(own));
    const boxes = [own, ...(byLabel ? [...(input.labels ?? [])].map((label) => label.getBoundingClientRect()) : [])];
    if (!boxes.some(hasBox)) {
      // A visually hidden input without a label to tap: reachable by keyboard only.
      if (byLabel) smallTargets.push(`${describe(element)} has no label to tap`);
      continue; // anything else without a box is not on screen
    }
    controls += 1;
    if (!boxes.some(bigEnough)) {
      const best = boxes.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
      smallTargets.push(`${describe(element)} ${Math.round(best.width)}x${Math.round(best.height)}`);
    }
    if (!pointerOnly && element.tabIndex < 0) unreachable.push(describe(element));
  }
  axe.teardown();
  return {
    violations,
    smallTargets,
    unreachable,
    contrastChecked: ran.some((rule) => rule.id === contrastRule),
    contrastToReview: result.incomplete
      .filter((rule) => rule.id === 'color-contrast' || rule.id === contrastRule)
      .flatMap((rule) => rule.nodes.map((node) => `${JSON.stringify(node.target)}: ${node.any?.[0]?.message ?? ''}`)),
    controls,
  };
}
