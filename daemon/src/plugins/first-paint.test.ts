import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_TAP_ATTRIBUTE,
  WELCOME_DEFAULTS,
  type KioskConfig,
} from '@kiosk/shared-types';
import { JSDOM } from 'jsdom';
import { buildCoreApp } from '../test-helpers/core-app.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import {
  FIRST_PAINT_TAP_SCRIPT,
  FIRST_PAINT_TAP_SCRIPT_SOURCE,
  firstPaintMarkup,
  withFirstPaint,
} from './first-paint.js';
import { securityHeaders } from './ui.js';

const CONFIG: KioskConfig = {
  colors: { primary: '#1F5F3A', surface: 'rgb(255, 255, 255)' },
  title: 'Maple Street Self Storage Kiosk',
  owner_id: 'demo-owner',
  logo: null,
  mute_audio: true,
  welcome: {
    headline: null,
    subheadline: null,
    background_image: 'http://127.0.0.1:8090/assets/welcome/background.svg',
    copy: 'Rent a unit in minutes.',
    video_url: null,
  },
};

/** The demo facility's facts: the configuration, no facility settings or documents fetched. */
const FACTS = { config: CONFIG, facility: null, documents: [] };

describe('the welcome first paint markup', () => {
  it('shows the configured welcome: image, copy, colours, and the default texts where none are set', () => {
    const markup = firstPaintMarkup(FACTS);
    expect(markup).toContain(`id="${FIRST_PAINT_ELEMENT_ID}"`);
    expect(markup).toContain(`>${WELCOME_DEFAULTS.headline}</h1>`);
    // Both wordings of the default, one shown per orientation (the menu beside or above the screen).
    expect(markup).toContain(
      `<p class="kiosk-welcome__subheadline"><span class="kiosk-welcome__where-side">${WELCOME_DEFAULTS.subheadline}</span>` +
        `<span class="kiosk-welcome__where-above">${WELCOME_DEFAULTS.subheadline_above}</span></p>`,
    );
    expect(markup).toContain('>Rent a unit in minutes.</p>');
    expect(markup).toContain('background-image:url(&quot;http://127.0.0.1:8090/assets/welcome/background.svg&quot;)');
    expect(markup).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="http://127.0.0.1:8090/assets/welcome/background.svg">',
    );
    expect(markup).toContain('--kiosk-primary:#1F5F3A');
    expect(markup).toContain('--kiosk-surface:rgb(255, 255, 255)');
  });

  it("a demo kiosk's wears the DEMO mark where the UI's will be, an upstream kiosk's none", () => {
    expect(firstPaintMarkup(FACTS, true)).toContain(
      '"><div class="kiosk-demo-mark">DEMO — no real rentals or payments</div><div class="kiosk-shell">',
    );
    expect(firstPaintMarkup(FACTS)).not.toContain('DEMO');
  });

  it('is a picture for assistive technology and the keypad; only the sidebar items take taps', () => {
    const markup = firstPaintMarkup(FACTS);
    expect(markup).toContain('aria-hidden="true"');
    expect(markup).toContain('pointer-events:none');
    expect(markup.match(/ id="/g)).toHaveLength(1);
    expect(markup).not.toMatch(/<(a|input|select|textarea)\b/);
    const buttons = markup.match(/<button [^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toContain('tabindex="-1"');
    expect(markup).toContain('<nav class="kiosk-sidebar__nav" aria-label="Kiosk menu" style="pointer-events:auto">');
  });

  it("lists the sidebar's items by the UI's rule, with its English texts and section names", () => {
    const items = (facts: Parameters<typeof firstPaintMarkup>[0]) =>
      [...firstPaintMarkup(facts).matchAll(/data-nav-target="([a-z_]+)">([^<]+)</g)].map(([, section, text]) => [
        section,
        text,
      ]);
    expect(items(FACTS)).toEqual([
      ['home', 'Home'],
      ['rent', 'Select a Space'],
      ['find_reservation', 'Find my reservation'],
      ['size_guide', 'SIZE GUIDE'],
      ['pay_bill', 'PAY MY BILL'],
      ['autopay', 'Setup autopay'],
      ['my_storage', 'MY STORAGE'],
      ['merchandise', 'Boxes &amp; Supplies'],
    ]);
    const everything = items({
      config: CONFIG,
      facility: { facility_map_url: 'https://maps.example/m.pdf', external_paybill: 'https://pay.example' },
      documents: [{ document_type: 'lease_non_interactive' }, { document_type: 'insurance_brochure_non_interactive' }],
    }).map(([section]) => section);
    expect(everything).toEqual([
      'home',
      'rent',
      'find_reservation',
      'size_guide',
      'my_storage',
      'rental_docs',
      'insurance',
      'facility_map',
      'merchandise',
    ]);
  });

  it('draws the configured logo, or a box the size of the default one', () => {
    expect(firstPaintMarkup(FACTS)).toContain('<div class="kiosk-logo kiosk-logo--default"></div>');
    const markup = firstPaintMarkup({ ...FACTS, config: { ...CONFIG, logo: 'http://127.0.0.1:8090/logo.png' } });
    expect(markup).toContain('<img class="kiosk-logo" src="http://127.0.0.1:8090/logo.png" alt="">');
  });

  it('carries the tap script, which the page allows by its hash and by nothing broader', () => {
    expect(firstPaintMarkup(FACTS)).toContain(`<script>${FIRST_PAINT_TAP_SCRIPT}</script>`);
    const hash = createHash('sha256').update(FIRST_PAINT_TAP_SCRIPT).digest('base64');
    expect(FIRST_PAINT_TAP_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
    expect(securityHeaders(null)['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(securityHeaders(null)['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("the tap script notes the last item tapped and shows it chosen, in a browser's DOM", () => {
    const dom = new JSDOM(`<body>${firstPaintMarkup(FACTS)}</body>`, { runScripts: 'dangerously' });
    const { document } = dom.window;
    const root = document.getElementById(FIRST_PAINT_ELEMENT_ID)!;
    const item = (section: string) => document.querySelector<HTMLElement>(`[data-nav-target="${section}"]`)!;
    document.querySelector<HTMLElement>('.kiosk-welcome__headline')!.click();
    expect(root.getAttribute(FIRST_PAINT_TAP_ATTRIBUTE)).toBeNull();
    item('pay_bill').click();
    item('rent').click();
    expect(root.getAttribute(FIRST_PAINT_TAP_ATTRIBUTE)).toBe('rent');
    expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(item('rent').getAttribute('aria-current')).toBe('page');
  });

  it('uses configured texts, escaped', () => {
    const markup = firstPaintMarkup({
      ...FACTS,
      config: {
        ...CONFIG,
        welcome: { headline: '<img src=x onerror=alert(1)>Hi', subheadline: 'Tom & "Jerry"', copy: null },
      },
    });
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;Hi</h1>');
    expect(markup).toContain('Tom &amp; &quot;Jerry&quot;</p>');
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('kiosk-welcome__copy');
  });

  it('drops a background that is not a plain http(s) URL and colours that could break out', () => {
    const markup = firstPaintMarkup({
      ...FACTS,
      config: {
        ...CONFIG,
        colors: { primary: 'red;background:url(http://evil)', 'bad name': '#fff', text: '#222' },
        welcome: { background_image: 'javascript:alert(1)' },
      },
    });
    expect(markup).not.toContain('background-image');
    expect(markup).not.toContain('preload');
    expect(markup).not.toContain('evil');
    expect(markup).not.toContain('bad name');
    expect(markup).toContain('--kiosk-text:#222');
    expect(markup).toContain('<section class="kiosk-screen kiosk-welcome">');
  });

  it('goes just before the UI root; a page without one, or no markup, is left alone', () => {
    expect(withFirstPaint('<body><div id="root"></div></body>', '<div>x</div>')).toBe(
      '<body><div>x</div><div id="root"></div></body>',
    );
    expect(withFirstPaint('<body></body>', '<div>x</div>')).toBe('<body></body>');
    expect(withFirstPaint('<div id="root"></div>', '')).toBe('<div id="root"></div>');
  });
});

describe('the kiosk page with its first paint', () => {
  let app: FastifyInstance | undefined;
  let upstream: RecordingUpstream | undefined;

  afterEach(async () => {
    await app?.close();
    await upstream?.close();
  });

  function builtUi(): string {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-ui-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    return dir;
  }

  async function kioskWith(answer: Parameters<RecordingUpstream['respond']>[0]) {
    upstream = await startRecordingUpstream();
    upstream.respond(answer);
    ({ app } = await buildCoreApp({ uiDir: builtUi(), upstreamUrl: upstream.url, facilityId: 'demo' }));
    await app.ready();
    // The configuration, the facility settings and the documents are fetched at start, without
    // holding the start up.
    await expect.poll(() => upstream!.requests.length).toBe(3);
    return app;
  }

  it("paints the kiosk's own facility's welcome, fetched once at start with the API key", async () => {
    const results: Record<string, unknown> = {
      'facilities/demo/configuration/': CONFIG,
      'facilities/demo/': { facility_map_url: 'https://maps.example/m.pdf', external_paybill: null },
      'facilities/demo/pandadocs/non-interactive-agreements/': {
        agreements: [{ document_type: 'insurance_brochure_non_interactive' }],
      },
    };
    const kiosk = await kioskWith((request, res) =>
      upstream!.json(res, 200, { application_data: { status: 'ok', result: results[request.path] } }),
    );
    await expect
      .poll(async () => (await kiosk.inject({ url: '/demo', headers: { accept: 'text/html' } })).body)
      .toContain(`id="${FIRST_PAINT_ELEMENT_ID}"`);
    const page = (await kiosk.inject({ url: '/demo', headers: { accept: 'text/html' } })).body;
    expect(page.indexOf(FIRST_PAINT_ELEMENT_ID)).toBeLessThan(page.indexOf('<div id="root">'));
    expect(upstream!.requests.map((request) => request.path).sort()).toEqual(Object.keys(results).sort());
    expect(upstream!.requests.find((request) => request.path === 'facilities/demo/')!.query).toBe(
      'All=true&facility_id=demo',
    );
    // The sidebar as the facility's settings and documents make it.
    expect(page).toContain('data-nav-target="insurance">Protection Brochure</button>');
    expect(page).toContain('data-nav-target="facility_map">Facility map</button>');
    expect(page).not.toContain('data-nav-target="rental_docs"');
    expect(upstream!.requests[0]!.headers['x-api-key']).toBeDefined();
    // The key itself never reaches the page.
    expect(page).not.toContain(String(upstream!.requests[0]!.headers['x-api-key']));
    // Another facility's page, or a non-facility page, gets none.
    expect((await kiosk.inject({ url: '/demo-smart', headers: { accept: 'text/html' } })).body).not.toContain(
      FIRST_PAINT_ELEMENT_ID,
    );
    expect((await kiosk.inject({ url: '/time/', headers: { accept: 'text/html' } })).body).not.toContain(
      FIRST_PAINT_ELEMENT_ID,
    );
  });

  it('serves the page at once without a first paint when the operator API refuses', async () => {
    const kiosk = await kioskWith((_request, res) =>
      upstream!.json(res, 200, { application_data: { status: 'error', message: 'Unknown facility' } }),
    );
    const response = await kiosk.inject({ url: '/demo', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.body).not.toContain(FIRST_PAINT_ELEMENT_ID);
  });
});
