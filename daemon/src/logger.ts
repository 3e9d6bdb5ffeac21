import { hostname } from 'node:os';
import { maskPhonesInUrl } from '@kiosk/shared-types';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DaemonConfig } from './config.js';
import { configuredSecrets, scrubSecrets } from './secrets.js';

/**
 * Paths pino removes from the daemon's own logs: the API key header, card fields and passwords.
 * Card numbers inside free text are masked by the log pipeline's maskSecrets before logging.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'apiKey',
  'config.apiKey',
  '*.cc_number',
  '*.card_number',
  '*.cvv',
  '*.cc_exp_month',
  '*.cc_exp_year',
  '*.password',
];

/**
 * A request as its log line shows it (Fastify's own fields), its URL with phone numbers reduced to
 * their last four digits: a tenant's phone travels in the path of the users-by-phone call.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskPhonesInUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Logger options: JSON to stdout (journald) with the release stage on every line; level from
 * LOG_LEVEL, never from NODE_ENV. Every
 * line leaves with the configured API key's and support token's values removed, wherever they
 * are (an error message quoting a URL, an operator answer, a header under an unexpected name).
 */
export function loggerOptions(config: DaemonConfig): FastifyServerOptions['logger'] {
  const secrets = configuredSecrets(config);
  return {
    level: config.logLevel,
    // pino's own base fields, and the release stage on every line of the daemon's log.
    base: { pid: process.pid, hostname: hostname(), release_stage: config.releaseStage },
    redact: { paths: [...REDACT_PATHS, `req.headers["${config.headerNames.apiKey}"]`], censor: '[redacted]' },
    serializers: { req: requestForLog },
    ...(secrets.length === 0 ? {} : { hooks: { streamWrite: (line: string) => scrubSecrets(line, secrets) } }),
  };
}
