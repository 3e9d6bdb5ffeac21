import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import * as demoWorld from '../../../daemon/src/sandbox/demo-facility.js';
import { setDisplayModes, type DisplayModes } from './display.js';
import { installMeasures, TAPPABLE, type MeasureWindow, type Rgba } from './in-page.js';

/**
 * The visual checks (docs/visual-checks.md): a screen as drawn in one mode and screen size,
 * measured, not looked at. Each check returns the offending elements (tag, classes, text, box) so a
 * failure says what to fix.
 *
 * (a) overflow: no text outside its box: an element that clips (overflow hidden/clip, or
 *     text-overflow: ellipsis) and whose content is larger than it, and text drawn sideways
 *     outside its own element (a word running out of a card or a button);
 * (b) covered: the centre of every control in view (scrolled into view first, as a finger would
 *     need it) is the control itself, not something drawn over it; controls a modal dialog covers
 *     are left out;
 * (c) small: every control at least 44 x 44 CSS px (a checkbox or radio by its label);
 * (d) contrast: in high contrast, every text node at least 7:1 against its background (WCAG
 *     1.4.6, AAA, for every size: the mode is for visitors who need it);
 * (e) english: on a Spanish screen, no text node that is an English catalogue value differing
 *     from its Spanish one (operator texts, marked lang="en", are left out);
 * (f) sidebar: every menu item on screen, or a visible cue that there are more (an element
 *     marked data-scroll-cue inside the menu); an item is drawn whole or not at all;
 * (g) overlap: a paging cue (data-scroll-cue) or the demo kiosk's mark (.kiosk-demo-mark) is
 *     drawn over no text and no control, on the screen as it arrives and, for the menu's cues, at
 *     every scroll position of the menu;
 * and, with (e), operator texts (the demo facility's sentences) are marked lang="en" on a Spanish
 * screen, so speech and screen readers read them with the English voice.
 */

export type Language = 'en' | 'es';

/** One of the seven ways the suite draws every screen. */
export interface VisualMode {
  /** Short id, used in artefact names. */
  id: string;
  label: string;
  language: Language;
  viewport: { width: number; height: number };
  display: DisplayModes;
}

const LANDSCAPE = { width: 1920, height: 1080 };

export const VISUAL_MODES: readonly VisualMode[] = [
  { id: 'en', label: 'English', language: 'en', viewport: LANDSCAPE, display: {} },
  { id: 'es', label: 'Spanish', language: 'es', viewport: LANDSCAPE, display: {} },
  { id: 'es-large', label: 'Spanish + Large text', language: 'es', viewport: LANDSCAPE, display: { largeText: true } },
  {
    id: 'en-contrast-large',
    label: 'English + High contrast + Large text',
    language: 'en',
    viewport: LANDSCAPE,
    display: { highContrast: true, largeText: true },
  },
  {
    id: 'en-low-reach',
    label: 'English + Move controls down',
    language: 'en',
    viewport: LANDSCAPE,
    display: { lowReach: true },
  },
  {
    id: 'en-1280x1024',
    label: '1280x1024 English',
    language: 'en',
    viewport: { width: 1280, height: 1024 },
    display: {},
  },
  {
    id: 'en-portrait',
    label: 'Portrait 1080x1920 English',
    language: 'en',
    viewport: { width: 1080, height: 1920 },
    display: {},
  },
];

// ---- The kiosk's own texts, from its catalogues ----

type Tree = { [key: string]: string | Tree };

/**
 * The catalogues as the UI bundles them (kiosk-ui/src/i18n/en and es), loaded at run time: they
 * are the UI's sources (bundler resolution), outside the tests' type-checked project. The Spanish
 * areas are loaded one by one: es/index.ts also loads dayjs's locale, which only the bundler resolves.
 * A namespace's file and export follow its name: `pay_bill` is `pay-bill.ts`, exporting `payBill`.
 */
const AREAS = [
  'common',
  'shell',
  'browse',
  'rental',
  'identity',
  'account',
  'pay_bill',
  'documents',
  'trivia',
  'validation',
  'devices',
  'speech',
  'merchandise',
  'my_storage',
];
const I18N = resolve(import.meta.dirname, '../../../kiosk-ui/src/i18n');

async function loadCatalogue(language: Language): Promise<Tree> {
  const tree: Tree = {};
  for (const area of AREAS) {
    const file = area.replaceAll('_', '-');
    const module = (await import(pathToFileURL(join(I18N, language, `${file}.ts`)).href)) as Record<string, Tree>;
    const value = module[area.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())] ?? module.default;
    if (value === undefined) throw new Error(`catalogue area ${language}/${area} not found`);
    tree[area] = value;
  }
  return tree;
}

const CATALOGUES: Record<Language, Tree> = { en: await loadCatalogue('en'), es: await loadCatalogue('es') };

/** A catalogue text by its key ('pay_bill.card_form.card_name'), in `language`. */
export function tr(language: Language, key: string): string {
  let node: string | Tree | undefined = CATALOGUES[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no catalogue text ${key} (${language})`);
  return node;
}

function leaves(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else leaves(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * What check (e) looks for: the English catalogue values whose Spanish differs, as patterns
 * ({{name}} stands for any text), and every Spanish value (a text that is also Spanish for some
 * key, e.g. "Total", is not English on a Spanish screen).
 */
export function englishOnlyTexts(): { patterns: string[]; spanish: string[] } {
  const english = leaves(CATALOGUES.en);
  const spanish = leaves(CATALOGUES.es);
  const patterns = new Set<string>();
  for (const [key, value] of english) {
    const other = spanish.get(key);
    if (other === undefined || other.trim() === value.trim()) continue;
    const literal = value.replace(/\{\{[^}]+\}\}/g, '').replace(/[^\p{L}]/gu, '');
    // One letter or a placeholder alone says nothing about the language.
    if (literal.length < 2) continue;
    const escaped = value
      .trim()
      .split(/\{\{[^}]+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'))
      .join('(.+?)');
    patterns.add(`^${escaped}$`);
  }
  // Words the kiosk itself writes on the operator's data, which must be Spanish on a Spanish screen
  // whether or not the catalogue has them yet: weekday and month names (Intl's), the hours
  // headings and the cost-line names the kiosk knows.
  const inEnglish = (options: Intl.DateTimeFormatOptions, dates: number[]) =>
    dates.map((date) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date));
  const kioskWords = [
    ...inEnglish(
      { weekday: 'long' },
      [1, 2, 3, 4, 5, 6, 7].map((day) => Date.UTC(2023, 0, day)),
    ),
    ...inEnglish(
      { month: 'long' },
      [...Array(12).keys()].map((month) => Date.UTC(2023, month, 1)),
    ),
    'Access Hours',
    'Office Hours',
    'Closed',
    'Rent',
    'Admin Fee',
    'Insurance',
  ];
  for (const word of kioskWords) patterns.add(`^${word}:?$`);
  return { patterns: [...patterns], spanish: [...new Set([...spanish.values()].map((text) => text.trim()))] };
}

/**
 * The operator's sentences the demo kiosk shows (daemon/src/sandbox/demo-facility.ts: unit
 * descriptions, reviews, the welcome's line, the insurance and autopay texts, document summaries,
 * its error messages): every string of at least four words in the demo world's data, URLs and
 * e-mail addresses left out. On a Spanish screen each sits inside lang="en" (i18n/operator-language.ts).
 */
export function operatorSentences(): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 12) return;
    if (typeof value === 'string') {
      const text = value.replace(/\s+/g, ' ').trim();
      if (text.split(' ').length >= 4 && !/^(?:\/|https?:)|@/.test(text)) found.add(text);
    } else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (typeof value === 'object' && value !== null)
      for (const item of Object.values(value)) walk(item, depth + 1);
  };
  walk(Object.values(demoWorld), 0);
  return [...found];
}

// ---- Measuring one screen ----

export interface VisualFindings {
  overflow: string[];
  covered: string[];
  small: string[];
  contrast: string[];
  english: string[];
  sidebar: string[];
  overlap: string[];
}

export interface VisualCounts {
  controls: number;
  texts: number;
  sidebarItems: number;
}

interface MeasureArgs {
  contrast: boolean;
  english: { patterns: string[]; spanish: string[] } | null;
  /** Spanish screens: the operator's sentences, which must sit inside lang="en". */
  operatorTexts: string[] | null;
  /** What must never be drawn over text or a control: paging cues and marks. */
  overlays: string;
  touchMin: number;
  contrastMin: number;
  menuLabel: string;
  /** What a visitor taps (support/in-page.ts). */
  controls: string;
}

/** Runs in the page (serialised by Playwright): self-contained. */
async function measurePage(args: MeasureArgs): Promise<{ findings: VisualFindings; counts: VisualCounts }> {
  const measure = (window as unknown as MeasureWindow).kioskMeasure;
  const findings: VisualFindings = {
    overflow: [],
    covered: [],
    small: [],
    contrast: [],
    english: [],
    sidebar: [],
    overlap: [],
  };
  const counts: VisualCounts = { controls: 0, texts: 0, sidebarItems: 0 };
  const round = (n: number) => Math.round(n);
  const boxText = (box: DOMRect) => `${round(box.x)},${round(box.y)} ${round(box.width)}x${round(box.height)}`;
  const textOf = (element: Element) =>
    (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? element.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50);
  const describe = (element: Element, box = element.getBoundingClientRect()) => {
    const classes = [...element.classList].slice(0, 2).join('.');
    return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${textOf(element)}" [${boxText(box)}]`;
  };
  const shown = (element: Element): boolean =>
    element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && element.closest('[inert]') === null;
  const hasBox = (box: DOMRect) => box.width > 1 && box.height > 1;
  // Visually hidden text (a box of 1 x 1 px that clips, for screen readers; a little more with
  // Large text's zoom), or text inside one, is clipped on purpose.
  const srOnlyCache = new Map<Element, boolean>();
  const srOnly = (element: Element | null): boolean => {
    if (element === null || element === document.body) return false;
    const known = srOnlyCache.get(element);
    if (known !== undefined) return known;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const clips = ['hidden', 'clip'].includes(style.overflowX) || style.clip !== 'auto' || style.clipPath !== 'none';
    const result = ((box.width <= 3 || box.height <= 3) && clips) || srOnly(element.parentElement);
    srOnlyCache.set(element, result);
    return result;
  };
  // Where every scrolling box stands, put back after the controls have been scrolled into view.
  const scrolled = [document.scrollingElement ?? document.documentElement, ...document.querySelectorAll('body *')]
    .filter((element) => element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth)
    .map((element) => ({ element, left: element.scrollLeft, top: element.scrollTop }));

  // (a) overflow: clipping boxes whose content is larger than they are.
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (!shown(element)) continue;
    const style = getComputedStyle(element);
    const clips = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    const ellipsis = style.textOverflow === 'ellipsis';
    if (!clips && !ellipsis) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 3 || box.height <= 3 || srOnly(element)) continue;
    if ((element.innerText ?? '').trim() === '') continue;
    const wide = element.scrollWidth > element.clientWidth + 1;
    const tall = element.scrollHeight > element.clientHeight + 1;
    if (wide || tall)
      findings.overflow.push(
        `${describe(element, box)} clips its text: ${wide ? `${element.scrollWidth} > ${element.clientWidth} wide` : ''}${wide && tall ? ', ' : ''}${tall ? `${element.scrollHeight} > ${element.clientHeight} high` : ''}`,
      );
  }
  // (a) overflow: text drawn sideways outside its own element (a title out of its card).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent === null || (node.textContent ?? '').trim() === '') continue;
    // A field's own text (a textarea's value) is what the visitor typed, drawn by the browser.
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TITLE', 'TEXTAREA'].includes(parent.tagName)) continue;
    if (!shown(parent) || srOnly(parent)) continue;
    const box = parent.getBoundingClientRect();
    if (!hasBox(box)) continue;
    textNodes.push(node as Text);
  }
  counts.texts = textNodes.length;
  const spilled = new Set<Element>();
  for (const node of textNodes) {
    const parent = node.parentElement!;
    const style = getComputedStyle(parent);
    if (style.display === 'inline') continue; // an inline box is as wide as its text
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    const box = parent.getBoundingClientRect();
    if (text.width === 0) continue;
    if ((text.left < box.left - 1 || text.right > box.right + 1) && !spilled.has(parent)) {
      spilled.add(parent);
      findings.overflow.push(
        `${describe(parent, box)} text drawn outside its box: text ${round(text.left)}-${round(text.right)}, box ${round(box.left)}-${round(box.right)}`,
      );
    }
  }

  // (f) the sidebar: every item on screen, or a visible cue that more can be reached.
  const menu = [...document.querySelectorAll(`nav[aria-label="${args.menuLabel}"]`)].find(shown);
  if (menu) {
    // Every item laid out counts, drawn or not (an item the list's edge would cut is not drawn).
    const items = [...menu.querySelectorAll<HTMLElement>('button, a[href]')].filter(
      (item) => item.checkVisibility() && item.closest('[data-scroll-cue]') === null,
    );
    counts.sidebarItems = items.length;
    const clipBox = (element: Element) => {
      const box = element.getBoundingClientRect();
      const part = measure.visiblePart(element);
      return { whole: part !== null && part.height >= box.height - 1 && part.width >= box.width - 1, box };
    };
    const hidden = items.filter((item) => !shown(item) || !clipBox(item).whole);
    // The cues sit beside the menu's landmark (they are not menu items), inside the same sidebar.
    const sidebar = menu.closest('aside') ?? menu.parentElement ?? menu;
    const cue = [...sidebar.querySelectorAll('[data-scroll-cue]')].some(
      (element) => shown(element) && clipBox(element).whole,
    );
    if (hidden.length > 0 && !cue)
      findings.sidebar.push(
        `${items.length - hidden.length} of ${items.length} menu items on screen and no cue; not shown: ${hidden
          .map((item) => `"${textOf(item)}"`)
          .join(', ')}`,
      );
    // An item is drawn whole or not at all: never half of it at the list's edge.
    const cut = hidden.filter((item) => shown(item) && measure.visiblePart(item) !== null);
    if (cut.length > 0) findings.sidebar.push(`menu items drawn cut: ${cut.map((item) => describe(item)).join(', ')}`);
  }

  // (g) overlap: paging cues and marks drawn over no text and no control.
  /** The part two boxes share, or null when they meet by a pixel or less. */
  const common = (a: DOMRect, b: DOMRect) => {
    const left = Math.max(a.left, b.left);
    const right = Math.min(a.right, b.right);
    const top = Math.max(a.top, b.top);
    const bottom = Math.min(a.bottom, b.bottom);
    return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
  };
  const intersect = (a: DOMRect, b: DOMRect) => common(a, b) !== null;
  const overlapSeen = new Set<string>();
  const overlapsNow = (scope: Element) => {
    const overlays = [...document.querySelectorAll(args.overlays)]
      .filter(shown)
      .map((overlay) => ({ overlay, box: measure.visiblePart(overlay) }))
      .filter((entry): entry is { overlay: Element; box: DOMRect } => entry.box !== null);
    if (overlays.length === 0) return;
    const report = (overlay: Element, what: string) => {
      const line = `${describe(overlay)} drawn over ${what}`;
      if (overlapSeen.has(line)) return;
      overlapSeen.add(line);
      findings.overlap.push(line);
    };
    const walk = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node !== null; node = walk.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || (node.textContent ?? '').trim() === '') continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TITLE'].includes(parent.tagName)) continue;
      if (!shown(parent) || srOnly(parent)) continue;
      const drawn = measure.visiblePart(parent);
      if (drawn === null) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()];
      for (const { overlay, box } of overlays) {
        if (overlay.contains(parent)) continue;
        // The text as drawn (its lines, cut by the boxes that clip it) meets the overlay.
        if (
          lines.some((line) => {
            const shows = common(line, drawn);
            return shows !== null && intersect(shows, box);
          })
        )
          report(
            overlay,
            `the text "${(node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}" of ${describe(parent)}`,
          );
      }
    }
    for (const element of scope.querySelectorAll(args.controls)) {
      if (!shown(element)) continue;
      const drawn = measure.visiblePart(element);
      if (drawn === null) continue;
      for (const { overlay, box } of overlays)
        if (!overlay.contains(element) && !element.contains(overlay) && intersect(drawn, box))
          report(overlay, `the control ${describe(element)}`);
    }
  };
  overlapsNow(document.body);
  // (d) contrast in high contrast: each text node's colour against the background drawn behind it.
  if (args.contrast) {
    const checked = new Set<Element>();
    for (const node of textNodes) {
      const parent = node.parentElement!;
      if (checked.has(parent)) continue;
      checked.add(parent);
      // The backgrounds from the text's element up, until one is opaque (the page is white below).
      const layers: Rgba[] = [];
      let image = false;
      for (let element: Element | null = parent; element !== null; element = element.parentElement) {
        const style = getComputedStyle(element);
        if (style.backgroundImage !== 'none' && layers.length === 0) image = true;
        const colour = measure.colour(style.backgroundColor);
        if (colour.a > 0) {
          layers.push(colour);
          if (colour.a >= 1) break;
        }
      }
      let background: Rgba = { r: 255, g: 255, b: 255, a: 1 };
      for (const layer of layers.reverse()) background = measure.over(layer, background);
      const style = getComputedStyle(parent);
      const colour = measure.colour(style.color);
      const text = measure.over({ ...colour, a: colour.a * Number(style.opacity) }, background);
      const ratio = measure.contrast(text, background);
      if (ratio < args.contrastMin - 0.005)
        findings.contrast.push(
          `${describe(parent)} ${ratio.toFixed(2)}:1 (${style.color} on rgb(${[background.r, background.g, background.b].map(round).join(', ')})${image ? ', over an image' : ''})`,
        );
    }
  }

  // (e) English on a Spanish screen: the kiosk's own words only (operator texts carry lang="en").
  if (args.english) {
    const patterns = args.english.patterns.map((source) => new RegExp(source, 'u'));
    const spanish = new Set(args.english.spanish);
    const seen = new Set<string>();
    const texts: [Element, string][] = textNodes.map((node) => [node.parentElement!, node.textContent ?? '']);
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))
      if (shown(field)) texts.push([field, field.placeholder]);
    const operator = args.operatorTexts ?? [];
    for (const [element, raw] of texts) {
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text === '' || spanish.has(text)) continue;
      const lang = element.closest('[lang]')?.getAttribute('lang') ?? 'es';
      if (!lang.startsWith('es')) continue;
      // The operator's own sentence, not marked as English: the Spanish voice would read it.
      const words = text.split(' ').length;
      const sentence = operator.find(
        (candidate) => text.includes(candidate) || (words >= 4 && candidate.includes(text)),
      );
      if (sentence !== undefined) {
        findings.english.push(`${describe(element)} shows the operator's "${text.slice(0, 60)}" without lang="en"`);
        continue;
      }
      // A catalogue text with {{placeholders}} matches when what fills them is short (a name, a
      // number, a date): a long operator text is not the kiosk's sentence with a gap in it.
      const matches = patterns.some((pattern) => {
        const found = pattern.exec(text);
        return found !== null && found.slice(1).every((filled) => filled.length <= 24);
      });
      if (!matches) continue;
      const key = `${text}|${element.tagName}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.english.push(`${describe(element)} reads English "${text.slice(0, 60)}"`);
    }
  }

  // (g) overlap, the menu's cues at every scroll position of its list: the list paged through, as
  // "More" does. It scrolls (and the cues are drawn anew), so it runs after the measures of texts.
  if (menu) {
    const first = menu.querySelector('button, a[href]');
    let list: Element | null = first?.parentElement ?? null;
    while (
      list !== null &&
      list !== menu.parentElement &&
      !(list.scrollHeight > list.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(list).overflowY))
    )
      list = list.parentElement;
    if (list !== null && list !== menu.parentElement) {
      const sidebar = menu.closest('aside') ?? menu.parentElement ?? menu;
      const frames = async (count: number) => {
        for (let frame = 0; frame < count; frame += 1) await new Promise((done) => requestAnimationFrame(done));
      };
      const end = list.scrollHeight - list.clientHeight;
      const step = Math.max(8, list.clientHeight / 3);
      const was = list.scrollTop;
      for (let top = 0; ; top = Math.min(end, top + step)) {
        list.scrollTo({ top, behavior: 'instant' });
        // The cues follow the scroll a frame or two later (a loaded machine: a few more).
        await frames(4);
        overlapsNow(sidebar);
        if (top >= end) break;
      }
      list.scrollTo({ top: was, behavior: 'instant' });
      await frames(4);
    }
  }

  // (b) covered and (c) small: every shown control. Last, as it scrolls the page (and waits for
  // what the page redraws), which the measures above must not see.
  const modal = [...document.querySelectorAll('[aria-modal="true"], dialog[open]')].filter(shown).at(-1) ?? null;
  for (const element of document.querySelectorAll<HTMLElement>(args.controls)) {
    if (!shown(element)) continue;
    if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') continue;
    const input = element instanceof HTMLInputElement ? element : null;
    const own = element.getBoundingClientRect();
    // A checkbox or radio (or a visually hidden input) is tapped through its label.
    const byLabel = input !== null && (['checkbox', 'radio'].includes(input.type) || !hasBox(own));
    const labels = byLabel ? [...(input!.labels ?? [])].filter((label) => hasBox(label.getBoundingClientRect())) : [];
    const target: HTMLElement = labels[0] ?? element;
    if (!hasBox(target.getBoundingClientRect())) continue;
    counts.controls += 1;

    // (c) size, as drawn (getBoundingClientRect: CSS px of the viewport, zoom included).
    // A link inside running text (a paragraph's sentence) is exempt: WCAG 2.5.5's "inline" exception.
    const inlineLink =
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      element.parentElement !== null &&
      (element.parentElement.innerText ?? '').trim().length > (element.innerText ?? '').trim().length;
    const boxes = [own, ...labels.map((label) => label.getBoundingClientRect())];
    const big = boxes.some((box) => box.width + 0.5 >= args.touchMin && box.height + 0.5 >= args.touchMin);
    if (!big && !inlineLink) {
      const best = boxes.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
      findings.small.push(`${describe(element, best)} is ${round(best.width)}x${round(best.height)}`);
    }

    // (b) covered: scrolled into view as the page allows, then what is drawn at its centre.
    target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const mine = (node: Element | null) =>
      node !== null && (node === element || element.contains(node) || node === target || target.contains(node));
    const centre = () => {
      const box = target.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      return x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight ? { x, y } : null;
    };
    // What the page draws once it has seen the scroll (a list's "More" cue goes at its end), as a
    // visitor would see it.
    const hit = await measure.drawnAt(centre, mine);
    if (mine(hit)) continue;
    const box = target.getBoundingClientRect();
    const inView = centre() !== null;
    // A modal dialog rightly covers what lies behind it.
    if (modal !== null && !modal.contains(element) && hit !== null && (modal.contains(hit) || hit.contains(modal)))
      continue;
    findings.covered.push(
      inView
        ? `${describe(element, box)} centre covered by ${hit ? describe(hit) : 'nothing drawn'}`
        : `${describe(element, box)} cannot be brought on screen`,
    );
  }
  for (const { element, left, top } of scrolled) element.scrollTo({ left, top, behavior: 'instant' });

  return { findings, counts };
}

export interface VisualRow {
  mode: string;
  screen: string;
  counts: VisualCounts;
  findings: VisualFindings;
  /** Walk notes: a control the walk had to tap from the script because a finger could not. */
  notes: string[];
  screenshot: string;
}

const ENGLISH_TEXTS = englishOnlyTexts();
const OPERATOR_TEXTS = operatorSentences();
/** Paging cues and marks: drawn beside what they are about, never over a text or a control. */
const OVERLAYS = '[data-scroll-cue], .kiosk-demo-mark';

/**
 * Measure the screen the page shows in `mode`, attach its screenshot and add its row to `rows`.
 * The findings are soft assertions: the walk goes on to the next screen and the test fails at
 * its end with every defect listed.
 */
export async function checkScreen(
  page: Page,
  mode: VisualMode,
  screen: string,
  rows: VisualRow[],
  notes: string[] = [],
): Promise<VisualRow> {
  return test.step(`${screen} — ${mode.label}`, async () => {
    const info = test.info();
    // Let transitions and late layout settle as the visitor's eye would (fonts, images).
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // The pictures in view have arrived (a slow machine draws a media slider's image after its
    // spinner has gone, and the layout moves once more).
    await page.waitForFunction(() =>
      [...document.images].every((image) => {
        const box = image.getBoundingClientRect();
        const inView = box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
        return !inView || image.complete;
      }),
    );
    // The menu's paging has arrived (MenuCues, loaded just after the first screen): a list that does
    // not fit shows its cues' row, as it does a moment after the screen appears.
    await page.waitForFunction(() => {
      const list = document.querySelector('.kiosk-sidebar__items');
      if (list === null || list.scrollHeight <= list.clientHeight + 2) return true;
      return list.closest('[data-paged]') !== null || getComputedStyle(list).overflowY === 'visible';
    });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await installMeasures(page);
    const { findings, counts } = await page.evaluate(measurePage, {
      contrast: mode.display.highContrast === true,
      english: mode.language === 'es' ? ENGLISH_TEXTS : null,
      operatorTexts: mode.language === 'es' ? OPERATOR_TEXTS : null,
      overlays: OVERLAYS,
      touchMin: 44,
      contrastMin: 7,
      menuLabel: tr(mode.language, 'shell.sidebar.label'),
      controls: TAPPABLE,
    });
    const name = `${mode.id}--${screen.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
    const path = info.outputPath(`${name}.png`);
    await page.screenshot({ path });
    await info.attach(`${mode.label} / ${screen}`, { path, contentType: 'image/png' });
    const row: VisualRow = { mode: mode.label, screen, counts, findings, notes: [...notes], screenshot: path };
    notes.length = 0;
    rows.push(row);
    // Written as the walk goes, so a run cut short still leaves the screens it measured.
    mkdirSync(VISUAL_RESULTS, { recursive: true });
    writeFileSync(join(VISUAL_RESULTS, `${mode.id}.json`), JSON.stringify({ rows, blocked: [] }, null, 2));
    expect.soft(counts.controls + counts.texts, `${screen} (${mode.label}) shows something`).toBeGreaterThan(0);
    expect.soft(findings, `visual checks of ${screen} (${mode.label})`).toEqual({
      overflow: [],
      covered: [],
      small: [],
      contrast: [],
      english: [],
      sidebar: [],
      overlap: [],
    });
    return row;
  });
}

export const defectCount = (row: VisualRow): number =>
  Object.values(row.findings).reduce((sum, list) => sum + list.length, 0);

/**
 * The defects and stopped walks first (a failing run's log shows the start of this text), then the
 * rows as a markdown table.
 */
export function reportMarkdown(rows: readonly VisualRow[], blocked: readonly string[] = []): string {
  const total = rows.reduce((sum, row) => sum + defectCount(row), 0);
  const lines = [`${rows.length} screen x mode pairs, ${total} defects.`, ''];
  for (const stop of blocked) lines.push(`- walk stopped: ${stop}`);
  if (blocked.length > 0) lines.push('');
  for (const row of rows) {
    if (defectCount(row) === 0 && row.notes.length === 0) continue;
    lines.push(`### ${row.mode} — ${row.screen}`);
    for (const [check, list] of Object.entries(row.findings))
      for (const item of list) lines.push(`- ${check}: ${item}`);
    for (const note of row.notes) lines.push(`- walk: ${note}`);
    lines.push('');
  }
  lines.push(
    '| Mode | Screen | Controls | Texts | Overflow | Covered | < 44 px | Contrast | English | Sidebar | Overlap |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
  );
  for (const row of rows) {
    const f = row.findings;
    lines.push(
      `| ${row.mode} | ${row.screen} | ${row.counts.controls} | ${row.counts.texts} | ${f.overflow.length} | ${f.covered.length} | ${f.small.length} | ${f.contrast.length} | ${f.english.length} | ${f.sidebar.length} | ${f.overlap.length} |`,
    );
  }
  return lines.join('\n');
}

/** Where each mode's rows are written too (test-results/visual/<mode>.json and .md), for a whole run's report. */
export const VISUAL_RESULTS = resolve(import.meta.dirname, '../../../test-results/visual');

/** Attach the mode's rows as the `visual-report` artefact (JSON and markdown) and write them to VISUAL_RESULTS. */
export async function attachReport(
  info: TestInfo,
  mode: VisualMode,
  rows: readonly VisualRow[],
  blocked: readonly string[] = [],
): Promise<void> {
  mkdirSync(VISUAL_RESULTS, { recursive: true });
  writeFileSync(join(VISUAL_RESULTS, `${mode.id}.json`), JSON.stringify({ rows, blocked }, null, 2));
  writeFileSync(join(VISUAL_RESULTS, `${mode.id}.md`), reportMarkdown(rows, blocked));
  await info.attach('visual-report', {
    body: JSON.stringify({ rows, blocked }, null, 2),
    contentType: 'application/json',
  });
  await info.attach('visual-report.md', { body: reportMarkdown(rows, blocked), contentType: 'text/markdown' });
}

/**
 * Tap a control as a visitor does. If something is drawn over it (a defect check (b) reports),
 * the walk still goes on: the control is activated from the script and `notes` says so.
 */
export async function tap(control: Locator, notes: string[]): Promise<void> {
  await expect(control).toBeVisible();
  try {
    await control.click({ timeout: 8_000 });
  } catch (error) {
    // Tapped, and the screen moved on while the click was being confirmed.
    if ((await control.count()) === 0) return;
    await control.evaluate((element) => (element as HTMLElement).click());
    notes.push(
      `"${(await control.innerText().catch(() => '')).trim().slice(0, 40)}" could not be tapped (${String(error).split('\n')[0]!.slice(0, 80)})`,
    );
  }
}

/** Open the kiosk in `mode`: screen size, language and display modes set as a visitor sets them. */
export async function openInMode(page: Page, url: string, mode: VisualMode): Promise<void> {
  await page.setViewportSize(mode.viewport);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: tr('en', 'shell.welcome.headline') })).toBeVisible();
  if (mode.language === 'es') {
    await page
      .getByRole('group', { name: tr('en', 'shell.language.label') })
      .getByRole('button', { name: 'Español' })
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  }
  if (Object.keys(mode.display).length > 0) await setDisplayModesIn(page, mode);
}

/** The Display switches, named in the kiosk's language. */
async function setDisplayModesIn(page: Page, mode: VisualMode): Promise<void> {
  if (mode.language === 'en') return setDisplayModes(page, mode.display);
  const group = page.getByRole('group', { name: tr('es', 'shell.display.label') });
  const names = { highContrast: 'high_contrast', largeText: 'large_text', lowReach: 'low_reach' } as const;
  for (const [mode_, wanted] of Object.entries(mode.display) as [keyof typeof names, boolean][]) {
    const button = group.getByRole('button', { name: tr('es', `shell.display.${names[mode_]}`), exact: true });
    if ((await button.getAttribute('aria-pressed')) !== String(wanted)) await button.click();
    await expect(button).toHaveAttribute('aria-pressed', String(wanted));
  }
}
