import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { maskCardNumbersInText } from '@kiosk/shared-types';
import { buildApp } from '../app.js';
import type { DaemonConfig } from '../config.js';
import { testConfig } from '../test-helpers/build-test-app.js';
import { eventually } from '../test-helpers/fake-services.js';
import { buildSupportApp } from './health.js';

const API_KEY = 'live-operator-key-9f27c1d4';
const TOKEN = 'support-token-5b83e0aa';
const CARD = '4111111111111111';
const EMAIL = 'jane.doe@example.com';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function setup(overrides: Partial<DaemonConfig> = {}) {
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildApp(
    testConfig({
      apiKey: API_KEY,
      healthToken: TOKEN,
      upstreamUrl: 'http://kiosk:s3cret@127.0.0.1:9/api/v1',
      ...overrides,
    }),
    { logger: { level: 'info', stream: quiet } },
  );
  await app.ready();
  closers.push(() => app.close());
  const support: FastifyInstance = await buildSupportApp(app);
  closers.push(() => support.close());
  return { app, support };
}

const auth = { authorization: `Bearer ${TOKEN}` };

describe('GET /support/bundle', () => {
  it('needs the support token', async () => {
    const { support } = await setup();
    const response = await support.inject({ method: 'GET', url: '/support/bundle' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('is one JSON document with versions, configuration, devices, spool, session and the daemon log', async () => {
    const { app, support } = await setup();
    app.log.info('kiosk started for the bundle test');
    const response = await support.inject({ method: 'GET', url: '/support/bundle', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const bundle = response.json();
    expect(bundle.versions.daemon).toMatch(/^\d+\.\d+\.\d+/);
    expect(bundle.versions.node).toBe(process.version);
    expect(bundle.facility_id).toBe('demo');
    expect(bundle.configuration.facilityId).toBe('demo');
    expect(bundle.configuration.apiKey).toBe('[removed]');
    expect(bundle.configuration.healthToken).toBe('[removed]');
    expect(bundle.configuration.upstreamUrl).toBe('http://127.0.0.1:9/api/v1');
    expect(bundle.devices.card_reader.status).toMatch(/^(ok|down|unknown)$/);
    expect(bundle.log_spool).toMatchObject({ files: expect.any(Number), bytes: expect.any(Number) });
    expect(bundle.session).toMatchObject({ active: false, held_spaces: 0 });
    expect(bundle.screen).toMatchObject({ connected: false, section: null });
    expect(bundle.log_lines.some((line: string) => line.includes('kiosk started for the bundle test'))).toBe(true);
    expect(bundle.log_lines.length).toBeLessThanOrEqual(500);
  });

  it('holds no API key, support token, card number or e-mail address, wherever they were logged', async () => {
    const { app, support } = await setup();
    // What a careless log line or a page error could carry.
    app.log.warn(`upstream refused key ${API_KEY} for ${EMAIL}`);
    app.log.warn({ url: `/api/users/?email=${EMAIL}&token=${TOKEN}` }, 'request failed');
    app.log.error({ detail: `card ${CARD} declined`, card_number: CARD }, 'payment failed');
    const ws = await app.injectWS('/events');
    ws.send(JSON.stringify({ type: 'ui-error', kind: 'error', message: `TypeError at ${EMAIL} with ${CARD}` }));
    await eventually(() => app.logRing.snapshot().some((line) => line.includes('kiosk page error')));
    ws.terminate();

    const response = await support.inject({ method: 'GET', url: '/support/bundle', headers: auth });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).toContain('payment failed');
    expect(text).toContain('kiosk page error');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(CARD);
    // No digit run left that could be a card number (13-19 digits, first digit 2-6, Luhn-valid).
    expect(maskCardNumbersInText(text)).toBe(text);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(text).not.toContain('s3cret');
  });

  it('lists every device: card reader, receipt printer, licence scanner, speech and payment terminal', async () => {
    const { support } = await setup({ speechCommand: '/nonexistent/espeak-ng' });
    const bundle = (await support.inject({ method: 'GET', url: '/support/bundle', headers: auth })).json();
    expect(Object.keys(bundle.devices).sort()).toEqual([
      'card_reader',
      'id_scanner',
      'payment_terminal',
      'printer',
      'speech',
    ]);
    expect(bundle.devices.card_reader.status).toMatch(/^(ok|down|unknown)$/);
    // This kiosk has no printer and no serial scanner configured.
    expect(bundle.devices.printer).toEqual({ status: 'none', configured: false, state: 'unknown', canPrint: false });
    expect(bundle.devices.id_scanner).toEqual({ status: 'none' });
    expect(bundle.devices.speech).toMatchObject({ status: 'down', problem: expect.any(String) });
    // KIOSK_PAYMENT=reader: no terminal on this kiosk's device list.
    expect(bundle.devices.payment_terminal).toEqual({
      status: 'none',
      make: '',
      model: '',
      serial: '',
      poiId: '',
      lastAnswerAt: null,
    });
  });

  it('every log line is one JSON object with its time, after activity that logs times, ids and card numbers', async () => {
    const before = Date.now();
    const { app, support } = await setup();
    app.log.info({ at: Date.now(), transaction_id: '123456789012', order: 987654321098 }, `visit at ${Date.now()}`);
    app.log.error({ amount: Number(CARD), detail: `card ${CARD}` }, 'a card number logged as a number');
    app.log.warn({ url: `/api/users/?email=${EMAIL}` }, 'an address in a URL');
    const ws = await app.injectWS('/events');
    ws.send(JSON.stringify({ type: 'ui-error', kind: 'error', message: `TypeError at ${Date.now()} with ${CARD}` }));
    await eventually(() => app.logRing.snapshot().some((line) => line.includes('kiosk page error')));
    ws.terminate();
    const after = Date.now();

    const bundle = (await support.inject({ method: 'GET', url: '/support/bundle', headers: auth })).json();
    const lines = (bundle.log_lines as string[]).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      expect(typeof line.time).toBe('number');
      expect(line.time).toBeGreaterThanOrEqual(before);
      expect(line.time).toBeLessThanOrEqual(after + 60_000);
    }
    const visit = lines.find((line) => String(line.msg).startsWith('visit at '))!;
    expect(visit).toMatchObject({ transaction_id: '123456789012', order: 987654321098 });
    expect(Number(String(visit.msg).slice('visit at '.length))).toBeGreaterThanOrEqual(before);
    expect(lines.find((line) => line.msg === 'a card number logged as a number')).toMatchObject({
      amount: '4111********1111',
      detail: 'card 4111********1111',
    });
    expect(lines.find((line) => line.msg === 'kiosk page error')!.message).toMatch(
      /^TypeError at \d{13} with 4111\*{8}1111$/,
    );
    expect(JSON.stringify(bundle)).not.toContain(EMAIL);
  });

  it('keeps every line JSON when a timing reads like a card number', async () => {
    const { app, support } = await setup();
    app.log.info({ responseTime: 378282246310005.5 }, 'request completed');
    const bundle = (await support.inject({ method: 'GET', url: '/support/bundle', headers: auth })).json();
    const lines = (bundle.log_lines as string[]).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({ responseTime: 378282246310005.5 });
  });

  it('holds no address, gate or access code, user token or free text, in fields or in logged URLs', async () => {
    const { app, support } = await setup();
    const markers = {
      mailing_address1: 'MARKER-street-4471-Larkspur',
      accessCode: 'MARKER-access-5c0d2f',
      gatecode: 'MARKER-gate-7e31a9',
      user_token: 'MARKER-user-token-6a1e0d',
      notes: 'MARKER-notes-leave-by-the-back-door',
    };
    app.log.warn({ form: markers }, 'the operator refused the call');
    app.log.warn(
      { url: `/api/v1/validate-gatecode/?gatecode=${markers.gatecode}&user_token=${markers.user_token}` },
      'request failed',
    );
    const response = await support.inject({ method: 'GET', url: '/support/bundle', headers: auth });
    expect(response.body).toContain('the operator refused the call');
    for (const [field, marker] of Object.entries(markers)) expect(response.body, field).not.toContain(marker);
  });

  it('is rate limited on its own (429 with a message and Retry-After)', async () => {
    const { support } = await setup();
    let last = await support.inject({ method: 'GET', url: '/support/bundle', headers: auth });
    for (let i = 0; i < 10 && last.statusCode === 200; i += 1) {
      last = await support.inject({ method: 'GET', url: '/support/bundle', headers: auth });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.any(String),
      reason: 'rate-limited',
    });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Probes are not held back by the bundle's limit.
    expect((await support.inject({ method: 'GET', url: '/health/live', headers: auth })).statusCode).toBe(200);
  });
});
