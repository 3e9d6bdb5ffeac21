import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { LOG_LIMITS, type UiLogEvent } from '@kiosk/shared-types';
import { LogPipeline, toShippedEntry } from '../logs/pipeline.js';

/**
 * POST /log: UI events in (one object or an array), validated, masked, stamped with this kiosk's
 * facility and the session's trace id, and handed to the log pipeline (logs/pipeline.ts).
 */

declare module 'fastify' {
  interface FastifyInstance {
    logPipeline: LogPipeline;
  }
}

/** On shutdown the backlog gets this long to reach the logging app; the rest waits in the spool. */
const CLOSE_FLUSH_MS = 3000;

const uiLogEventSchema = {
  type: 'object',
  required: ['event_name', 'action', 'active_section'],
  additionalProperties: false,
  properties: {
    event_name: { type: 'string', minLength: 1, maxLength: 200 },
    action: { type: 'string', maxLength: 200 },
    active_section: { type: 'string', maxLength: 100 },
    at: { type: 'number' },
    log_level: { type: 'string', enum: ['debug', 'info', 'warn', 'error'] },
    data: { type: 'object' },
  },
} as const;

function traceId(app: FastifyInstance): string | null {
  // The session plugin may be absent (tests, or registered later); then events carry no session id.
  if (!app.hasDecorator('session')) return null;
  return (app as unknown as { session: { traceId(): string | null } }).session.traceId() ?? null;
}

export default fp(
  async (app) => {
    const { config, metrics } = app;
    const pipeline = new LogPipeline({
      logUrl: config.logUrl,
      spoolDir: config.spoolDir,
      spoolMaxBytes: config.spoolMaxBytes,
      batchSize: config.logBatchSize,
      batchMs: config.logBatchMs,
      retryBaseMs: config.logRetryBaseMs,
      retryMaxMs: config.logRetryMaxMs,
      shipTimeoutMs: config.logShipTimeoutMs,
      log: app.log.child({ component: 'log-pipeline' }),
      count: (stage, entries) => metrics.logEvents.inc({ stage }, entries),
      spoolBytes: (bytes) => metrics.spoolBytes.set(bytes),
    });
    app.decorate('logPipeline', pipeline);
    new Gauge({
      name: 'kiosk_log_last_ship_timestamp_seconds',
      help: 'When a log batch last reached the logging app (epoch seconds; 0 = not since start)',
      registers: [metrics.registry],
      collect() {
        const { lastShipAt } = pipeline.stats();
        this.set(lastShipAt === null ? 0 : Date.parse(lastShipAt) / 1000);
      },
    });
    app.addHook('onReady', () => pipeline.start());
    app.addHook('onClose', () => pipeline.close(CLOSE_FLUSH_MS));

    app.post<{ Body: UiLogEvent[] }>(
      '/log',
      {
        bodyLimit: LOG_LIMITS.maxBodyBytes,
        // One event or an array: made an array before validation so both get the same schema and messages.
        preValidation: async (request) => {
          if (request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)) {
            request.body = [request.body as UiLogEvent];
          }
        },
        onResponse: async (request, reply) => {
          if (reply.statusCode >= 400 && reply.statusCode < 500) {
            metrics.logEvents.inc({ stage: 'rejected' }, Array.isArray(request.body) ? request.body.length : 1);
          }
        },
        schema: {
          body: { type: 'array', minItems: 1, maxItems: LOG_LIMITS.maxEventsPerPost, items: uiLogEventSchema },
          response: { 202: { type: 'object', properties: { accepted: { type: 'integer' } } } },
        },
      },
      async (request, reply) => {
        const context = { facilityId: config.facilityId, sessionId: traceId(app), now: Date.now() };
        const entries = request.body.map((event) => toShippedEntry(event, context));
        try {
          await pipeline.accept(entries);
        } catch (error) {
          metrics.logEvents.inc({ stage: 'rejected' }, entries.length);
          request.log.error({ reason: (error as Error).message }, 'log spool write failed');
          return reply.code(503).send({
            statusCode: 503,
            error: 'Service Unavailable',
            message: 'The log spool could not be written; the events were not accepted.',
          });
        }
        return reply.code(202).send({ accepted: entries.length });
      },
    );
  },
  { name: 'logs', fastify: '5.x', dependencies: ['metrics'] },
);
