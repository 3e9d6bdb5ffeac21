import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
} from 'fastify';
import { API_ROUTES } from '@kiosk/shared-types';
import { absolutizeUrls, fail, type SandboxRouteOptions } from './respond.js';
import { SandboxError } from './sandbox-error.js';
import { replayRepeatedKeys } from './idempotency.js';
import assetRoutes from './routes/assets.js';
import billingRoutes from './routes/billing.js';
import cardRoutes from './routes/card.js';
import controlRoutes from './routes/control.js';
import facilityRoutes from './routes/facility.js';
import identityRoutes from './routes/identity.js';
import identityFilesRoutes from './routes/identity-files.js';
import { identityPages } from './routes/identity-pages.js';
import identityProviderRoutes from './routes/identity-provider.js';
import loggingAppRoutes from './routes/logging-app.js';
import merchandiseRoutes from './routes/merchandise.js';
import rentalHoldRoutes from './routes/rental-hold.js';
import rentalDocumentsRoutes from './routes/rental-documents.js';
import rentalGateCodeRoutes from './routes/rental-gate-codes.js';
import rentalMailRoutes from './routes/rental-mails.js';
import tenantAreaRoutes from './routes/tenant-area.js';
import rentalProcessRoutes from './routes/rental-process.js';
import signingPages from './routes/signing-pages.js';
import tenantContactRoutes from './routes/tenant-contact.js';
import terminalPaymentRoutes, { terminalPaymentControls } from './routes/terminal-payments.js';
import usersRoutes from './routes/users.js';
import type { RunningSimulator } from '../devices/device.js';
import { maskedLogger } from '../logger.js';
import { SandboxState, type Clock } from './state.js';

/**
 * The embedded sandbox: a separate Fastify app that plays the operator API (under /api/v1, so the
 * daemon's upstream base is http://127.0.0.1:<port>/api/v1), the logging app, static assets and
 * the /__sandbox/ control routes. See docs/sandbox.md.
 */
export const SANDBOX_API_PREFIX = '/api/v1';

/** Header names the sandbox reads (the daemon's defaults). */
export const SANDBOX_HEADERS = {
  apiKey: 'x-api-key',
  traceId: 'x-trace-id',
  date: 'x-date',
  idempotencyKey: 'idempotency-key',
} as const;

/** The operator API, one route file per area; a new area's plugin is listed here. */
export const OPERATOR_API_AREAS: FastifyPluginAsync<SandboxRouteOptions>[] = [
  facilityRoutes,
  rentalHoldRoutes,
  cardRoutes,
  identityRoutes,
  identityProviderRoutes,
  identityFilesRoutes,
  usersRoutes,
  billingRoutes,
  rentalDocumentsRoutes,
  rentalProcessRoutes,
  rentalGateCodeRoutes,
  rentalMailRoutes,
  merchandiseRoutes,
  tenantAreaRoutes,
  tenantContactRoutes,
  terminalPaymentRoutes,
];

export interface SandboxOptions {
  logger?: boolean | object;
  /** Epoch-ms clock (tests inject one to expire holds). Ignored when `state` is given. */
  clock?: Clock;
  /** A state to serve (tests that want to inspect or seed it directly). */
  state?: SandboxState;
  /** Put in front of sandbox asset URLs; default http://{Host of the request}. */
  publicOrigin?: string;
  /** Control routes of the device simulators this sandbox serves (the printer's switches and receipts page). */
  deviceControls?: NonNullable<RunningSimulator['sandboxControls']>[];
}

const ALLOWED = new Set(Object.values(API_ROUTES).map((route) => `${route.method} /${route.path}`));

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

function operatorApi(
  areas: FastifyPluginAsync<SandboxRouteOptions>[],
  publicOrigin: string | undefined,
): FastifyPluginAsync<SandboxRouteOptions> {
  return async (api, options) => {
    // A sandbox call the daemon's allow-list does not have could never be reached: fail at start.
    api.addHook('onRoute', (route) => {
      const path = route.url.slice(SANDBOX_API_PREFIX.length);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || ALLOWED.has(`${method} ${path}`)) continue;
        throw new Error(`Sandbox route ${method} ${path} is not in API_ROUTES (shared-types/src/api-routes.ts)`);
      }
    });
    api.addHook('preSerialization', async (request, _reply, payload) => {
      const origin = publicOrigin ?? (request.headers.host ? `http://${request.headers.host}` : '');
      return origin ? absolutizeUrls(payload, origin) : payload;
    });
    replayRepeatedKeys(api, SANDBOX_HEADERS.idempotencyKey);
    for (const area of areas) await api.register(area, { state: options.state });
  };
}

export async function buildSandbox(opts: SandboxOptions = {}): Promise<FastifyInstance> {
  const state = opts.state ?? new SandboxState(opts.clock ? { clock: opts.clock } : {});
  // The sandbox's own log is masked like the daemon's: its request lines carry the kiosk's user
  // tokens, e-mails and gate codes in their URLs.
  const app = Fastify({ logger: maskedLogger(opts.logger ?? false), forceCloseConnections: true });

  await app.register(formbody);

  app.setErrorHandler((error: FastifyError | SandboxError, request, reply) => {
    if (error instanceof SandboxError) {
      return reply
        .code(error.statusCode)
        .send(fail({ code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) }));
    }
    if (error.validation) {
      const field = (issue: { instancePath: string; params: Record<string, unknown> }) =>
        String(issue.params.missingProperty ?? (issue.instancePath.replace(/^\//, '') || '__all__'));
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) (errors[field(issue)] ??= []).push(issue.message ?? 'Invalid value');
      return reply.code(400).send(fail({ code: 'ValidationError', message: error.message, errors }));
    }
    const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (statusCode === 500) request.log.error({ err: error }, 'sandbox route failed');
    return reply
      .code(statusCode)
      .send(
        fail({ code: error.code ?? 'SandboxError', message: statusCode === 500 ? 'Sandbox error' : error.message }),
      );
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(fail({ code: 'NotFound', message: `No such call: ${request.method} ${request.url.split('?')[0]}` })),
  );

  // Every operator call is recorded (trace id, date, whether a key came; never the key; its path
  // and query masked as a log is), then refused with 401 when the api key is missing.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url !== SANDBOX_API_PREFIX && !request.url.startsWith(`${SANDBOX_API_PREFIX}/`)) return;
    const [path = '', search = ''] = request.url.split('?');
    const hasApiKey = headerValue(request, SANDBOX_HEADERS.apiKey) !== null;
    state.recordings.recordRequest({
      method: request.method,
      path,
      query: Object.fromEntries(new URLSearchParams(search)),
      trace_id: headerValue(request, SANDBOX_HEADERS.traceId),
      date: headerValue(request, SANDBOX_HEADERS.date),
      has_api_key: hasApiKey,
    });
    if (!hasApiKey) {
      return reply.code(401).send(fail({ code: 'Unauthorized', message: `Missing ${SANDBOX_HEADERS.apiKey} header.` }));
    }
  });

  await app.register(assetRoutes, { state });
  await app.register(loggingAppRoutes, { state });
  await app.register(controlRoutes, { state, prefix: '/__sandbox' });
  await app.register(terminalPaymentControls, { state, prefix: '/__sandbox' });
  for (const control of opts.deviceControls ?? []) await app.register(control.plugin, { prefix: control.prefix });
  await app.register(identityPages, { state });
  await app.register(signingPages, { state });
  await app.register(operatorApi(OPERATOR_API_AREAS, opts.publicOrigin), { state, prefix: SANDBOX_API_PREFIX });
  return app;
}
