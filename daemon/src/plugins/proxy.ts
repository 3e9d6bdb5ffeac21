import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPSTREAM_DOWN_MESSAGE, UPSTREAM_TIMEOUT_MESSAGE, matchApiRoute, type ApiRouteName } from '@kiosk/shared-types';
import { sendDaemonError } from './error-handler.js';
import { classifyUpstreamError, upstreamHeaders } from './upstream.js';

/**
 * `/api/<path>?<query>` → `${KIOSK_UPSTREAM_URL}/<path>?<query>` for the calls on the allow-list
 * (API_ROUTES) only. The browser never sees or sets the API key: the daemon strips any key, date
 * or trace header the browser sent and adds its own. Bodies stream both ways; the request body is
 * counted against KIOSK_BODY_LIMIT_BYTES whatever content-length claims.
 *
 * Request headers forwarded (an allow-list, so hop-by-hop headers, host, cookie, origin, referer,
 * user-agent and accept-encoding never leave the PC): content-type, content-length, accept,
 * accept-language, authorization (the passport token) and the app's own `x-*` headers (the
 * identity-provider token), except the key/date/trace names and x-forwarded-*. Response headers
 * passed back: status, content-type, content-length, content-encoding, content-disposition,
 * cache-control; never set-cookie.
 *
 * Hot path: no regex is built per request, no body is parsed, one object of headers is built.
 */

export const NOT_ALLOWED_MESSAGE = 'This call is not allowed from the kiosk.';
export const TOO_LARGE_MESSAGE = 'The request body is too large for the kiosk to send.';

const PREFIX_LENGTH = '/api/'.length;

/** Characters that must never reach the upstream path, even when percent-encoded. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Whether a path (no leading slash, no query) is safe to hold against the allow-list: no `..`,
 * no empty segment, no backslash, no encoded slash or backslash, no control character, and it
 * decodes cleanly.
 */
export function isSafeApiPath(path: string): boolean {
  if (path === '' || path.includes('..') || path.includes('//') || path.includes('\\') || path.startsWith('/'))
    return false;
  if (!path.includes('%')) return true;
  if (ENCODED_SEPARATOR.test(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return (
    !decoded.includes('..') && !decoded.includes('//') && !decoded.includes('\\') && !CONTROL_CHARACTER.test(decoded)
  );
}

/** The allow-listed route for this request, or undefined (never forwarded). */
export function allowedApiRoute(method: string, path: string): ApiRouteName | undefined {
  return isSafeApiPath(path) ? matchApiRoute(method, path) : undefined;
}

/** `x-*` browser headers that are never forwarded: the daemon sets the first three itself. */
const ALWAYS_BLOCKED = [
  'x-api-key',
  'x-date',
  'x-trace-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
];

class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
}

/** Passes the request body through, failing as soon as it exceeds the limit. */
async function* limitedBody(stream: Readable, limit: number, state: { tooLarge: boolean }): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) {
      state.tooLarge = true;
      throw new BodyTooLarge(`Request body over ${limit} bytes`);
    }
    yield chunk;
  }
}

/** Upstream answers up to this size (with a content-length) are read whole, then sent in one write. */
const BUFFERED_BODY_MAX_BYTES = 64 * 1024;

const RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'cache-control',
] as const;

export default fp(
  async (app) => {
    const config = app.config;
    const limit = config.bodyLimitBytes;
    const { pool, basePath } = app.upstream;
    const metrics = app.metrics;
    const blocked = new Set([
      ...ALWAYS_BLOCKED,
      config.headerNames.apiKey,
      config.headerNames.date,
      config.headerNames.traceId,
    ]);

    const forwardable = (name: string): boolean =>
      name === 'content-type' ||
      name === 'accept' ||
      name === 'accept-language' ||
      name === 'authorization' ||
      (name.charCodeAt(0) === 120 /* x */ && name.charCodeAt(1) === 45 /* - */ && !blocked.has(name));

    async function forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const started = performance.now();
      const method = request.method;
      const rawUrl = request.raw.url as string;
      const queryAt = rawUrl.indexOf('?');
      const apiPath = queryAt === -1 ? rawUrl.slice(PREFIX_LENGTH) : rawUrl.slice(PREFIX_LENGTH, queryAt);
      const route = allowedApiRoute(method, apiPath);
      if (route === undefined) {
        metrics.proxyRequests.inc({ route: 'not-allowed', method, status: '404' });
        return sendDaemonError(reply, 404, NOT_ALLOWED_MESSAGE);
      }

      const incoming = request.headers;
      const payload = request.body as Readable | undefined;
      const declaredLength = incoming['content-length'];
      if (payload != null && declaredLength !== undefined && Number(declaredLength) > limit) {
        metrics.proxyRequests.inc({ route, method, status: '413' });
        return sendDaemonError(reply.header('connection', 'close'), 413, TOO_LARGE_MESSAGE);
      }
      if (pool === null) return fail(reply, route, method, 'down');

      const headers: Record<string, string | string[] | undefined> = upstreamHeaders(config, app.upstream.traceId());
      for (const name in incoming) {
        if (forwardable(name)) headers[name] = incoming[name];
      }
      const state = { tooLarge: false };
      let body: AsyncGenerator<Buffer> | undefined;
      if (payload != null) {
        body = limitedBody(payload, limit, state);
        if (declaredLength !== undefined) headers['content-length'] = declaredLength;
      }

      let response: Dispatcher.ResponseData;
      try {
        response = await pool.request({
          path: queryAt === -1 ? basePath + apiPath : basePath + apiPath + rawUrl.slice(queryAt),
          method,
          headers,
          // undici streams any async iterable; its types only list Readable.
          body: (body ?? null) as Readable | null,
        });
      } catch (error) {
        if (state.tooLarge) {
          metrics.proxyRequests.inc({ route, method, status: '413' });
          return sendDaemonError(reply.header('connection', 'close'), 413, TOO_LARGE_MESSAGE);
        }
        const kind = classifyUpstreamError(error) ?? 'down';
        request.log.warn({ route, kind, code: (error as { code?: string }).code }, 'upstream call failed');
        return fail(reply, route, method, kind);
      }

      const status = response.statusCode;
      const upstreamResponseHeaders = response.headers;
      // Most operator answers are small JSON with a length: read them whole and answer with one
      // write (headers and body together) instead of piping a stream, which costs the proxy about
      // a third of its CPU per call. A body that stalls here is answered 504 with the message.
      let whole: Buffer | undefined;
      if (
        status !== 204 &&
        status !== 304 &&
        Number(upstreamResponseHeaders['content-length']) <= BUFFERED_BODY_MAX_BYTES
      ) {
        try {
          whole = Buffer.from(await response.body.arrayBuffer());
        } catch (error) {
          const kind = classifyUpstreamError(error) ?? 'down';
          request.log.warn({ route, kind, code: (error as { code?: string }).code }, 'upstream body failed');
          return fail(reply, route, method, kind);
        }
      }
      metrics.proxyLatency.observe({ route }, (performance.now() - started) / 1000);
      metrics.proxyRequests.inc({ route, method, status: String(status) });
      if (status < 500) metrics.upstreamLastSuccess.set(Date.now() / 1000);
      reply.code(status);
      for (const name of RESPONSE_HEADERS) {
        const value = upstreamResponseHeaders[name];
        if (value !== undefined) reply.header(name, value);
      }
      if (whole !== undefined) return reply.send(whole);
      if (status === 204 || status === 304) {
        await response.body.dump();
        return reply.send();
      }
      // A large or unsized body streams. If it stalls past the timeout: counted here; answered 504
      // by the error handler when nothing was sent yet, else the connection is cut (the headers
      // are already out).
      response.body.once('error', (error) => {
        metrics.upstreamErrors.inc({ route, kind: classifyUpstreamError(error) ?? 'down' });
      });
      return reply.send(response.body);
    }

    function fail(reply: FastifyReply, route: ApiRouteName, method: string, kind: 'down' | 'timeout'): FastifyReply {
      const status = kind === 'timeout' ? 504 : 502;
      metrics.upstreamErrors.inc({ route, kind });
      metrics.proxyRequests.inc({ route, method, status: String(status) });
      return sendDaemonError(reply, status, kind === 'timeout' ? UPSTREAM_TIMEOUT_MESSAGE : UPSTREAM_DOWN_MESSAGE);
    }

    // Own scope so the raw-stream body parser applies to /api/* only.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      scope.route({
        method: ['GET', 'POST', 'PUT', 'DELETE'],
        url: '/api/*',
        // No per-request info lines: query strings carry user tokens and e-mails, and the metrics
        // already count every call. Failures are still logged (warn) by route name only.
        logLevel: 'warn',
        handler: forward,
      });
    });
  },
  { name: 'proxy', fastify: '5.x', dependencies: ['metrics', 'upstream'] },
);
