import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildCoreApp, type FakeEvents } from '../test-helpers/core-app.js';
import {
  startRecordingUpstream,
  type RecordedRequest,
  type RecordingUpstream,
} from '../test-helpers/recording-upstream.js';

const API_KEY = 'session-test-key';
const hold = { facility_id: 'demo', space_id: '1042', hold_token: 'tok-secret-1' };

function releaseBody(request: RecordedRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request?.bodyText ?? ''));
}

function releases(upstream: RecordingUpstream): RecordedRequest[] {
  return upstream.requests.filter((request) => request.path === 'facilities/demo/release-space/');
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('session plugin: held spaces', () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;
  let events: FakeEvents;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
  });
  afterEach(async () => {
    await app.close();
    upstream.reset();
  });
  afterAll(async () => {
    await upstream.close();
  });

  async function start(timeScale = 1): Promise<void> {
    ({ app, events } = await buildCoreApp({ upstreamUrl: upstream.url, apiKey: API_KEY, timeScale }));
    await app.ready();
  }

  it('registers a hold and lists it without its token', async () => {
    await start();
    const created = await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ facility_id: 'demo', space_id: '1042' });
    const listed = await app.inject({ method: 'GET', url: '/session/holds' });
    expect(listed.json().holds).toHaveLength(1);
    expect(listed.body).not.toContain('tok-secret-1');
    expect(created.body).not.toContain('tok-secret-1');
  });

  it.each([
    ['no token', { facility_id: 'demo', space_id: '1042' }, 'hold_token'],
    ['an empty space id', { ...hold, space_id: '' }, 'space_id'],
    ['a space id with a slash', { ...hold, space_id: '../x' }, 'space_id'],
    ['an object for the token', { ...hold, hold_token: { value: 'x' } }, 'hold_token'],
  ])('answers 400 with a clear message for %s', async (_label, payload, field) => {
    await start();
    const response = await app.inject({ method: 'POST', url: '/session/holds', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.json().message).toContain(field);
    expect(upstream.requests).toHaveLength(0);
  });

  it('DELETE releases now through the upstream release call ("left-screen")', async () => {
    await start();
    await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    const response = await app.inject({ method: 'DELETE', url: '/session/holds/1042' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ space_id: '1042', released: true });
    const [release] = releases(upstream);
    expect(release?.method).toBe('POST');
    expect(release?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(release?.headers['x-api-key']).toBe(API_KEY);
    expect(release?.headers['x-trace-id']).toBe(app.session.traceId());
    expect(releaseBody(release)).toEqual({ facility_id: 'demo', space_id: '1042', hold_token: 'tok-secret-1' });
    expect(events.ofType('hold-released')).toEqual([{ type: 'hold-released', spaceId: '1042', reason: 'left-screen' }]);
    expect((await app.inject({ method: 'GET', url: '/session/holds' })).json().holds).toEqual([]);
  });

  it('DELETE of a space not held is a 404 JSON error', async () => {
    await start();
    const response = await app.inject({ method: 'DELETE', url: '/session/holds/999' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('999');
  });

  it('a new hold releases the previous one ("replaced")', async () => {
    await start();
    await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    await app.inject({
      method: 'POST',
      url: '/session/holds',
      payload: { facility_id: 'demo', space_id: '2001', hold_token: 'tok-2' },
    });
    await upstream.waitForRequests(1);
    expect(releaseBody(releases(upstream)[0])).toEqual({
      facility_id: 'demo',
      space_id: '1042',
      hold_token: 'tok-secret-1',
    });
    expect(events.ofType('hold-released')).toEqual([{ type: 'hold-released', spaceId: '1042', reason: 'replaced' }]);
  });

  it('end-session releases every hold and pushes session-ended', async () => {
    await start();
    events.emit({ type: 'activity', section: 'rent', loggedIn: false, dossierPolling: false });
    await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    events.emit({ type: 'end-session', reason: 'finished' });
    await upstream.waitForRequests(1);
    expect(releaseBody(releases(upstream)[0])).toMatchObject({ space_id: '1042', hold_token: 'tok-secret-1' });
    expect(events.ofType('session-ended')).toEqual([{ type: 'session-ended', reason: 'finished' }]);
    expect(events.ofType('hold-released')[0]?.reason).toBe('session-ended');
  });

  it('a rented space is settled: the session end never releases it', async () => {
    await start();
    events.emit({ type: 'activity', section: 'rent', loggedIn: false, dossierPolling: false });
    await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    const settled = await app.inject({ method: 'POST', url: '/session/holds/1042/settled' });
    expect(settled.json()).toEqual({ space_id: '1042', settled: true });
    events.emit({ type: 'end-session', reason: 'finished' });
    await app.close();
    // Closing the app releases every hold still registered: the settled one is not among them.
    expect(releases(upstream)).toHaveLength(0);
  });

  it('settling a space that is not held is a 404 JSON error', async () => {
    await start();
    const response = await app.inject({ method: 'POST', url: '/session/holds/999/settled' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('999');
  });

  it('releases a hold 15 (scaled) minutes after it was registered, with no browser connected', async () => {
    // 15 min × 0.0005 = 450 ms.
    await start(0.0005);
    await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(releases(upstream)).toHaveLength(0);
    await upstream.waitForRequests(1, 3000);
    expect(releaseBody(releases(upstream)[0])).toEqual({
      facility_id: 'demo',
      space_id: '1042',
      hold_token: 'tok-secret-1',
    });
    expect(events.ofType('hold-released')[0]?.reason).toBe('expired');
  });

  it('an unanswered warning ends the session and releases its hold (scaled time)', async () => {
    // Warning at 150 s × 0.002 = 300 ms, end 60 s × 0.002 = 120 ms later.
    await start(0.002);
    events.emit({ type: 'activity', section: 'rent', loggedIn: false, dossierPolling: false });
    const traceId = app.session.traceId();
    expect(app.session.snapshot()).toMatchObject({ active: true, traceId });
    await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    await until(() => events.ofType('session-ended').length > 0);
    expect(events.ofType('session-warning')).toHaveLength(1);
    expect(events.ofType('session-ended')).toEqual([{ type: 'session-ended', reason: 'idle' }]);
    await upstream.waitForRequests(1);
    expect(releases(upstream)[0]?.headers['x-trace-id']).not.toBe(undefined);
    expect(app.session.traceId()).not.toBe(traceId);
    expect(await app.metrics.registry.metrics()).toMatch(/kiosk_sessions_ended_total\{[^}]*reason="idle"[^}]*\} 1/);
  });

  it('tries to release holds still registered when the app closes', async () => {
    await start();
    await app.inject({ method: 'POST', url: '/session/holds', payload: hold });
    await app.close();
    expect(releases(upstream)).toHaveLength(1);
  });
});
