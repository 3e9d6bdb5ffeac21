import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test-helpers/build-test-app.js';
import { seatVisitor } from '../test-helpers/seat-visitor.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';

const TENANT_DETAILS = '/api/facilities/demo/get-user-details/';
const CACHEABLE = { 'cache-control': 'public, max-age=600', expires: 'Thu, 01 Jan 2099 00:00:00 GMT' };

function builtUi(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-ui-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-4f2a9c.js'), 'console.log(1)');
  return dir;
}

describe('no visitor answer is cacheable', () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    app = await buildTestApp({ upstreamUrl: upstream.url, apiKey: 'test-key', uiDir: builtUi() });
    seatVisitor(app, { userToken: 'abc', tenant: 't-1', units: [] });
  });
  afterEach(() => upstream.reset());
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('a proxied operator answer goes out no-store even when the operator says max-age', async () => {
    upstream.respond((_request, res) =>
      upstream.json(
        res,
        200,
        { application_data: { status: 'ok', result: { email: 'tenant@example.com' } } },
        CACHEABLE,
      ),
    );
    const response = await app.inject({ method: 'GET', url: `${TENANT_DETAILS}?user_token=abc` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ application_data: { status: 'ok', result: { email: 'tenant@example.com' } } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('so does a large answer that streams, and an operator error', async () => {
    upstream.respond(upstream.bigBody(200 * 1024));
    const big = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(big.rawPayload).toHaveLength(200 * 1024);
    expect(big.headers['cache-control']).toBe('no-store');

    upstream.respond((_request, res) => upstream.json(res, 400, { application_data: { status: 'error' } }, CACHEABLE));
    const failed = await app.inject({ method: 'GET', url: `${TENANT_DETAILS}?user_token=abc` });
    expect(failed.statusCode).toBe(400);
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it("the daemon's own answers about the session and the visitor are no-store", async () => {
    for (const url of ['/session/holds', '/device/card/health', '/api/not/on/the/list', '/session/nothing-here']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const log = await app.inject({ method: 'POST', url: '/log', payload: 'not json' });
    expect(log.statusCode).toBeGreaterThanOrEqual(400);
    expect(log.headers['cache-control']).toBe('no-store');
  });

  it('pages are no-store; content-hashed assets keep their long caching', async () => {
    const page = await app.inject({ method: 'GET', url: '/demo' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');

    const asset = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the events upgrade is no-store', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/events`, { origin: address });
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      socket.once('upgrade', (response) => resolve(response.headers));
      socket.once('error', reject);
    });
    expect(headers['cache-control']).toBe('no-store');
    socket.terminate();
  });
});
