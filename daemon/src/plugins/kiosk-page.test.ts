import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_PAGE_HEADER, KIOSK_PAGE_HEADER_VALUE } from '@kiosk/shared-types';
import { buildApp } from '../app.js';
import { testConfig } from '../test-helpers/build-test-app.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { isOpen } from './kiosk-page.js';
import { preloadLinks } from './ui.js';

/**
 * Only the kiosk's own page can call the daemon (docs/security.md). The app is built without the
 * test helper that calls as the page (asKioskPage): each request here says who it is.
 */

const KIOSK = '127.0.0.1:8080';
/** What Chromium sends with the kiosk page's own fetch() of a POST. */
const PAGE = {
  host: KIOSK,
  origin: `http://${KIOSK}`,
  'sec-fetch-site': 'same-origin',
  [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE,
};
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const GATE_CODE_TEXT = 'facility_id=demo&tenant_id=t-9001&phone_number=2175550182';
const GUARD_REASONS = ['foreign-host', 'cross-origin', 'not-kiosk-page'];

describe("only the kiosk's page can call", () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(testConfig({ upstreamUrl: upstream.url, apiKey: 'operator-key' }), {
      logger: { level: 'warn', stream },
    });
    await app.ready();
  });
  afterEach(() => upstream.reset());
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  async function call(options: InjectOptions) {
    const response = await app.inject(options);
    return { status: response.statusCode, body: response.json<{ reason?: string; message?: string }>() };
  }

  it('refuses a form post naming another host, before it reaches the operator', async () => {
    const crossSite = await call({
      method: 'POST',
      url: '/api/text-gate-code/',
      headers: { host: 'evil.example:8080', origin: 'http://evil.example', ...FORM },
      payload: GATE_CODE_TEXT,
    });
    expect(crossSite).toMatchObject({ status: 403, body: { statusCode: 403, reason: 'foreign-host' } });
    expect(crossSite.body.message).toMatch(/Only the kiosk's own page/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a DNS-rebinding page even when its Origin matches its Host and it sends the header', async () => {
    const rebound = await call({
      method: 'POST',
      url: '/api/move-out-notice/',
      headers: { ...PAGE, host: 'rebind.example:8080', origin: 'http://rebind.example:8080', ...FORM },
      payload: 'tenant_id=t-9001&space_id=sp-b-10',
    });
    expect(rebound).toMatchObject({ status: 403, body: { reason: 'foreign-host' } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a cross-site Origin on the kiosk host', async () => {
    for (const origin of ['http://evil.example', 'null', `http://localhost:8080`, 'http://127.0.0.1:9999']) {
      const refused = await call({
        method: 'POST',
        url: '/api/text-gate-code/',
        headers: { ...PAGE, origin, ...FORM },
        payload: GATE_CODE_TEXT,
      });
      expect(refused, origin).toMatchObject({ status: 403, body: { reason: 'cross-origin' } });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a Sec-Fetch-Site of cross-site or same-site, whatever else the request says', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const refused = await call({
        method: 'POST',
        url: '/api/move-out-notice/',
        headers: { ...PAGE, 'sec-fetch-site': site, ...FORM },
        payload: 'tenant_id=t-9001',
      });
      expect(refused, site).toMatchObject({ status: 403, body: { reason: 'cross-origin' } });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it("refuses a form post without the page's header, even from the kiosk's own host", async () => {
    for (const headers of [
      { host: KIOSK, ...FORM },
      { host: KIOSK, origin: `http://${KIOSK}`, 'sec-fetch-site': 'same-origin', ...FORM },
      { host: KIOSK, [KIOSK_PAGE_HEADER]: 'yes', ...FORM },
    ]) {
      const refused = await call({ method: 'POST', url: '/api/text-gate-code/', headers, payload: GATE_CODE_TEXT });
      expect(refused).toMatchObject({ status: 403, body: { reason: 'not-kiosk-page' } });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it("passes the page's own calls: a hold through the proxy, with the operator's key added", async () => {
    const hold = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/spaces/sp-a101/hold/',
      headers: { ...PAGE, ...FORM },
      payload: 'facility_id=demo',
    });
    expect(hold.statusCode).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.headers['x-api-key']).toBe('operator-key');
    expect(upstream.requests[0]!.headers[KIOSK_PAGE_HEADER]).toBeUndefined();
    // A call a browser makes without Origin or Sec-Fetch-Site (a plain same-origin GET) passes too.
    const holds = await app.inject({
      method: 'GET',
      url: '/session/holds',
      headers: { host: 'localhost:8080', [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE },
    });
    expect(holds.json()).toEqual({ holds: [] });
    // A typed address or a reload (Sec-Fetch-Site none) is the kiosk's own.
    const typed = await app.inject({
      method: 'GET',
      url: '/session/holds',
      headers: { ...PAGE, 'sec-fetch-site': 'none' },
    });
    expect(typed.statusCode).toBe(200);
  });

  it("every state-changing route of the UI listener needs the page's header, and the page's call is let through", async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/text-gate-code/'],
      ['PUT', '/api/dossiers/d-1/'],
      ['DELETE', '/api/tenant/t-9001/space/sp-b-10/autopay/'],
      ['POST', '/log'],
      ['POST', '/outbox'],
      ['POST', '/device/card/swipe'],
      ['POST', '/device/card/cancel'],
      ['POST', '/device/card/simulate'],
      ['POST', '/device/printer/receipt'],
      ['POST', '/device/id/scan'],
      ['POST', '/device/id/simulate'],
      ['POST', '/device/speech'],
      ['POST', '/device/speech/stop'],
      ['POST', '/device/tone'],
      ['POST', '/session/holds'],
      ['DELETE', '/session/holds/sp-a101'],
      ['POST', '/session/holds/sp-a101/settled'],
      ['POST', '/display/settings'],
      ['POST', '/demo'],
      ['PATCH', '/api/text-gate-code/'],
    ];
    for (const [method, url] of routes) {
      const refused = await call({ method: method as 'POST', url, headers: { host: KIOSK, ...FORM }, payload: 'a=b' });
      expect(refused, `${method} ${url}`).toMatchObject({ status: 403, body: { reason: 'not-kiosk-page' } });
    }
    expect(upstream.requests).toHaveLength(0);
    for (const [method, url] of routes) {
      const page = await app.inject({ method: method as 'POST', url, headers: PAGE, payload: {} });
      const reason = page.statusCode === 403 ? page.json<{ reason?: string }>().reason : undefined;
      expect(GUARD_REASONS, `${method} ${url}`).not.toContain(reason);
    }
  });

  it('gives a cross-origin preflight no CORS allowance', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/text-gate-code/',
      headers: {
        host: KIOSK,
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': KIOSK_PAGE_HEADER,
      },
    });
    expect(preflight.statusCode).toBe(403);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    // Nor does any other answer of the daemon allow another origin to read it.
    const read = await app.inject({ method: 'GET', url: '/session/holds', headers: { ...PAGE } });
    expect(Object.keys(read.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it("reads of a visitor's data need the header; the facility reads index.html preloads do not", async () => {
    for (const url of [
      '/api/facilities/demo/get-user-details/?user_token=abc',
      '/api/user/items/',
      '/api/tenant/t-9001/',
      '/api/users/phone/+12175550182/',
      '/api/not/on/the/list/',
      '/%61pi/facilities/demo/get-user-details/',
      '/outbox/jobs/k-1',
      '/session/holds',
    ]) {
      const refused = await call({ method: 'GET', url, headers: { host: KIOSK } });
      expect(refused, url).toMatchObject({ status: 403, body: { reason: 'not-kiosk-page' } });
    }
    expect(upstream.requests).toHaveLength(0);

    const preloads = [...preloadLinks('demo').matchAll(/href="([^"]+)"/g)].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );
    expect(preloads).toHaveLength(3);
    for (const url of preloads) {
      // A preload in cors mode sends the page's Origin, and no header of the page's own.
      const preloaded = await app.inject({
        method: 'GET',
        url,
        headers: { host: KIOSK, origin: `http://${KIOSK}`, 'sec-fetch-site': 'same-origin' },
      });
      expect(preloaded.statusCode, url).toBe(200);
      const foreign = await call({ method: 'GET', url, headers: { host: 'rebind.example:8080' } });
      expect(foreign, url).toMatchObject({ status: 403, body: { reason: 'foreign-host' } });
    }
    expect(upstream.requests).toHaveLength(3);
  });

  it('leaves pages, /time and the device status reads open to any caller', async () => {
    const anyone = { host: 'evil.example', origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const url of ['/time/', '/device/card/health', '/device/printer', '/display/settings']) {
      const response = await app.inject({ method: 'GET', url, headers: anyone });
      expect(response.statusCode, url).toBe(200);
    }
    // No UI is built in tests: the page says so, rather than being refused.
    expect((await app.inject({ method: 'GET', url: '/demo', headers: anyone })).statusCode).toBe(503);
  });

  it('counts each refusal by reason and logs it by route, without the body or the path', async () => {
    const before = await app.metrics.registry.getSingleMetricAsString('kiosk_request_refused_total');
    expect(before).toMatch(/kiosk_request_refused_total\{reason="foreign-host",app="kiosk_daemon"\} \d+/);
    const count = async (reason: string) =>
      (await app.metrics.registry.getMetricsAsJSON())
        .find((metric) => metric.name === 'kiosk_request_refused_total')!
        .values.find((value) => value.labels.reason === reason)!.value;
    const start = await count('not-kiosk-page');
    logLines.length = 0;
    await call({
      method: 'POST',
      url: '/api/text-gate-code/',
      headers: { host: KIOSK, ...FORM },
      payload: 'phone_number=2175550182&gate_code=4321',
    });
    await call({ method: 'GET', url: '/api/users/phone/+12175550199/', headers: { host: KIOSK } });
    expect(await count('not-kiosk-page')).toBe(start + 2);

    const lines = logLines.join('');
    expect(lines).toContain("refused a request not from the kiosk's own page");
    expect(lines).toContain('"reason":"not-kiosk-page"');
    expect(lines).toContain('"route":"textGateCode"');
    expect(lines).toContain('"route":"userByPhone"');
    expect(lines).not.toContain('2175550182');
    expect(lines).not.toContain('4321');
    expect(lines).not.toContain('2175550199');
  });
});

describe('isOpen', () => {
  it('opens no method but GET and HEAD', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
      expect(isOpen(method, '/demo', '/*')).toBe(false);
  });

  it("keeps a read of a visitor's data closed by the route it reaches, not only by how its path is spelt", () => {
    expect(isOpen('GET', '/%61pi/user/items/', '/api/*')).toBe(false);
    expect(isOpen('HEAD', '/outbox/jobs/k-1', '/outbox/jobs/:key')).toBe(false);
    expect(isOpen('GET', '/session/holds?x=1', undefined)).toBe(false);
    expect(isOpen('GET', '/demo', '/*')).toBe(true);
    expect(isOpen('GET', '/device/printer', '/device/printer')).toBe(true);
  });
});
