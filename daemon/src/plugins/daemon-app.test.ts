import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test-helpers/build-test-app.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';

const API_KEY = 'whole-app-secret-key';

/** The whole daemon (every plugin, as app.ts registers them) against the recording upstream. */
describe('daemon app', () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    app = await buildTestApp({ upstreamUrl: upstream.url, apiKey: API_KEY, upstreamTimeoutMs: 300 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('proxies an allowed call with the three headers and the session trace id', async () => {
    app.session.handleClientEvent({ type: 'activity', section: 'rent', loggedIn: false, dossierPolling: false });
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/?status=available' });
    expect(response.statusCode).toBe(200);
    const seen = upstream.requests.at(-1)!;
    expect(seen.query).toBe('status=available');
    expect(seen.headers['x-api-key']).toBe(API_KEY);
    expect(seen.headers['x-trace-id']).toBe(app.session.snapshot().traceId);
    expect(response.body).not.toContain(API_KEY);
    expect(JSON.stringify(response.headers)).not.toContain(API_KEY);
  });

  it('never forwards a call off the allow-list', async () => {
    const before = upstream.requests.length;
    const response = await app.inject({ method: 'GET', url: '/api/__sandbox/reset' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This call is not allowed from the kiosk.');
    expect(upstream.requests).toHaveLength(before);
  });

  it('answers 504 as JSON when the upstream hangs', async () => {
    upstream.respond(upstream.hang());
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/amenities/' });
    upstream.reset();
    expect(response.statusCode).toBe(504);
  });

  it('keeps the daemon endpoints as JSON and the rest as the UI', async () => {
    expect((await app.inject({ method: 'GET', url: '/session/holds' })).json()).toEqual({ holds: [] });
    const missing = await app.inject({ method: 'GET', url: '/device/not-a-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusCode).toBe(404);
    // No UI built in tests (uiDir ''): the UI paths say so.
    expect((await app.inject({ method: 'GET', url: '/demo' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/time/' })).body).toMatch(/^\d+$/);
  });
});
