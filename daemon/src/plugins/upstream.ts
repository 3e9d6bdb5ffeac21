import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import { API_ROUTES, buildApiPath, type ApiRouteName, type RouteParams } from '@kiosk/shared-types';
import type { DaemonConfig } from '../config.js';
import { createOutboundDispatcher, forOrigin } from '../outbound.js';
import { UpstreamHealth, tlsErrorCode } from './upstream-health.js';

/**
 * The daemon's own client of the operator API (hold release, card decrypt), and the shared
 * keep-alive connection pool the /api proxy uses too. Every call carries the three headers the
 * operator API expects: the kiosk API key, the date in epoch seconds and the session's trace id.
 */

export type UpstreamErrorKind = 'down' | 'timeout';

export class UpstreamError extends Error {
  /** The TLS failure (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED...) when that is why it is down. */
  readonly tlsError: string | undefined;

  constructor(
    readonly kind: UpstreamErrorKind,
    readonly route: string,
    options?: { cause?: unknown },
  ) {
    const tlsError = tlsErrorCode(options?.cause);
    super(
      kind === 'timeout'
        ? `Operator API call ${route} timed out`
        : `Operator API call ${route} failed: ${tlsError === undefined ? 'not reachable' : `TLS ${tlsError}`}`,
      options,
    );
    this.name = 'UpstreamError';
    this.tlsError = tlsError;
  }
}

export interface UpstreamCallOptions {
  query?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  /** Headers of this call besides the three the operator expects (the outbox's idempotency key). */
  headers?: Record<string, string>;
  /** Send this trace id instead of the current one (an outbox call keeps the session it belongs to). */
  traceId?: string;
}

export interface UpstreamResponse {
  statusCode: number;
  /** Parsed JSON when the upstream answered JSON, else the text. */
  body: unknown;
}

export interface UpstreamService {
  call<N extends ApiRouteName>(
    name: N,
    params: RouteParams<N>,
    options?: UpstreamCallOptions,
  ): Promise<UpstreamResponse>;
  /** The trace id sent right now: the session's, or the kiosk-level one outside a session. */
  traceId(): string;
  /** Shared keep-alive pool to the upstream origin (paths only); null when no upstream is configured. */
  readonly pool: Dispatcher | null;
  /** TLS, certificate and clock readings of the operator's answers (upstream-health.ts). */
  readonly health: UpstreamHealth;
  /** Path prefix of the upstream base URL, ending in '/' (e.g. '/api/v1/'). */
  readonly basePath: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamService;
  }
}

/** The three headers the operator API expects on every call. */
export function upstreamHeaders(config: DaemonConfig, traceId: string): Record<string, string> {
  return {
    [config.headerNames.apiKey]: config.apiKey,
    [config.headerNames.date]: String(Math.floor(Date.now() / 1000)),
    [config.headerNames.traceId]: traceId,
  };
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const DOWN_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_INFO',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'HPE_INVALID_CONSTANT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
]);

/**
 * Whether an error came from talking to the upstream, and which kind: a slow upstream (headers or
 * body not in time) is 'timeout'; refused, reset, unresolvable or garbled is 'down'.
 * Undefined for anything else (a bug of ours, a client that went away).
 */
export function classifyUpstreamError(error: unknown): UpstreamErrorKind | undefined {
  if (error instanceof UpstreamError) return error.kind;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (DOWN_CODES.has(code) || code.startsWith('HPE_')) return 'down';
  return undefined;
}

/**
 * pool.request, answered by the deadline's signal too: undici only acts on an abort once the
 * request has a connection, so a call queued behind busy connections would otherwise wait past
 * its deadline. When the signal fires first this rejects at once (a timeout) and undici drops the
 * request, unsent, when a connection frees.
 */
export function requestWithDeadline(
  pool: Dispatcher,
  options: Dispatcher.RequestOptions & { signal: AbortSignal },
  route: string,
): Promise<Dispatcher.ResponseData> {
  const sent = pool.request(options);
  const { signal } = options;
  return new Promise((resolve, reject) => {
    const expire = (): void => reject(new UpstreamError('timeout', route));
    if (signal.aborted) expire();
    else signal.addEventListener('abort', expire, { once: true });
    sent.then(
      (response) => {
        signal.removeEventListener('abort', expire);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', expire);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The keep-alive pool to the upstream origin, through the outbound dispatcher (private CA, proxy);
 * pipelining 1 (operator APIs are plain HTTP/1.1).
 */
export function createUpstreamPool(origin: string, config: DaemonConfig): Dispatcher {
  const dispatcher = createOutboundDispatcher(config, {
    pipelining: 1,
    connections: 64,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connectTimeoutMs: Math.min(config.upstreamTimeoutMs, 10_000),
    headersTimeout: config.upstreamTimeoutMs,
    bodyTimeout: config.upstreamTimeoutMs,
  });
  return forOrigin(dispatcher, origin);
}

export function splitBase(upstreamUrl: string): { origin: string; basePath: string } {
  const url = new URL(upstreamUrl);
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return { origin: url.origin, basePath: path };
}

async function readBody(
  body: { text(): Promise<string> },
  contentType: string | string[] | undefined,
): Promise<unknown> {
  const text = await body.text();
  const type = Array.isArray(contentType) ? contentType[0] : contentType;
  if (type !== undefined && type.includes('json') && text !== '') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export interface UpstreamCallerDeps {
  config: DaemonConfig;
  pool: Dispatcher | null;
  basePath: string;
  traceId: () => string;
  /** A call failed to reach the operator (metrics; the error names a TLS failure for health). */
  onError: (route: string, kind: UpstreamErrorKind, error: unknown) => void;
  /** The operator answered without a server error (metrics). */
  onAnswer: () => void;
  /** Any answer, with its Date header and when the call was sent and answered (the clock offset). */
  onResponse?: (date: string | undefined, sentAt: number, receivedAt: number) => void;
}

/** One operator call with the three headers, bounded by the upstream timeout; UpstreamError when not reached. */
export function upstreamCaller(deps: UpstreamCallerDeps): UpstreamService['call'] {
  const { config, pool, basePath } = deps;
  return async (name, params, options = {}) => {
    if (pool === null) {
      deps.onError(name, 'down', undefined);
      throw new UpstreamError('down', name, { cause: new Error('No upstream is configured (KIOSK_UPSTREAM_URL)') });
    }
    let path = basePath + buildApiPath(name, params);
    if (options.query !== undefined) {
      const query = new URLSearchParams(options.query).toString();
      if (query !== '') path += `?${query}`;
    }
    const headers: Record<string, string> = {
      ...options.headers,
      ...upstreamHeaders(config, options.traceId ?? deps.traceId()),
      accept: 'application/json',
    };
    let body: string | undefined;
    if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    // The same bound as a browser call through the proxy: queueing and the body included.
    const signal = AbortSignal.timeout(config.upstreamTimeoutMs);
    const sentAt = Date.now();
    try {
      const response = await requestWithDeadline(
        pool,
        { path, method: API_ROUTES[name].method, headers, body, signal },
        name,
      );
      deps.onResponse?.(response.headers.date as string | undefined, sentAt, Date.now());
      if (response.statusCode < 500) deps.onAnswer();
      return {
        statusCode: response.statusCode,
        body: await readBody(response.body, response.headers['content-type']),
      };
    } catch (error) {
      const kind = signal.aborted ? 'timeout' : (classifyUpstreamError(error) ?? 'down');
      deps.onError(name, kind, error);
      throw new UpstreamError(kind, name, { cause: error });
    }
  };
}

export default fp(
  async (app) => {
    const config = app.config;
    const kioskTraceId = `kiosk-${randomUUID()}`;
    const target = config.upstreamUrl === null ? null : splitBase(config.upstreamUrl);
    const pool = target === null ? null : createUpstreamPool(target.origin, config);
    const basePath = target?.basePath ?? '/';
    const health = new UpstreamHealth(target?.origin ?? null, app.metrics);

    // The session plugin registers after this one; read it at call time.
    const traceId = (): string => {
      const session = (app as { session?: { traceId(): string } }).session;
      return session === undefined ? kioskTraceId : session.traceId();
    };

    const call = upstreamCaller({
      config,
      pool,
      basePath,
      traceId,
      onError: (route, kind, error) => {
        if (error !== undefined) health.failed(error);
        app.metrics.upstreamErrors.inc({ route, kind });
      },
      onAnswer: () => app.metrics.upstreamLastSuccess.set(Date.now() / 1000),
      onResponse: (date, sentAt, receivedAt) => health.answered(date, sentAt, receivedAt),
    });

    app.decorate<UpstreamService>('upstream', { call, traceId, pool, basePath, health });

    app.addHook('onClose', async () => {
      health.close();
      // Session releases run in their own (earlier) onClose hook; give in-flight calls a bounded wait.
      if (pool !== null) await Promise.race([pool.close(), delay(2000)]).finally(() => pool.destroy().catch(() => {}));
    });
  },
  { name: 'upstream', fastify: '5.x', dependencies: ['metrics'] },
);

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
