import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  UPSTREAM_DOWN_MESSAGE,
  UPSTREAM_FAILED_MESSAGE,
  UPSTREAM_TIMEOUT_MESSAGE,
  UPSTREAM_UNREADABLE_MESSAGE,
} from '@kiosk/shared-types';
import { buildCoreApp } from '../test-helpers/core-app.js';
import { closedPort, startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { seatVisitor } from '../test-helpers/seat-visitor.js';

const API_KEY = 'kiosk-secret-key-1f0c';

function expectNoKey(response: { body: string; headers: object }): void {
  expect(response.body).not.toContain(API_KEY);
  expect(JSON.stringify(response.headers)).not.toContain(API_KEY);
}

interface RawResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over a real socket with the path exactly as written (app.inject would normalise dot segments). */
function rawRequest(
  port: number,
  method: string,
  path: string,
  chunks: Buffer[] = [],
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('/api proxy', () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    ({ app } = await buildCoreApp({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      upstreamTimeoutMs: 300,
      bodyLimitBytes: 4096,
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterEach(() => upstream.reset());
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('adds the API key, the date in epoch seconds and the session trace id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/configuration/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ application_data: { status: 'ok', result: {} } });
    const [seen] = upstream.requests;
    expect(seen?.method).toBe('GET');
    expect(seen?.path).toBe('facilities/demo/configuration/');
    expect(seen?.headers['x-api-key']).toBe(API_KEY);
    expect(Math.abs(Number(seen?.headers['x-date']) - Date.now() / 1000)).toBeLessThan(5);
    expect(seen?.headers['x-trace-id']).toBe(app.session.traceId());
    expectNoKey(response);
  });

  it('replaces whatever key, date and trace id the browser sent, and drops its cookies', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/facilities/demo/amenities/',
      headers: {
        'x-api-key': 'browser-key',
        'x-date': '1',
        'x-trace-id': 'browser-trace',
        cookie: 'kiosk_spaces=abc',
        'x-identity-token': 'idp-1',
      },
    });
    const seen = upstream.requests[0]!;
    expect(seen.headers['x-api-key']).toBe(API_KEY);
    expect(seen.headers['x-date']).not.toBe('1');
    expect(seen.headers['x-trace-id']).toBe(app.session.traceId());
    expect(seen.headers.cookie).toBeUndefined();
    expect(JSON.stringify(seen.headers)).not.toContain('browser-key');
    // The app's own headers (identity-provider token) still reach the upstream.
    expect(seen.headers['x-identity-token']).toBe('idp-1');
  });

  it('forwards only the listed browser headers: method-override, URL-rewrite and other x- headers stay on the PC', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/facilities/demo/configuration/',
      headers: {
        'x-http-method-override': 'DELETE',
        'x-http-method': 'DELETE',
        'x-method-override': 'DELETE',
        'x-original-url': '/admin',
        'x-rewrite-url': '/admin',
        'x-forwarded-prefix': '/admin',
        'x-anything': 'value',
        forwarded: 'for=1.2.3.4',
        via: '1.1 browser',
        accept: 'application/json',
        'accept-language': 'en-US',
        authorization: 'Bearer passport-1',
        'x-identity-token': 'idp-1',
      },
    });
    expect(response.statusCode).toBe(200);
    const seen = upstream.requests[0]!;
    expect(seen.method).toBe('GET');
    expect(seen.path).toBe('facilities/demo/configuration/');
    for (const name of [
      'x-http-method-override',
      'x-http-method',
      'x-method-override',
      'x-original-url',
      'x-rewrite-url',
      'x-forwarded-prefix',
      'x-anything',
      'forwarded',
      'via',
    ]) {
      expect(seen.headers[name], name).toBeUndefined();
    }
    expect(seen.headers.accept).toBe('application/json');
    expect(seen.headers['accept-language']).toBe('en-US');
    expect(seen.headers.authorization).toBe('Bearer passport-1');
    expect(seen.headers['x-identity-token']).toBe('idp-1');
    expect(seen.headers['x-api-key']).toBe(API_KEY);
  });

  it('forwards the query string and a form body byte for byte', async () => {
    const query = 'facility_id=demo&unit_ids=%5B1%2C2%5D&note=a+b%20c&empty=';
    const form = 'facility_id=demo&space_id=1042&hold_token=t%2Bk%3D%3D&tenant_info=%7B%22a%22%3A1%7D';
    const response = await app.inject({
      method: 'POST',
      url: `/api/facilities/demo/spaces/1042/hold/?${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    const seen = upstream.requests[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.path).toBe('facilities/demo/spaces/1042/hold/');
    expect(seen.query).toBe(query);
    expect(seen.bodyText).toBe(form);
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('forwards a JSON body and a PUT', async () => {
    const body = JSON.stringify({ dossier_id: 'd1', status: 'verified', nested: { ok: true } });
    const response = await app.inject({
      method: 'PUT',
      url: '/api/dossiers/d1/',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const seen = upstream.requests[0]!;
    expect(seen.method).toBe('PUT');
    expect(seen.bodyText).toBe(body);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers.accept).toBe('application/json');
  });

  it('forwards a DELETE (cancel autopay)', async () => {
    seatVisitor(app, { tenant: '5501', units: [{ spaceId: '1042' }] });
    const response = await app.inject({ method: 'DELETE', url: '/api/tenant/5501/space/1042/autopay/' });
    expect(response.statusCode).toBe(200);
    expect(upstream.requests[0]?.method).toBe('DELETE');
  });

  it.each([
    ['an unknown path', 'GET', '/api/admin/users/'],
    ['a traversal', 'GET', '/api/facilities/demo/../../admin/'],
    ['an encoded traversal', 'GET', '/api/facilities/%2e%2e/%2e%2e/admin/'],
    ['an encoded slash', 'GET', '/api/facilities/demo%2Fconfiguration/'],
    ['a backslash', 'GET', '/api/facilities/demo%5Cx/configuration/'],
    ['a double slash', 'GET', '/api/facilities//configuration/'],
    ['the wrong method', 'DELETE', '/api/facilities/demo/configuration/'],
    ['a method the proxy never forwards', 'PATCH', '/api/dossiers/d1/'],
    ['a sandbox control route', 'POST', '/api/__sandbox/reset'],
    ['the bare prefix', 'GET', '/api/'],
    ['a double-encoded traversal', 'GET', '/api/facilities/%252e%252e/configuration/'],
    ['a triple-encoded traversal', 'GET', '/api/facilities/%25252e%25252e/configuration/'],
    ['a double-encoded slash', 'GET', '/api/facilities/demo%252Fx/configuration/'],
    ['an encoded dot in a parameter', 'GET', '/api/facilities/demo%2Esmart/configuration/'],
    ['an overlong UTF-8 dot', 'GET', '/api/facilities/%c0%ae%c0%ae/configuration/'],
    ['a space as the facility', 'GET', '/api/facilities/%20/configuration/'],
    ['bad percent encoding', 'GET', '/api/facilities/%zz/configuration/'],
    ['an encoded CR LF in a parameter', 'GET', '/api/tenant/5501%0d%0ax-api-key:%20x/'],
    ['a phone that is not a phone', 'GET', '/api/users/phone/call-me/'],
    ['a facility id with an e-mail sign', 'GET', '/api/facilities/a%40b/configuration/'],
  ])('answers %s with a 404 JSON error and never calls the upstream', async (_label, method, url) => {
    const response = await rawRequest(port, method, url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'This call is not allowed from the kiosk.',
    });
    expect(upstream.requests).toHaveLength(0);
    expectNoKey(response);
  });

  it('answers 413 with a message when the declared body is over the limit, without calling the upstream', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/rental/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a='.padEnd(5000, 'x'),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect(response.json().message).toMatch(/too large/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 413 when content-length lies: bytes are counted', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/rental/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '10' },
      payload: 'a='.padEnd(5000, 'x'),
    });
    expect(response.statusCode).toBe(413);
    expect(upstream.requests.filter((seen) => !seen.aborted && seen.body.length > 4096)).toHaveLength(0);
  });

  it('answers 413 to a chunked body over the limit on a real socket', async () => {
    // No content-length: chunked, 8 KiB in 1 KiB pieces.
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(1024, 'x'));
    const result = await rawRequest(port, 'POST', '/api/facilities/demo/rental/', chunks, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(result.statusCode).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ statusCode: 413 });
    expect(upstream.requests.filter((seen) => !seen.aborted)).toHaveLength(0);
  });

  it('passes an upstream 4xx through with its body', async () => {
    const errorBody = { application_data: { status: 'error', errors: { __all__: ['Invalid username or password'] } } };
    upstream.respond((_request, res) => upstream.json(res, 400, errorBody));
    const response = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody);
    expect(response.headers['content-type']).toBe('application/json');
  });

  it('answers 504 with the timeout message when the upstream does not answer in time', async () => {
    upstream.respond(upstream.hang());
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ statusCode: 504, error: 'Gateway Timeout', message: UPSTREAM_TIMEOUT_MESSAGE });
    expectNoKey(response);
  });

  it('answers 504 when the headers come but the body stalls', async () => {
    upstream.respond(upstream.stallBody());
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(response.statusCode).toBe(504);
    expect(response.json().message).toBe(UPSTREAM_TIMEOUT_MESSAGE);
  });

  it('answers 502 when the upstream drops the connection', async () => {
    upstream.respond(upstream.closeSocket());
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: UPSTREAM_DOWN_MESSAGE });
  });

  it('answers 504 (not a cut connection) when a small body stalls after its first bytes', async () => {
    upstream.respond((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
    });
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(response.statusCode).toBe(504);
    expect(response.json().message).toBe(UPSTREAM_TIMEOUT_MESSAGE);
    upstream.reset();
  });

  it('cuts the connection (no crash, no 500) when a large body stalls after the first bytes were sent', async () => {
    upstream.respond((_request, res) => {
      // Over the size the proxy reads whole: this body streams, so its headers are already out.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * 1024) });
      res.write('{"partial":');
    });
    const outcome = await new Promise<string>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/facilities/demo/spaces/' }, (res) => {
        expect(res.statusCode).toBe(200);
        res.on('data', () => undefined);
        res.on('error', () => resolve('cut'));
        res.on('close', () => resolve(res.complete ? 'complete' : 'cut'));
      });
      req.on('error', () => resolve('cut'));
      req.end();
    });
    expect(outcome).toBe('cut');
    upstream.reset();
    expect((await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' })).statusCode).toBe(200);
  });

  it('survives a browser that gives up while the upstream is still answering', async () => {
    upstream.respond(upstream.delayed(100));
    await new Promise<void>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/facilities/demo/media/' });
      req.on('error', () => resolve());
      req.end();
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 20);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    upstream.reset();
    expect((await app.inject({ method: 'GET', url: '/api/facilities/demo/media/' })).statusCode).toBe(200);
  });

  it.each([
    ['a 500 with an HTML traceback', 500, 'text/html', '<html><body>Traceback: KeyError at /rental/</body></html>'],
    ['a 503 with JSON', 503, 'application/json', '{"detail":"maintenance"}'],
    [
      'a 500 carrying the operator wrapper',
      500,
      'application/json',
      '{"application_data":{"status":"error","message":"Internal"}}',
    ],
  ])("answers %s with the daemon's own 502 and message", async (_label, status, type, body) => {
    upstream.respond((_request, res) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: UPSTREAM_FAILED_MESSAGE });
    expect(response.body).not.toContain('Traceback');
  });

  it.each([
    ['a 200 with an HTML page', 200, 'text/html', '<html><body>Welcome to nginx!</body></html>'],
    ['a 200 saying JSON but sending HTML', 200, 'application/json', '<html>oops</html>'],
    ['a 200 with an empty body', 200, 'application/json', ''],
    ['a 404 page of a gateway', 404, 'text/html', '<h1>Not Found</h1>'],
  ])('answers %s with the daemon\'s 502 "cannot read" message', async (_label, status, type, body) => {
    upstream.respond((_request, res) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: UPSTREAM_UNREADABLE_MESSAGE });
  });

  it('answers an unsized JSON body whole, with its length', async () => {
    const body = JSON.stringify({ application_data: { status: 'ok', result: { spaces: ['A101'] } } });
    upstream.respond((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, 10));
      setTimeout(() => res.end(body.slice(10)), 10);
    });
    const response = await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('never answers a complete 200 when an unsized body is cut mid-stream', async () => {
    upstream.respond((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"application_data":{"status":"ok","result":{"spaces":[');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const response = await rawRequest(port, 'GET', '/api/facilities/demo/spaces/');
    expect(response.statusCode).toBe(502);
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: UPSTREAM_UNREADABLE_MESSAGE,
    });
  });

  it('never answers a complete 200 when a small sized body is cut short', async () => {
    upstream.respond((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
      res.write('{"application_data":{"status":"ok"');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const response = await rawRequest(port, 'GET', '/api/facilities/demo/spaces/');
    expect(response.statusCode).toBe(502);
    expect(JSON.parse(response.body).message).toBe(UPSTREAM_UNREADABLE_MESSAGE);
  });

  it('streams a large upstream body through intact', async () => {
    const size = 3 * 1024 * 1024;
    upstream.respond(upstream.bigBody(size));
    const response = await app.inject({ method: 'GET', url: '/api/owners/demo-owner/files/f1/' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(size);
  });

  it('keeps working after failures (no crash, no leaked state)', async () => {
    upstream.respond(upstream.hang());
    const slow = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/api/facilities/demo/media/' })),
    );
    expect(slow.map((response) => response.statusCode)).toEqual([504, 504, 504]);
    upstream.reset();
    const ok = await app.inject({ method: 'GET', url: '/api/facilities/demo/media/' });
    expect(ok.statusCode).toBe(200);
  });

  it('records requests, latency and upstream errors in the metrics', async () => {
    await app.inject({ method: 'GET', url: '/api/facilities/demo/size-guide/' });
    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/kiosk_proxy_requests_total\{[^}]*route="sizeGuide"[^}]*status="200"[^}]*\} 1/);
    expect(text).toMatch(/kiosk_proxy_request_duration_seconds_count\{[^}]*route="sizeGuide"[^}]*\} 1/);
    expect(text).toMatch(/kiosk_upstream_errors_total\{[^}]*kind="timeout"[^}]*\} [1-9]/);
    expect(text).toMatch(/kiosk_proxy_requests_total\{[^}]*route="not-allowed"[^}]*status="404"/);
  });
});

describe('/api proxy with the upstream down', () => {
  it('answers 502 with the down message, never a 500', async () => {
    const port = await closedPort();
    const { app } = await buildCoreApp({ upstreamUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: API_KEY });
    try {
      for (const url of ['/api/facilities/demo/configuration/', '/api/facilities/demo/spaces/']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: UPSTREAM_DOWN_MESSAGE });
        expectNoKey(response);
      }
      const post = await app.inject({
        method: 'POST',
        url: '/api/facilities/demo/release-space/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'facility_id=demo&space_id=1&hold_token=t',
      });
      expect(post.statusCode).toBe(502);
    } finally {
      await app.close();
    }
  });
});

describe('/api proxy deadline', () => {
  it('answers a call waiting for a pooled connection 504 at its deadline instead of sending it late', async () => {
    const upstream = await startRecordingUpstream();
    upstream.respond(upstream.hang());
    const { app } = await buildCoreApp({ upstreamUrl: upstream.url, apiKey: API_KEY, upstreamTimeoutMs: 300 });
    // Other calls hold every pooled connection for far longer than the timeout.
    const occupants = new AbortController();
    const held = Array.from({ length: 64 }, () =>
      app.upstream
        .pool!.request({ path: '/api/v1/held/', method: 'GET', headersTimeout: 60_000, signal: occupants.signal })
        .catch(() => undefined),
    );
    try {
      await upstream.waitForRequests(64);
      upstream.respond((_request, res) => upstream.json(res, 200, { application_data: { status: 'ok', result: {} } }));
      const queued = await app.inject({ method: 'GET', url: '/api/facilities/demo/configuration/' });
      expect(queued.statusCode).toBe(504);
      expect(queued.json().message).toBe(UPSTREAM_TIMEOUT_MESSAGE);
      // It never went out later, when the visitor had been told it failed.
      occupants.abort();
      await Promise.all(held);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(upstream.requests.filter((seen) => seen.path === 'facilities/demo/configuration/')).toHaveLength(0);
    } finally {
      occupants.abort();
      await app.close();
      await upstream.close();
    }
  });
});
