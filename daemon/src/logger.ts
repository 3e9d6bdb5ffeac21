import { hostname } from 'node:os';
import { maskUrlForLog } from '@kiosk/shared-types';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DaemonConfig } from './config.js';
import { configuredSecrets, maskingWriter, maskLogLine, masksEveryLine } from './secrets.js';

/**
 * Paths pino removes from the daemon's own logs before the line is written: the API key header,
 * card fields and passwords. Everything else is masked line by line (maskedLogger).
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
 * A request as its log line shows it (Fastify's own fields), its URL masked like any field
 * (maskUrlForLog): a tenant's phone travels in the path of the users-by-phone call, user tokens,
 * e-mails and gate codes in query strings.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Logger options whose every line leaves masked by the one rule for fields (maskLogLine: secret
 * and personal fields, card numbers, e-mails, the given secret values) and whose request lines
 * show a masked URL; a stream-write hook already there runs first (one that masks every line
 * already is kept alone: the sandbox is given the daemon's). `false` stays false (no logger).
 */
export function maskedLogger<T>(logger: T, secrets: readonly string[] = []): T {
  if (logger === false || logger === undefined || logger === null) return logger;
  const options = (typeof logger === 'object' ? logger : {}) as {
    serializers?: Record<string, unknown>;
    hooks?: { streamWrite?: (line: string) => string };
  };
  const previous = options.hooks?.streamWrite;
  const serializers = { ...options.serializers, req: requestForLog };
  if (masksEveryLine(previous)) return { ...options, serializers } as T;
  return {
    ...options,
    serializers,
    hooks: {
      ...options.hooks,
      streamWrite: maskingWriter((line: string) =>
        maskLogLine(previous === undefined ? line : previous(line), secrets),
      ),
    },
  } as T;
}

/**
 * Logger options: JSON to stdout (journald) with the release stage on every line; level from
 * LOG_LEVEL, never from NODE_ENV. Every line leaves masked (maskedLogger), the configured API
 * key's and support token's values removed wherever they are (an error message quoting a URL, an
 * operator answer, a header under an unexpected name).
 */
export function loggerOptions(config: DaemonConfig): FastifyServerOptions['logger'] {
  return maskedLogger(
    {
      level: config.logLevel,
      // pino's own base fields, and the release stage on every line of the daemon's log.
      base: { pid: process.pid, hostname: hostname(), release_stage: config.releaseStage },
      redact: { paths: [...REDACT_PATHS, `req.headers["${config.headerNames.apiKey}"]`], censor: '[redacted]' },
    },
    configuredSecrets(config),
  );
}
