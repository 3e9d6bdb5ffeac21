import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.js';

let app: FastifyInstance;
const KEY = { 'x-api-key': 'sandbox-api-key' };

beforeAll(async () => {
  app = await buildSandbox();
});
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/__sandbox/reset' });
});
afterAll(async () => {
  await app.close();
});

describe('sandbox operator API shell', () => {
  it('answers the configuration inside the application_data wrapper', async () => {
    const response = await app.inject({ url: '/api/v1/facilities/demo/configuration/', headers: KEY });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.application_data.status).toBe('ok');
    expect(body.application_data.result).toMatchObject({
      title: 'Maple Street Self Storage Kiosk',
      owner_id: 'demo-owner',
      mute_audio: true,
      colors: expect.objectContaining({
        primary: expect.any(String),
        background: expect.any(String),
        text: expect.any(String),
      }),
    });
  });

  it('makes asset URLs absolute against the Host the request came to', async () => {
    const response = await app.inject({
      url: '/api/v1/facilities/demo/configuration/',
      headers: { ...KEY, host: '127.0.0.1:8090' },
    });
    const config = response.json().application_data.result;
    expect(config.logo).toBe('http://127.0.0.1:8090/assets/logo.svg');
    expect(config.welcome.video_url).toBe('http://127.0.0.1:8090/assets/video/welcome-loop.webm');
  });

  it('answers an error for a facility whose kiosk is not configured', async () => {
    const response = await app.inject({ url: '/api/v1/facilities/unconfigured/configuration/', headers: KEY });
    expect(response.json().application_data).toEqual({
      status: 'error',
      code: 'KioskNotConfigured',
      message: 'The kiosk is not configured for this facility.',
    });
  });

  it('refuses a call without an api key with a 401 wrapped error', async () => {
    const response = await app.inject({ url: '/api/v1/facilities/demo/configuration/' });
    expect(response.statusCode).toBe(401);
    expect(response.json().application_data).toMatchObject({ status: 'error', code: 'Unauthorized' });
  });

  it('answers 404 wrapped errors for an unknown call and an unknown facility', async () => {
    const unknownCall = await app.inject({ url: '/api/v1/facilities/demo/not-a-call/', headers: KEY });
    expect(unknownCall.statusCode).toBe(404);
    expect(unknownCall.json().application_data).toMatchObject({ status: 'error', code: 'NotFound' });
    const unknownFacility = await app.inject({ url: '/api/v1/facilities/nowhere/configuration/', headers: KEY });
    expect(unknownFacility.statusCode).toBe(404);
    expect(unknownFacility.json().application_data).toMatchObject({ status: 'error', code: 'FacilityNotFound' });
  });

  it('records each call with its trace id and query, never the api key', async () => {
    await app.inject({
      url: '/api/v1/facilities/demo/media/?enable_size_guide_videos=true',
      headers: { ...KEY, 'x-trace-id': 'trace-1', 'x-date': '1752598800' },
    });
    await app.inject({ url: '/api/v1/facilities/demo/amenities/', headers: { 'x-trace-id': 'trace-2' } });
    const response = await app.inject({ url: '/__sandbox/requests?limit=2' });
    const { requests } = response.json();
    expect(requests).toMatchObject([
      {
        method: 'GET',
        path: '/api/v1/facilities/demo/media/',
        query: { enable_size_guide_videos: 'true' },
        trace_id: 'trace-1',
        date: '1752598800',
        has_api_key: true,
      },
      { method: 'GET', path: '/api/v1/facilities/demo/amenities/', trace_id: 'trace-2', has_api_key: false },
    ]);
    expect(response.body).not.toContain('sandbox-api-key');
  });
});

describe("the sandbox's own log and its record of calls", () => {
  const USER_TOKEN = 'MARKER-user-token-6a1e0d';
  const GATE = 'MARKER-gate-7e31a9';
  const EMAIL = 'jane.doe.marker@example.com';

  it('show user tokens, gate codes and e-mails masked, in URLs and in logged bodies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const sandbox = await buildSandbox({ logger: { level: 'info', stream } });
    try {
      await sandbox.inject({
        url: `/api/v1/user/items/?user_token=${USER_TOKEN}&user_email=${encodeURIComponent(EMAIL)}`,
        headers: KEY,
      });
      await sandbox.inject({ url: `/api/v1/validate-gatecode/?gatecode=${GATE}&facility_id=demo`, headers: KEY });
      sandbox.log.info({ body: { gatecode: GATE, user_token: USER_TOKEN, tenant_email: EMAIL } }, 'a form');
      const recorded = await sandbox.inject({ url: '/__sandbox/requests?limit=10' });
      const text = `${lines.join('\n')}\n${recorded.body}`;
      for (const marker of [USER_TOKEN, GATE, EMAIL]) expect(text).not.toContain(marker);
      expect(recorded.json().requests).toMatchObject([
        { path: '/api/v1/user/items/', query: { user_token: '[removed]', user_email: 'j***@example.com' } },
        { path: '/api/v1/validate-gatecode/', query: { gatecode: '[removed]', facility_id: 'demo' } },
      ]);
      expect(
        lines.some((line) => line.includes('/api/v1/validate-gatecode/?gatecode=[removed]&facility_id=demo')),
      ).toBe(true);
    } finally {
      await sandbox.close();
    }
  });
});

describe('sandbox assets', () => {
  it.each([
    ['/assets/logo.svg', 'image/svg+xml', '<svg'],
    ['/assets/photos/drive-up-aisle.svg', 'image/svg+xml', 'Drive Up Aisle'],
    ['/assets/maps/static-map.svg', 'image/svg+xml', '<svg'],
    ['/assets/maps/street-view.svg', 'image/svg+xml', '<svg'],
    ['/assets/reviews/default-avatar.svg', 'image/svg+xml', '<svg'],
    ['/assets/video/poster.svg', 'image/svg+xml', '<svg'],
    ['/assets/maps/facility-map.html', 'text/html', '<img'],
    ['/assets/documents/rental-agreement.html', 'text/html', 'Rental Agreement'],
    ['/assets/documents/facility-rules.pdf', 'application/pdf', '%PDF-1.4'],
  ])('serves %s', async (url, type, content) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(type);
    expect(response.body).toContain(content);
  });

  it('serves a real WebM clip for the looping video', async () => {
    const response = await app.inject({ url: '/assets/video/welcome-loop.webm' });
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    // The kiosk's resolution, 1920x1080 (the WebM's PixelWidth and PixelHeight elements), so the
    // welcome screen draws it sharp; and small.
    expect(response.rawPayload.includes(Buffer.from('b0820780ba820438', 'hex'))).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(100_000);
  });

  it('answers 404 for the broken review image and unknown assets', async () => {
    expect((await app.inject({ url: '/assets/reviews/missing/rosa-ortega.jpg' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/photos/Not_A_Slug.svg' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/documents/nope.html' })).statusCode).toBe(404);
  });
});

describe('sandbox logging app', () => {
  const entry = {
    component: 'kiosk',
    log_level: 'info',
    timestamp: '2025-07-15T17:00:00.000Z',
    event_name: 'Navigation next',
    log: {},
  };

  it('records arrays of entries, and answers 503 while switched down', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/applications/logging/log', payload: [entry, entry] })).statusCode,
    ).toBe(200);

    await app.inject({ method: 'POST', url: '/__sandbox/logging', payload: { down: true } });
    const whileDown = await app.inject({ method: 'POST', url: '/applications/logging/log', payload: [entry] });
    expect(whileDown.statusCode).toBe(503);

    await app.inject({ method: 'POST', url: '/__sandbox/logging', payload: { down: false } });
    expect((await app.inject({ method: 'POST', url: '/applications/logging/log', payload: [entry] })).statusCode).toBe(
      200,
    );

    const { entries } = (await app.inject({ url: '/__sandbox/logs' })).json();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual(entry);
  });
});

describe('sandbox control routes', () => {
  it('forces a space status and reset brings the demo data back', async () => {
    const forced = await app.inject({
      method: 'POST',
      url: '/__sandbox/spaces/B-10/status',
      payload: { status: 'rented' },
    });
    expect(forced.json()).toMatchObject({ space_id: 'sp-b-10', status: 'rented' });
    const live = async () =>
      (await app.inject({ url: '/api/v1/facilities/demo/space/B-10/?live_data=true', headers: KEY })).json()
        .application_data.result.status;
    expect(await live()).toBe('rented');
    await app.inject({ method: 'POST', url: '/__sandbox/reset' });
    expect(await live()).toBe('available');
  });

  it('refuses an unknown status or space', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/__sandbox/spaces/B-10/status', payload: { status: 'gone' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/__sandbox/spaces/Z-99/status', payload: { status: 'rented' } }))
        .statusCode,
    ).toBe(404);
  });
});
