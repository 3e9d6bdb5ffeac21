import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { Pool, type Dispatcher } from 'undici';
import { API_ROUTES, buildApiPath, type ApiRouteName, type RouteParams } from '@kiosk/shared-types';
import type { DaemonConfig } from '../config.js';

/**
 * The daemon's own client of the operator API (hold release, card decrypt), and the shared
 * keep-alive connection pool the /api proxy uses too. Every call carries the three headers the
 * operator API expects: the kiosk API key, the date in epoch seconds and the session's trace id.
 */

export type UpstreamErrorKind = 'down' | 'timeout';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    readonly route: string,
    options?: { cause?: unknown },
  ) {
    super(
      kind === 'timeout' ? `Operator API call ${route} timed out` : `Operator API call ${route} failed: not reachable`,
      options,
    );
    this.name = 'UpstreamError';
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
  /** Shared pool to the upstream origin; null when no upstream is configured. */
  readonly pool: Pool | null;
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
  pool: Pool,
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

/** One keep-alive pool per upstream origin; pipelining 1 (operator APIs are plain HTTP/1.1). */
export function createUpstreamPool(origin: string, config: DaemonConfig): Pool {
  return new Pool(origin, {
    pipelining: 1,
    connections: 64,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connectTimeout: Math.min(config.upstreamTimeoutMs, 10_000),
    headersTimeout: config.upstreamTimeoutMs,
    bodyTimeout: config.upstreamTimeoutMs,
  });
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
  pool: Pool | null;
  basePath: string;
  traceId: () => string;
  /** A call failed to reach the operator (metrics). */
  onError: (route: string, kind: UpstreamErrorKind) => void;
  /** The operator answered without a server error (metrics). */
  onAnswer: () => void;
}

/** One operator call with the three headers, bounded by the upstream timeout; UpstreamError when not reached. */
export function upstreamCaller(deps: UpstreamCallerDeps): UpstreamService['call'] {
  const { config, pool, basePath } = deps;
  return async (name, params, options = {}) => {
    if (pool === null) {
      deps.onError(name, 'down');
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
    try {
      const response = await requestWithDeadline(
        pool,
        { path, method: API_ROUTES[name].method, headers, body, signal },
        name,
      );
      if (response.statusCode < 500) deps.onAnswer();
      return {
        statusCode: response.statusCode,
        body: await readBody(response.body, response.headers['content-type']),
      };
    } catch (error) {
      const kind = signal.aborted ? 'timeout' : (classifyUpstreamError(error) ?? 'down');
      deps.onError(name, kind);
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
      onError: (route, kind) => app.metrics.upstreamErrors.inc({ route, kind }),
      onAnswer: () => app.metrics.upstreamLastSuccess.set(Date.now() / 1000),
    });

    app.decorate<UpstreamService>('upstream', { call, traceId, pool, basePath });

    app.addHook('onClose', async () => {
      // Session releases run in their own (earlier) onClose hook; give in-flight calls a bounded wait.
      if (pool !== null) await Promise.race([pool.close(), delay(2000)]).finally(() => pool.destroy().catch(() => {}));
    });
  },
  { name: 'upstream', fastify: '5.x', dependencies: ['metrics'] },
);

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
