import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildCoreApp } from '../test-helpers/core-app.js';
import { facilityOfPath, preloadLinks, withPreloads } from './ui.js';

function builtUi(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-ui-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root">kiosk ui</div>');
  writeFileSync(join(dir, 'assets', 'index-4f2a9c.js'), 'console.log(1)');
  return dir;
}

describe('UI serving', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildCoreApp({ uiDir: builtUi(), sandboxOrigin: 'http://127.0.0.1:8090' }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves index.html at / with no-cache and the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('kiosk ui');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-src 'self' http://127.0.0.1:8090");
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:8090");
    // The welcome video and the identity upload come from the sandbox too.
    expect(csp).toContain("media-src 'self' blob: http://127.0.0.1:8090");
    expect(csp).toContain("connect-src 'self' ws: wss: http://127.0.0.1:8090");
    expect(csp).not.toContain('https://');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['permissions-policy']).toBeDefined();
  });

  it('caches hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/demo', '/demo-smart', '/unavailable', '/some/unknown/path'])(
    'loads the UI for %s (history-mode fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('kiosk ui');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBeDefined();
    },
  );

  it.each(['/device/nope', '/session/nope', '/log', '/events/x', '/__sandbox/reset', '/assets/missing.js', '/api'])(
    'answers %s with a JSON 404, never the UI',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    },
  );

  it('answers a POST to a UI path with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/demo' });
    expect(response.statusCode).toBe(404);
    expect(response.json().statusCode).toBe(404);
  });

  it('answers /time/ with the epoch seconds as text/plain', async () => {
    for (const url of ['/time/', '/time']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toMatch(/^\d{10}$/);
      expect(Math.abs(Number(response.body) - Date.now() / 1000)).toBeLessThan(5);
    }
  });

  it('preloads the calls the first screen waits for on a facility page', async () => {
    for (const url of ['/demo', '/demo/', '/demo?lang=en']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('kiosk ui');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      // The exact URLs ConfigStore fetches (a preload is only used by a fetch of the same URL).
      expect(response.body).toContain(
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/facilities/demo/configuration/">',
      );
      expect(response.body).toContain('href="/api/facilities/demo/?All=true&amp;facility_id=demo"');
      expect(response.body).toContain('href="/api/facilities/demo/pandadocs/non-interactive-agreements/"');
    }
  });

  it.each(['/', '/unavailable', '/time/', '/some/unknown/path', '/bad%22id', '/%3Cscript%3E'])(
    'adds no preload for %s (not a facility page)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.body).toContain('kiosk ui');
      expect(response.body).not.toContain('rel="preload"');
    },
  );

  it('encodes the facility id in the preload URLs as the UI does', async () => {
    const response = await app.inject({ method: 'GET', url: '/north.site_2', headers: { accept: 'text/html' } });
    expect(response.body).toContain('href="/api/facilities/north.site_2/configuration/"');
    expect(preloadLinks('a"b<c>&d')).toContain('href="/api/facilities/a%22b%3Cc%3E%26d/configuration/"');
    expect(preloadLinks('a"b<c>&d')).not.toMatch(/[<>"]b|&d/);
    expect(facilityOfPath('/a%22b')).toBeNull();
    expect(facilityOfPath('/%E0%A4%A')).toBeNull();
    expect(facilityOfPath('/demo-smart')).toBe('demo-smart');
    expect(withPreloads('<html><head><title>K</title></head></html>', 'demo')).toMatch(
      /<title>K<\/title><link rel="preload"[^]*<\/head>/,
    );
  });

  it('gives a browser asking for /time/ the UI (its time screen)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/time/',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.body).toContain('kiosk ui');
  });
});

describe('a demo kiosk (KIOSK_SANDBOX=on) tells its page from the first byte', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it.each([
    [true, 'wears'],
    [false, 'has no'],
  ])('sandbox %s: the facility page %s the demo meta element', async (sandbox) => {
    const { app } = await buildCoreApp({
      uiDir: builtUi(),
      sandbox,
      upstreamUrl: 'https://operator.example.com/api/v1',
    });
    apps.push(app);
    const response = await app.inject({ method: 'GET', url: '/demo', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body.includes('<meta name="kiosk-sandbox" content="on">')).toBe(sandbox);
  });
});

describe('UI from a relative KIOSK_UI_DIR', () => {
  it('serves the page and its assets from the directory taken from the working directory', async () => {
    const { app } = await buildCoreApp({ uiDir: relative(process.cwd(), builtUi()) });
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('kiosk ui');
      const asset = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
    } finally {
      await app.close();
    }
  });
});

describe('UI not built', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildCoreApp({ uiDir: mkdtempSync(join(tmpdir(), 'kiosk-empty-ui-')) }));
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['/', '/demo'])('answers %s with a clear 503 page', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('not built');
    expect(response.body).toContain('npm run build');
  });

  it('still answers /time/ in plain text', async () => {
    const response = await app.inject({ method: 'GET', url: '/time/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^\d+$/);
  });

  it('leaves the sandbox origin out of the CSP when there is no sandbox', async () => {
    const response = await app.inject({ method: 'GET', url: '/demo' });
    expect(String(response.headers['content-security-policy'])).toContain("frame-src 'self';");
  });
});
