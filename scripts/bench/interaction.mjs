#!/usr/bin/env node
// npm run bench:interaction [-- --transitions 24 --rental-loops 4 --throttle 1 --dist <built kiosk-ui dir>]
//
// Time from a tap on a button that changes the screen (a sidebar section, SELECT, Cancel, Home,
// Done) to the next screen painted, in Chromium against the production build served by the built
// daemon (sandbox mode). Measured inside the page: performance.now() just before the button's
// click(), then a MutationObserver waits for the next screen (the section attribute changed and
// its heading visible, or for SELECT on a category the new heading), then two
// requestAnimationFrame callbacks (the second runs once the frame holding the change has been
// painted). A screen's first visit includes fetching its lazily loaded chunk, as for a visitor;
// first and repeat visits are also shown apart.
//
// Paths, each skipped with a note when its screens are not built yet:
//   - sidebar: every sidebar section in turn until --transitions (Home or Cancel brings the
//     sidebar back where a section hides it);
//   - rental: Select a Space → SELECT a category → SELECT a unit (hold screen) → identity step
//     → Cancel (back to the space list) → …, --rental-loops times.
// Target (docs/performance.md): p95 ≤ 100 ms over all clicked transitions. The hold screen → identity step
// (hold, move-in cost and dossier calls to the sandbox) waits on the network and is printed apart.
// --dist <dir> serves another build of the UI (KIOSK_UI_DIR), to compare two builds on one machine.
/* global document, requestAnimationFrame, MutationObserver */
import { launchChromium, throttleCpu, VIEWPORT } from './lib/browser.mjs';
import { requireBuilt, startKiosk } from './lib/kiosk.mjs';
import { fixed, option, percentile, record, runMain, textOption } from './lib/report.mjs';

const TARGET_P95_MS = 100;
const FIND_TIMEOUT_MS = 3000;
const PAINT_TIMEOUT_MS = 10_000;
const SECTION = { kind: 'attr', selector: 'main', attr: 'data-section' };
const RENTAL_SECTION = { selector: '[data-rental-section]', attr: 'data-rental-section' };

/**
 * In the page: click `button` and resolve with { ms } — the milliseconds until the expected change
 * is painted (null on timeout). `expect.kind`: 'attr' — the element matching expect.selector gets
 * an expect.attr value different from before the click, with a visible h1 inside main;
 * 'headings' — the visible h1/h2 texts in main differ from before the click. With
 * `expect.then` ({ selector, attr, to }) it keeps watching and also reports `thenMs`, from that
 * paint until the attribute reads `to` with a visible h1 painted (a screen that moves on by
 * itself, like the hold screen).
 */
function clickAndTime([button, expect, timeoutMs]) {
  const visible = (element) => element.checkVisibility?.() ?? element.getClientRects().length > 0;
  const headings = (selector) =>
    [...document.querySelectorAll(`main ${selector}`)]
      .filter(visible)
      .map((element) => element.textContent.trim())
      .filter(Boolean)
      .join('|');
  const attrOf = (selector, attr) => document.querySelector(selector)?.getAttribute(attr) ?? null;
  const before = expect.kind === 'attr' ? attrOf(expect.selector, expect.attr) : headings('h1, h2');
  const firstReached = () => {
    if (expect.kind === 'headings') return headings('h1, h2') !== before;
    const value = attrOf(expect.selector, expect.attr);
    return value !== null && value !== before && headings('h1') !== '';
  };
  const thenReached = () => attrOf(expect.then.selector, expect.then.attr) === expect.then.to && headings('h1') !== '';
  return new Promise((resolve) => {
    const result = { ms: null, thenMs: null };
    let stage = 'first';
    let paintedAt = 0;
    const afterPaint = (callback) => requestAnimationFrame(() => requestAnimationFrame(callback));
    const finish = () => {
      stage = 'done';
      observer.disconnect();
      clearTimeout(timer);
      resolve(result);
    };
    const check = () => {
      if (stage === 'first' && firstReached()) {
        stage = 'painting';
        afterPaint(() => {
          paintedAt = performance.now();
          result.ms = paintedAt - started;
          if (!expect.then) return finish();
          stage = 'then';
          check();
        });
      } else if (stage === 'then' && thenReached()) {
        stage = 'painting';
        afterPaint(() => {
          result.thenMs = performance.now() - paintedAt;
          finish();
        });
      }
    };
    const timer = setTimeout(finish, timeoutMs);
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const started = performance.now();
    button.click();
    check();
  });
}

class Run {
  constructor(page) {
    this.page = page;
    this.samples = [];
    this.waits = [];
    this.notes = [];
  }

  /** The first visible, enabled match of a locator, or null when none shows up in time. */
  async find(locator, timeout = FIND_TIMEOUT_MS) {
    const first = locator.and(this.page.locator(':enabled')).first();
    try {
      await first.waitFor({ state: 'visible', timeout });
      return await first.elementHandle();
    } catch {
      return null;
    }
  }

  /** Click and time; the in-page result, or null when the next screen never showed. */
  async time(label, handle, expect) {
    const result = await this.page.evaluate(clickAndTime, [handle, expect, PAINT_TIMEOUT_MS]);
    await handle.dispose();
    if (result.ms === null) {
      this.note(`${label}: the next screen did not show within ${PAINT_TIMEOUT_MS / 1000} s`);
      return null;
    }
    const first = !this.samples.some((sample) => sample.label === label);
    this.samples.push({ label, ms: result.ms, first });
    // Let the screen's own follow-up work (calls, effects) settle before the next tap, as a person would.
    await this.page.waitForTimeout(150);
    return result;
  }

  note(text) {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  sidebar() {
    return this.page.getByRole('navigation', { name: 'Kiosk menu' });
  }

  /** Back to a screen with the sidebar: a Home or Cancel button (timed) or, failing both, a reload. */
  async backToSidebar() {
    if (await this.sidebar().isVisible()) return;
    for (const name of ['Home', 'Cancel']) {
      const button = await this.find(this.page.locator('main').getByRole('button', { name, exact: true }), 500);
      if (button) {
        await this.time(`${name} (sidebar hidden) → section`, button, SECTION);
        if (await this.sidebar().isVisible()) return;
      }
    }
    await this.page.reload();
    await this.page.locator('#welcome-headline').waitFor({ timeout: 30_000 });
  }
}

async function sidebarPath(run, count) {
  const names = (await run.sidebar().getByRole('button').allInnerTexts()).map((name) => name.trim());
  const sections = names.filter((name) => name !== 'Logout');
  console.log(`  sidebar sections: ${sections.join(', ')}`);
  let index = 0;
  let misses = 0;
  while (run.samples.length < count && misses < sections.length * 2) {
    const name = sections[index % sections.length];
    index += 1;
    await run.backToSidebar();
    const item = run.sidebar().getByRole('button', { name, exact: true });
    if ((await item.getAttribute('aria-current')) === 'page') continue;
    const button = await run.find(item);
    if (!button || !(await run.time(`sidebar → ${name}`, button, SECTION))) misses += 1;
  }
}

async function rentalPath(run, loops, kiosk) {
  const page = run.page;
  const main = page.locator('main');
  await run.backToSidebar();
  const start = await run.find(run.sidebar().getByRole('button', { name: 'Select a Space', exact: true }));
  if (!start) return run.note('rental path skipped: no "Select a Space" in the sidebar');
  if (!(await run.time('sidebar → Select a Space', start, SECTION))) return;
  if ((await page.locator('[data-rental-section]').count()) === 0) {
    return run.note('rental path skipped: the rental screen is not built yet (no [data-rental-section])');
  }
  for (let loop = 0; loop < loops; loop += 1) {
    const open = main.locator('[aria-expanded="true"]').filter({ hasText: /^SELECT$/ });
    if ((await open.count()) === 0) {
      const category = await run.find(main.getByRole('button', { name: 'SELECT', exact: true }), 10_000);
      if (!category) return run.note('rental path stopped: no category SELECT button on the space list');
      if (!(await run.time('SELECT category → its units', category, { kind: 'headings' }))) return;
    }
    const unit = await run.find(main.getByRole('button', { name: /^SELECT (?!#)/ }));
    if (!unit) return run.note('rental path stopped: no unit SELECT button in the open category');
    const held = await run.time('SELECT unit → hold screen', unit, {
      kind: 'attr',
      ...RENTAL_SECTION,
      then: { ...RENTAL_SECTION, to: 'rent_this_space' },
    });
    if (!held) return;
    if (held.thenMs === null) return run.note('rental path stopped: the identity step (rent_this_space) did not show');
    run.waits.push({ label: 'hold screen → identity step (network calls)', ms: held.thenMs });
    const cancel = await run.find(main.getByRole('button', { name: 'Cancel', exact: true }));
    if (!cancel) return run.note('rental path stopped: no Cancel on the identity step');
    if (!(await run.time('Cancel on identity step → space list', cancel, { kind: 'attr', ...RENTAL_SECTION }))) return;
    // Cancel releases the hold; a reset keeps the demo facility's spaces available whatever happened.
    await fetch(`${kiosk.sandboxUrl}/__sandbox/reset`, { method: 'POST' }).catch(() => undefined);
  }
}

function row(label, samples) {
  const values = samples.map((sample) => sample.ms);
  const cells = [percentile(values, 0.5), percentile(values, 0.95), Math.max(...values)].map((value) =>
    fixed(value).padStart(8),
  );
  return `  ${label.padEnd(48)} ${String(values.length).padStart(4)} ${cells.join(' ')}`;
}

async function main() {
  const dist = textOption('dist', undefined);
  requireBuilt({ ui: dist === undefined });
  const transitions = Math.max(1, option('transitions', 24));
  const rentalLoops = option('rental-loops', 4);
  const throttle = option('throttle', 1);
  const kiosk = await startKiosk({ env: dist ? { KIOSK_UI_DIR: dist } : {} });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await throttleCpu(context, page, throttle);
    await page.goto(kiosk.url);
    await page.locator('#welcome-headline').waitFor({ timeout: 30_000 });
    console.log(`interaction: ${kiosk.url}, Chromium at ${throttle}× CPU, click → next screen painted (double rAF)\n`);
    const run = new Run(page);
    await sidebarPath(run, transitions);
    await rentalPath(run, rentalLoops, kiosk);

    const groups = new Map();
    for (const sample of [...run.samples, ...run.waits]) {
      groups.set(sample.label, [...(groups.get(sample.label) ?? []), sample]);
    }
    const heads = ['n', 'p50 ms', 'p95 ms', 'max ms'].map((name, i) => name.padStart(i === 0 ? 4 : 8));
    console.log(`\n  ${'transition'.padEnd(48)} ${heads.join(' ')}`);
    for (const [label, samples] of groups) console.log(row(label, samples));
    console.log(row('all clicked transitions', run.samples));
    console.log(
      row(
        '  first visits (screen chunk loaded)',
        run.samples.filter((sample) => sample.first),
      ),
    );
    console.log(
      row(
        '  repeat visits',
        run.samples.filter((sample) => !sample.first),
      ),
    );
    for (const note of run.notes) console.log(`  note: ${note}`);
    console.log('');

    const values = run.samples.map((sample) => sample.ms);
    const repeat = run.samples.filter((sample) => !sample.first).map((sample) => sample.ms);
    const p95 = percentile(values, 0.95);
    record({
      bench: 'interaction',
      metric: `click → next screen p50 (n=${values.length})`,
      value: percentile(values, 0.5),
      unit: 'ms',
    });
    record({
      bench: 'interaction',
      metric: `click → next screen p95 (n=${values.length})`,
      value: p95,
      unit: 'ms',
      target: `≤ ${TARGET_P95_MS} ms`,
      met: values.length >= 20 ? p95 <= TARGET_P95_MS : undefined,
      note: values.length < 20 ? 'fewer than 20 transitions' : undefined,
    });
    record({
      bench: 'interaction',
      metric: `repeat visits p95 (n=${repeat.length})`,
      value: percentile(repeat, 0.95),
      unit: 'ms',
    });
    if (run.waits.length) {
      const waits = run.waits.map((wait) => wait.ms);
      record({
        bench: 'interaction',
        metric: 'hold screen → identity step p50 (network)',
        value: percentile(waits, 0.5),
        unit: 'ms',
      });
    }
    await context.close();
  } finally {
    await browser.close();
    await kiosk.stop();
  }
}

await runMain('bench:interaction', main);
