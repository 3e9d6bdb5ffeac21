import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FIRST_PAINT_ELEMENT_ID, WELCOME_DEFAULTS, type KioskConfig } from '@kiosk/shared-types';
import { buildCoreApp } from '../test-helpers/core-app.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { firstPaintMarkup, withFirstPaint } from './first-paint.js';

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

describe('the welcome first paint markup', () => {
  it('shows the configured welcome: image, copy, colours, and the default texts where none are set', () => {
    const markup = firstPaintMarkup(CONFIG);
    expect(markup).toContain(`id="${FIRST_PAINT_ELEMENT_ID}"`);
    expect(markup).toContain(`>${WELCOME_DEFAULTS.headline}</h1>`);
    expect(markup).toContain(`>${WELCOME_DEFAULTS.subheadline}</p>`);
    expect(markup).toContain('>Rent a unit in minutes.</p>');
    expect(markup).toContain('background-image:url(&quot;http://127.0.0.1:8090/assets/welcome/background.svg&quot;)');
    expect(markup).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="http://127.0.0.1:8090/assets/welcome/background.svg">',
    );
    expect(markup).toContain('--kiosk-primary:#1F5F3A');
    expect(markup).toContain('--kiosk-surface:rgb(255, 255, 255)');
  });

  it('is a picture only: hidden from assistive technology, transparent to taps, no ids inside', () => {
    const markup = firstPaintMarkup(CONFIG);
    expect(markup).toContain('aria-hidden="true"');
    expect(markup).toContain('pointer-events:none');
    expect(markup.match(/ id="/g)).toHaveLength(1);
    expect(markup).not.toMatch(/<(button|a|input|select|textarea)\b/);
  });

  it('uses configured texts, escaped', () => {
    const markup = firstPaintMarkup({
      ...CONFIG,
      welcome: { headline: '<img src=x onerror=alert(1)>Hi', subheadline: 'Tom & "Jerry"', copy: null },
    });
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;Hi</h1>');
    expect(markup).toContain('Tom &amp; &quot;Jerry&quot;</p>');
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('kiosk-welcome__copy');
  });

  it('drops a background that is not a plain http(s) URL and colours that could break out', () => {
    const markup = firstPaintMarkup({
      ...CONFIG,
      colors: { primary: 'red;background:url(http://evil)', 'bad name': '#fff', text: '#222' },
      welcome: { background_image: 'javascript:alert(1)' },
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
    // The configuration is fetched at start, without holding the start up.
    await expect.poll(() => upstream!.requests.length).toBe(1);
    return app;
  }

  it("paints the kiosk's own facility's welcome, fetched once at start with the API key", async () => {
    const kiosk = await kioskWith((_request, res) =>
      upstream!.json(res, 200, { application_data: { status: 'ok', result: CONFIG } }),
    );
    await expect
      .poll(async () => (await kiosk.inject({ url: '/demo', headers: { accept: 'text/html' } })).body)
      .toContain(`id="${FIRST_PAINT_ELEMENT_ID}"`);
    const page = (await kiosk.inject({ url: '/demo', headers: { accept: 'text/html' } })).body;
    expect(page.indexOf(FIRST_PAINT_ELEMENT_ID)).toBeLessThan(page.indexOf('<div id="root">'));
    expect(upstream!.requests).toHaveLength(1);
    expect(upstream!.requests[0]!.path).toBe('facilities/demo/configuration/');
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
