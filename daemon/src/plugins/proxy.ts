import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ANSWER_FIELDS,
  API_ROUTES,
  ATTEMPTS_STOPPED_REASON,
  ATTEMPTS_WAIT_REASON,
  CREDENTIAL_ROUTES,
  answerForPage,
  buildApiPath,
  isDaemonOnlyRoute,
  isTerminalPurposeRoute,
  FORWARDED_REQUEST_HEADERS,
  UPSTREAM_DOWN_MESSAGE,
  UPSTREAM_FAILED_MESSAGE,
  UPSTREAM_TIMEOUT_MESSAGE,
  UPSTREAM_UNREADABLE_MESSAGE,
  matchApiCall,
  type ApiCall,
  type ApiRouteName,
} from '@kiosk/shared-types';
import { bodyForLog, configuredSecrets } from '../secrets.js';
import { settingsResult } from './facility-state.js';
import { daemonError, sendDaemonError } from './error-handler.js';
import { RouteGate } from './route-gate.js';
import { classifyUpstreamError, requestWithDeadline, upstreamHeaders } from './upstream.js';
import { VISIT_LEARNS, VISIT_SCOPES, formNamesVisit, type CallFields } from '../visit/visit.js';
import { isFormContentType, rewriteForm, singleFields } from '../visit/call-fields.js';

/**
 * `/api/<path>?<query>` → `${KIOSK_UPSTREAM_URL}/<path>?<query>` for the calls on the allow-list
 * (API_ROUTES, each path parameter with its shape) only. The browser never sees or sets the API
 * key: the daemon adds the key, date and trace headers itself. Request bodies stream, counted
 * against KIOSK_BODY_LIMIT_BYTES whatever content-length claims.
 *
 * Request headers forwarded: FORWARDED_REQUEST_HEADERS only (content-type, accept,
 * accept-language, authorization = the passport token, the identity-provider token), plus
 * content-length with a body; every other browser header stays on the PC. Response headers
 * passed back: status, content-type, content-length, content-encoding, content-disposition,
 * cache-control; never set-cookie.
 *
 * Answers: every operator call answers JSON. A 5xx, or a body that is not JSON (an HTML error
 * page, a body cut short), becomes the daemon's own 502 JSON error; the original is logged,
 * masked. Bodies up to BUFFERED_BODY_MAX_BYTES with a length, and unsized ones, are read whole
 * and checked; larger sized bodies (files) stream, and one cut short cuts the connection, which
 * the UI client reports as an unreadable answer.
 *
 * Deadline: KIOSK_UPSTREAM_TIMEOUT_MS bounds the whole wait of a call, from its arrival through
 * queueing for a pooled connection to the last byte of a body read whole (504 after it).
 *
 * The visit (plugins/visit.ts, docs/security.md): a call that acts for a tenant, a unit or an
 * account passes only for the visit in front of the screen (403 with a `reason` otherwise), its
 * form read whole first; a try of a secret passes only within the guessing bounds (429); the
 * answers the visit learns from are handed to it; and every answer reaches the page without the
 * fields it does not show (ANSWER_FIELDS in shared-types).
 *
 * Hot path: no regex is built per request, one object of headers is built, a small body is
 * parsed once to check it is JSON.
 */

export const NOT_ALLOWED_MESSAGE = 'This call is not allowed from the kiosk.';
export const DAEMON_ONLY_MESSAGE = 'Only the kiosk daemon makes this call, never the page.';
export const TOO_LARGE_MESSAGE = 'The request body is too large for the kiosk to send.';

const PREFIX_LENGTH = '/api/'.length;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Whether a path (no leading slash, no query) is safe to hold against the allow-list: no `..`,
 * no empty segment, no backslash, no control character, and it decodes cleanly. (Each
 * parameter's own check, in matchApiCall, refuses encoded dots, slashes and double encoding.)
 */
export function isSafeApiPath(path: string): boolean {
  if (path === '' || path.includes('..') || path.includes('//') || path.includes('\\') || path.startsWith('/'))
    return false;
  if (!path.includes('%')) return true;
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

/** The allow-listed call for this request with its path parameters, or undefined (never forwarded). */
export function allowedApiCall(method: string, path: string): ApiCall | undefined {
  return isSafeApiPath(path) ? matchApiCall(method, path) : undefined;
}

/** The allow-listed route for this request, or undefined (never forwarded). */
export function allowedApiRoute(method: string, path: string): ApiRouteName | undefined {
  return allowedApiCall(method, path)?.name;
}

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

/** Upstream answers up to this size (with a content-length) are read whole, checked, then sent in one write. */
const BUFFERED_BODY_MAX_BYTES = 64 * 1024;
/**
 * An answer without a length is read whole up to this size to check it is complete JSON; a
 * larger one is refused (no operator call answers that much without saying so).
 */
const UNSIZED_BODY_MAX_BYTES = 8 * 1024 * 1024;

/** The body up to max bytes; `complete` false when there was more (the rest is not read). */
async function readUpTo(body: Readable, max: number): Promise<{ bytes: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      return { bytes: Buffer.concat(chunks), complete: false };
    }
    chunks.push(chunk);
  }
  return { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), complete: true };
}

const NOT_JSON = Symbol('not JSON');

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const FIELD_TWICE_MESSAGE = 'A field of this call is given twice.';
const FORM_EXPECTED_MESSAGE = 'This call takes a form-encoded body.';
const ATTEMPTS_WAIT_MESSAGE = 'Too many attempts. Please wait before trying again.';
const ATTEMPTS_STOPPED_MESSAGE = 'Too many attempts. Please see the Facility Manager.';

/** A call the visit checks, learns from, or bounds the guesses of: its fields are read before it goes. */
function isVisitCall(route: ApiRouteName): boolean {
  return VISIT_SCOPES[route] !== undefined || VISIT_LEARNS.has(route) || CREDENTIAL_ROUTES[route] !== undefined;
}

/** An answer read whole and checked whatever its size: it may carry a tenant's data or a code. */
function isPersonalAnswer(route: ApiRouteName): boolean {
  return isVisitCall(route) || ANSWER_FIELDS[route] !== undefined;
}

const RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'cache-control',
] as const;

/**
 * Calls of one route in flight at once. The kiosk's browser opens at most 6 connections to the
 * daemon, so the UI never reaches it; a route whose operator endpoint hangs holds at most this
 * many of the pool's 64 connections and the rest stay free for unrelated calls.
 */
const ROUTE_CONCURRENCY = 16;

type Failure = 'down' | 'timeout' | 'failed' | 'unreadable';

const FAILURE_ANSWER: Record<Failure, { status: number; message: string }> = {
  down: { status: 502, message: UPSTREAM_DOWN_MESSAGE },
  timeout: { status: 504, message: UPSTREAM_TIMEOUT_MESSAGE },
  failed: { status: 502, message: UPSTREAM_FAILED_MESSAGE },
  unreadable: { status: 502, message: UPSTREAM_UNREADABLE_MESSAGE },
};

export default fp(
  async (app) => {
    const config = app.config;
    const limit = config.bodyLimitBytes;
    const timeoutMs = config.upstreamTimeoutMs;
    const { pool, basePath } = app.upstream;
    const metrics = app.metrics;
    const secrets = configuredSecrets(config);
    // A configured key, date or trace header name is the daemon's own even if it is on the list.
    const forwarded = new Set<string>(FORWARDED_REQUEST_HEADERS);
    for (const own of Object.values(config.headerNames)) forwarded.delete(own);

    // The page's own facility-settings call: its answer is kept for the out-of-service screen.
    const ownFacilityPath = buildApiPath('facility', { facility: config.facilityId });

    const gates = new Map(
      (Object.keys(API_ROUTES) as ApiRouteName[]).map((name) => [name, new RouteGate(ROUTE_CONCURRENCY)]),
    );

    async function forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const started = performance.now();
      const method = request.method;
      const rawUrl = request.raw.url as string;
      const queryAt = rawUrl.indexOf('?');
      const apiPath = queryAt === -1 ? rawUrl.slice(PREFIX_LENGTH) : rawUrl.slice(PREFIX_LENGTH, queryAt);
      const call = allowedApiCall(method, apiPath);
      if (call === undefined) {
        metrics.proxyRequests.inc({ route: 'not-allowed', method, status: '404' });
        return sendDaemonError(reply, 404, NOT_ALLOWED_MESSAGE);
      }
      const route = call.name;
      if (isDaemonOnlyRoute(route)) {
        metrics.proxyRequests.inc({ route, method, status: '403' });
        request.log.warn({ route }, 'the page made a call only the daemon makes: refused');
        return sendDaemonError(reply, 403, DAEMON_ONLY_MESSAGE, 'daemon-only');
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
        if (forwarded.has(name)) headers[name] = incoming[name];
      }
      const state = { tooLarge: false };
      let body: AsyncGenerator<Buffer> | Buffer | undefined;
      let fields: CallFields | undefined;
      if (isVisitCall(route)) {
        let bytes: Buffer | undefined;
        if (payload != null) {
          try {
            const chunks: Buffer[] = [];
            for await (const chunk of limitedBody(payload, limit, state)) chunks.push(chunk);
            bytes = Buffer.concat(chunks);
          } catch {
            metrics.proxyRequests.inc({ route, method, status: '413' });
            return sendDaemonError(reply.header('connection', 'close'), 413, TOO_LARGE_MESSAGE);
          }
        }
        const isForm = isFormContentType(incoming['content-type']);
        // A call that names its tenant or account, or may name a terminal payment, in its form is
        // read as a form: a body the daemon does not read could carry them past its check.
        if (
          bytes !== undefined &&
          bytes.length > 0 &&
          !isForm &&
          (formNamesVisit(route) || isTerminalPurposeRoute(route))
        ) {
          metrics.proxyRequests.inc({ route, method, status: '415' });
          return sendDaemonError(reply, 415, FORM_EXPECTED_MESSAGE, 'form-expected');
        }
        const query = singleFields(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1));
        const form = bytes !== undefined && isForm ? singleFields(bytes.toString('utf8')) : {};
        if (query === null || form === null) {
          metrics.proxyRequests.inc({ route, method, status: '400' });
          return sendDaemonError(reply, 400, FIELD_TWICE_MESSAGE, 'field-twice');
        }
        const authorization = incoming.authorization;
        const bearer =
          typeof authorization === 'string' && authorization.startsWith('Bearer ') ? authorization.slice(7) : undefined;
        fields = { params: call.params, query, form, ...(bearer ? { bearer } : {}) };
        const decision = app.visit.check(route, fields, { holdPayment: true });
        if (!decision.allowed) {
          const status = decision.status ?? 403;
          app.visit.refused(route, decision.reason);
          metrics.proxyRequests.inc({ route, method, status: String(status) });
          return sendDaemonError(reply, status, decision.message, decision.reason);
        }
        if (decision.form !== undefined && bytes !== undefined) {
          const rewritten = rewriteForm(bytes.toString('utf8'), decision.form);
          bytes = Buffer.from(rewritten, 'utf8');
          fields = { ...fields, form: singleFields(rewritten) ?? {} };
        }
        if (bytes !== undefined) {
          body = bytes;
          headers['content-length'] = String(bytes.length);
        }
      } else if (payload != null) {
        body = limitedBody(payload, limit, state);
        if (declaredLength !== undefined) headers['content-length'] = declaredLength;
      }

      const attempt = app.visit.beginAttempt(route);
      if (attempt !== undefined && !attempt.verdict.allowed) {
        if (fields !== undefined) app.visit.ended(route, fields, undefined);
        const { stopped, retryAfterMs } = attempt.verdict;
        const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
        metrics.proxyRequests.inc({ route, method, status: '429' });
        if (!stopped || retryAfterMs > 0) reply.header('retry-after', String(seconds));
        return reply
          .code(429)
          .type('application/json; charset=utf-8')
          .send({
            ...daemonError(
              429,
              stopped ? ATTEMPTS_STOPPED_MESSAGE : ATTEMPTS_WAIT_MESSAGE,
              stopped ? ATTEMPTS_STOPPED_REASON : ATTEMPTS_WAIT_REASON,
            ),
            retry_after_seconds: stopped && retryAfterMs === 0 ? 0 : seconds,
          });
      }
      // What the operator answered (undefined: no answer), told once the call ends to the bounds on a
      // try of a secret and to the visit (a terminal payment the call named is used or free again).
      let attemptAnswer: unknown;

      // One deadline for the whole wait, queueing for a connection included: the pool's own
      // headers and body timeouts only start once a connection is free.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      const failure = (error: unknown): 'down' | 'timeout' =>
        deadline.signal.aborted ? 'timeout' : (classifyUpstreamError(error) ?? 'down');
      const gate = gates.get(route)!;
      const entered = gate.enter(deadline.signal);
      if (entered !== true && !(await entered)) {
        clearTimeout(timer);
        if (attempt !== undefined) app.visit.finishAttempt(attempt.kind, route, undefined);
        if (fields !== undefined) app.visit.ended(route, fields, undefined);
        request.log.warn({ route, kind: 'timeout', queued: gate.queued }, 'upstream call waited too long for its turn');
        return fail(reply, route, method, 'timeout');
      }
      let streaming = false;
      const sentAt = Date.now();
      try {
        let response: Dispatcher.ResponseData;
        try {
          response = await requestWithDeadline(
            pool,
            {
              path: queryAt === -1 ? basePath + apiPath : basePath + apiPath + rawUrl.slice(queryAt),
              method: method as Dispatcher.HttpMethod,
              headers,
              // undici streams any async iterable; its types only list Readable.
              body: (body ?? null) as Readable | Buffer | null,
              signal: deadline.signal,
            },
            route,
          );
        } catch (error) {
          if (state.tooLarge) {
            metrics.proxyRequests.inc({ route, method, status: '413' });
            return sendDaemonError(reply.header('connection', 'close'), 413, TOO_LARGE_MESSAGE);
          }
          const kind = failure(error);
          app.upstream.health.failed(error);
          request.log.warn({ route, kind, code: (error as { code?: string }).code }, 'upstream call failed');
          return fail(reply, route, method, kind);
        }
        app.upstream.health.answered(response.headers.date, sentAt, Date.now());

        const status = response.statusCode;
        const upstreamResponseHeaders = response.headers;
        const length = upstreamResponseHeaders['content-length'];
        if (status === 204 || status === 304) {
          await response.body.dump();
          return answer(reply, route, method, started, status, upstreamResponseHeaders).send();
        }

        // Most operator answers are small JSON with a length: read them whole, check them and answer
        // with one write (headers and body together) instead of piping a stream, which costs the
        // proxy about a third of its CPU per call. Unsized and 5xx answers are read whole too.
        const personal = isPersonalAnswer(route);
        if (status >= 500 || length === undefined || Number(length) <= BUFFERED_BODY_MAX_BYTES || personal) {
          let read: { bytes: Buffer; complete: boolean };
          try {
            read = await readUpTo(
              response.body,
              length === undefined || personal ? UNSIZED_BODY_MAX_BYTES : BUFFERED_BODY_MAX_BYTES,
            );
          } catch (error) {
            const kind = failure(error);
            request.log.warn({ route, kind, code: (error as { code?: string }).code }, 'upstream body failed');
            // A body that broke off is an answer the kiosk cannot read, not an unreachable service.
            return fail(reply, route, method, kind === 'timeout' ? 'timeout' : 'unreadable');
          }
          if (status >= 500) {
            request.log.warn({ route, status, body: bodyForLog(read.bytes, secrets) }, 'the operator service failed');
            return fail(reply, route, method, 'failed');
          }
          // A compressed body (the daemon never asks for one) cannot be checked without inflating it:
          // one that may carry a tenant's data or a code is not passed unchecked.
          const encoded = upstreamResponseHeaders['content-encoding'] !== undefined;
          const parsed = read.complete && !encoded ? parseJson(read.bytes) : NOT_JSON;
          if (!read.complete || (encoded && personal) || (!encoded && parsed === NOT_JSON)) {
            request.log.warn(
              { route, status, complete: read.complete, body: bodyForLog(read.bytes, secrets) },
              'the operator answer is not JSON',
            );
            return fail(reply, route, method, 'unreadable');
          }
          if (encoded) {
            return answer(reply, route, method, started, status, upstreamResponseHeaders)
              .header('content-length', read.bytes.length)
              .send(read.bytes);
          }
          attemptAnswer = parsed;
          if (fields !== undefined) app.visit.learn(route, fields, parsed);
          if (route === 'facility' && status === 200 && apiPath === ownFacilityPath)
            void app.facilityState.remember(config.facilityId, settingsResult(parsed));
          const shown = answerForPage(route, parsed);
          const bytes = shown === parsed ? read.bytes : Buffer.from(JSON.stringify(shown), 'utf8');
          return answer(reply, route, method, started, status, upstreamResponseHeaders)
            .header('content-length', bytes.length)
            .send(bytes);
        }

        // A large sized body (a file) streams; undici keeps a per-chunk body timeout. If it stalls or
        // is cut: counted here; answered 504 by the error handler when nothing was sent yet, else the
        // connection is cut (the headers are already out) and never ends as a complete answer.
        streaming = true;
        response.body.once('close', () => gate.leave());
        response.body.once('error', (error) => {
          metrics.upstreamErrors.inc({ route, kind: classifyUpstreamError(error) ?? 'down' });
        });
        return answer(reply, route, method, started, status, upstreamResponseHeaders).send(response.body);
      } finally {
        clearTimeout(timer);
        if (!streaming) gate.leave();
        if (attempt !== undefined) app.visit.finishAttempt(attempt.kind, route, attemptAnswer);
        if (fields !== undefined) app.visit.ended(route, fields, attemptAnswer);
      }
    }

    function answer(
      reply: FastifyReply,
      route: ApiRouteName,
      method: string,
      started: number,
      status: number,
      upstreamResponseHeaders: Dispatcher.ResponseData['headers'],
    ): FastifyReply {
      metrics.proxyLatency.observe({ route }, (performance.now() - started) / 1000);
      metrics.proxyRequests.inc({ route, method, status: String(status) });
      if (status < 500) metrics.upstreamLastSuccess.set(Date.now() / 1000);
      reply.code(status);
      for (const name of RESPONSE_HEADERS) {
        const value = upstreamResponseHeaders[name];
        if (value !== undefined) reply.header(name, value);
      }
      return reply;
    }

    function fail(reply: FastifyReply, route: ApiRouteName, method: string, kind: Failure): FastifyReply {
      const { status, message } = FAILURE_ANSWER[kind];
      metrics.upstreamErrors.inc({ route, kind });
      metrics.proxyRequests.inc({ route, method, status: String(status) });
      return sendDaemonError(reply, status, message);
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
  { name: 'proxy', fastify: '5.x', dependencies: ['metrics', 'upstream', 'facility-state', 'visit'] },
);
