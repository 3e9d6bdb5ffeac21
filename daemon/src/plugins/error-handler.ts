import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { UPSTREAM_DOWN_MESSAGE, UPSTREAM_TIMEOUT_MESSAGE, type DaemonError } from '@kiosk/shared-types';
import { classifyUpstreamError } from './upstream.js';

/**
 * One place that turns every failure into the daemon's JSON error `{statusCode, error, message}`.
 * 4xx carry a message the UI (or a support person) can act on; 5xx are logged with structured
 * fields and answered with a generic message so no internals (paths, stack, upstream address)
 * ever reach the browser.
 */

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  411: 'Length Required',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
};

export const INTERNAL_ERROR_MESSAGE =
  'Something went wrong in the kiosk service. Please try again or ask the Manager for help.';

/** Prefixes the daemon answers itself: an unknown path under them is a JSON 404, never the UI. */
export const DAEMON_PREFIXES = [
  '/api/',
  '/device/',
  '/session/',
  '/display/',
  '/log',
  '/events',
  '/outbox',
  '/__',
] as const;

export function isDaemonPath(url: string): boolean {
  for (const prefix of DAEMON_PREFIXES) {
    if (url.startsWith(prefix)) return true;
  }
  return url === '/api' || url.startsWith('/api?') || url === '/device' || url === '/session';
}

/** The standard name of an HTTP status (`error` of the daemon's error JSON). */
export function statusText(statusCode: number): string {
  return STATUS_TEXT[statusCode] ?? (statusCode >= 500 ? 'Server Error' : 'Client Error');
}

/**
 * The daemon's error JSON. `reason` is a machine-readable word for the UI where one status covers
 * several causes (a printer's paper-out or cover-open, a licence scan's expired or under-18).
 */
export function daemonError(statusCode: number, message: string, reason?: string): DaemonError {
  return { statusCode, error: statusText(statusCode), message, ...(reason === undefined ? {} : { reason }) };
}

export function sendDaemonError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  reason?: string,
): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(daemonError(statusCode, message, reason));
}

/** The path without its query string: queries carry user tokens and e-mails, never logged. */
function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function validationMessage(error: FastifyError): string {
  // Fastify's message is already readable ("body/space_id must NOT have fewer than 1 characters");
  // say where in one clear sentence.
  return `Invalid request: ${error.message}`;
}

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode (`%zz`) gets the daemon's
 * JSON error, and under /api/ the proxy's refusal, like any other call that is not allowed.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    if (request.raw.url?.startsWith('/api/')) sendDaemonError(reply, 404, 'This call is not allowed from the kiosk.');
    else sendDaemonError(reply, 400, 'Invalid request: the address is not correctly encoded.');
    return;
  }
  sendDaemonError(reply, 400, `Invalid request: ${error.message}`);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const upstreamKind = classifyUpstreamError(error);
      if (upstreamKind !== undefined) {
        request.log.warn(
          { err: { type: error.name, code: error.code, message: error.message }, path: pathOf(request.url) },
          'upstream failure',
        );
        const status = upstreamKind === 'timeout' ? 504 : 502;
        return sendDaemonError(
          reply,
          status,
          upstreamKind === 'timeout' ? UPSTREAM_TIMEOUT_MESSAGE : UPSTREAM_DOWN_MESSAGE,
        );
      }
      if (error.validation !== undefined) {
        return sendDaemonError(reply, 400, validationMessage(error));
      }
      const status =
        typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500;
      if (status < 500) {
        request.log.info({ statusCode: status, code: error.code, path: pathOf(request.url) }, error.message);
        return sendDaemonError(reply, status, error.message || statusText(status));
      }
      request.log.error(
        { err: error, statusCode: status, method: request.method, path: pathOf(request.url), reqId: request.id },
        'request failed',
      );
      return sendDaemonError(
        reply,
        status,
        status === 503 ? 'The kiosk service is not available right now. Please try again.' : INTERNAL_ERROR_MESSAGE,
      );
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.slice(0, 200);
      const message = isDaemonPath(path)
        ? path.startsWith('/api')
          ? 'This call is not allowed from the kiosk.'
          : `No such kiosk service endpoint: ${request.method} ${path.split('?')[0]}`
        : `Not found: ${request.method} ${path.split('?')[0]}`;
      return sendDaemonError(reply, 404, message);
    });
  },
  { name: 'error-handler', fastify: '5.x' },
);
