import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LOG_LIMITS } from '@kiosk/shared-types';
import {
  buildServiceApp,
  eventually,
  startFakeLoggingApp,
  type FakeLoggingApp,
} from '../test-helpers/fake-services.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function setup(): Promise<{ app: FastifyInstance; logging: FakeLoggingApp }> {
  const logging = await startFakeLoggingApp();
  cleanups.push(() => logging.close());
  const app = await buildServiceApp({
    plugins: ['logs'],
    traceId: 'trace-abc',
    config: { logUrl: logging.url, logBatchMs: 20, facilityId: 'demo', releaseStage: 'staging' },
  });
  cleanups.push(() => app.close());
  await app.ready();
  return { app, logging };
}

const event = { event_name: 'Navigation next', action: 'next', active_section: 'info' };

describe('POST /log', () => {
  it('takes one event or a batch, and ships them masked with kiosk, level, time, facility and trace id', async () => {
    const { app, logging } = await setup();
    const one = await app.inject({
      method: 'POST',
      url: '/log',
      payload: { ...event, data: { cc_number: '4111111111111111', cvv: '123' } },
    });
    expect(one.statusCode).toBe(202);
    expect(one.json()).toEqual({ accepted: 1 });
    const many = await app.inject({
      method: 'POST',
      url: '/log',
      payload: [event, { ...event, action: 'back', log_level: 'warn' }],
    });
    expect(many.json()).toEqual({ accepted: 2 });

    const shipped = await logging.waitForEntries(3);
    expect(shipped[0]).toEqual({
      component: 'kiosk',
      log_level: 'info',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      event_name: 'Navigation next',
      log: {
        session_id: 'trace-abc',
        action: 'next',
        active_section: 'info',
        facility_id: 'demo',
        release_stage: 'staging',
        data: { cc_number: '4111********1111', cvv: '[removed]' },
      },
    });
    expect(shipped.map((entry) => [entry.log.action, entry.log_level])).toEqual([
      ['next', 'info'],
      ['next', 'info'],
      ['back', 'warn'],
    ]);
    await eventually(() => app.logPipeline.stats().shipped === 3);
    expect(await app.metrics.registry.getSingleMetricAsString('kiosk_log_events_total')).toMatch(
      /stage="shipped"[^}]*\} 3/,
    );
  });

  it('ships no address, gate or access code, one-time code, token or free text a UI event carried', async () => {
    const { app, logging } = await setup();
    const markers = {
      mailing_address1: 'MARKER-street-4471-Larkspur',
      secondary_contact_address2: 'MARKER-apartment-9b7e',
      accessCode: 'MARKER-access-5c0d2f',
      gatecode: 'MARKER-gate-7e31a9',
      gate_code: 'MARKER-gate-code-1f8a',
      otp: 'MARKER-otp-2b8f4c',
      user_token: 'MARKER-user-token-6a1e0d',
      notes: 'MARKER-notes-leave-by-the-back-door',
      other_vehicle_describe: 'MARKER-vehicle-blue-boat-trailer',
    };
    const posted = await app.inject({
      method: 'POST',
      url: '/log',
      payload: {
        ...event,
        data: {
          model: { ...markers, tenant_first_name: 'Ada', unit_no: 'B-10' },
          request: `/api/v1/validate-gatecode/?gatecode=${markers.gatecode}&user_token=${markers.user_token}`,
        },
      },
    });
    expect(posted.statusCode).toBe(202);
    const [shipped] = await logging.waitForEntries(1);
    const text = JSON.stringify(shipped);
    for (const [field, marker] of Object.entries(markers)) expect(text, field).not.toContain(marker);
    expect(shipped!.log.data).toMatchObject({
      model: { mailing_address1: '[removed]', gatecode: '[removed]', tenant_first_name: 'Ada', unit_no: 'B-10' },
      request: '/api/v1/validate-gatecode/?gatecode=[removed]&user_token=[removed]',
    });
  });

  it.each([
    ['malformed JSON', '{"event_name":', 'application/json', 400],
    ['a missing field', JSON.stringify({ event_name: 'x', action: 'y' }), 'application/json', 400],
    ['a wrong type', JSON.stringify({ ...event, log_level: 'loud' }), 'application/json', 400],
    ['an empty session id', JSON.stringify({ ...event, session_id: '' }), 'application/json', 400],
    ['an empty batch', '[]', 'application/json', 400],
    ['a number', '42', 'application/json', 400],
    [
      'too many events',
      JSON.stringify(Array.from({ length: LOG_LIMITS.maxEventsPerPost + 1 }, () => event)),
      'application/json',
      400,
    ],
    [
      'an oversize body',
      JSON.stringify({ ...event, data: { blob: 'x'.repeat(LOG_LIMITS.maxBodyBytes) } }),
      'application/json',
      413,
    ],
    ['plain text', 'event_name=x', 'text/plain', 415],
    ['plain text that is JSON', JSON.stringify(event), 'text/plain;charset=UTF-8', 415],
    ['a form', 'event_name=x', 'application/x-www-form-urlencoded', 415],
    ['an unknown content type', '<event/>', 'application/xml', 415],
  ])('rejects %s with a 4xx JSON error and ships nothing', async (_case, payload, contentType, status) => {
    const { app, logging } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: '/log',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      statusCode: status,
      error: expect.any(String),
      message: expect.any(String),
    });
    expect(app.logPipeline.stats().accepted).toBe(0);
    expect(logging.posts).toBe(0);
    expect(await app.metrics.registry.getSingleMetricAsString('kiosk_log_events_total')).toContain('stage="rejected"');
  });

  it('names the problem in the message', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: '/log',
      payload: [event, { event_name: 'x', active_section: 'y' }],
    });
    expect(response.json().message).toMatch(/action/);
  });

  it('says a log event must be JSON when it comes as anything else', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: '/log',
      payload: 'event_name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Log events must be sent as JSON (content-type application/json).');
  });
});

describe('POST /log never echoes or logs the body of a bad request', () => {
  it('a malformed body holding a card number gets a fixed message', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: '/log',
      payload: 'x4111111111111111',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('4111');
    expect(response.json().message).toMatch(/not valid JSON/);
  });
});
