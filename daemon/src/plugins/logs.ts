import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { Gauge } from 'prom-client';
import { LOG_LIMITS, type UiLogEvent } from '@kiosk/shared-types';
import { LogPipeline, toShippedEntry } from '../logs/pipeline.js';
import { diskSpace } from '../logs/spool.js';
import { createOutboundDispatcher } from '../outbound.js';
import { ErrorBody, type Assert, type Same } from '../route-schema.js';
import { sendDaemonError } from './error-handler.js';
import { configuredSecrets } from '../secrets.js';
import { CertificateWatch } from './upstream-health.js';

/**
 * POST /log: UI events in (one object or an array), validated, masked, stamped with this kiosk's
 * facility and the trace id of the session each event happened in, and handed to the log pipeline (logs/pipeline.ts).
 */

declare module 'fastify' {
  interface FastifyInstance {
    logPipeline: LogPipeline;
  }
}

/** On shutdown the backlog gets this long to reach the logging app; the rest waits in the spool. */
const CLOSE_FLUSH_MS = 3000;

const UiLogEventSchema = Type.Object(
  {
    event_name: Type.String({ minLength: 1, maxLength: 200 }),
    action: Type.String({ maxLength: 200 }),
    active_section: Type.String({ maxLength: 100 }),
    at: Type.Optional(Type.Number()),
    session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    log_level: Type.Optional(Type.Enum(['debug', 'info', 'warn', 'error'], { type: 'string' })),
    language: Type.Optional(Type.Enum(['en', 'es'], { type: 'string' })),
    data: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: 'object' })),
  },
  { additionalProperties: false },
);
type _UiLogEventIsShared = Assert<Same<Static<typeof UiLogEventSchema>, UiLogEvent>>;

/** application/json, with or without parameters (charset), or a +json type. */
function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type !== undefined && /^application\/[a-z0-9.+-]*\+json$/.test(type));
}

/**
 * The session an event belongs to. The UI stamps the session it was in when the event happened: a
 * batch sent as a session ends reaches the daemon when the next session's id is already current.
 */
function sessionIdFor(app: FastifyInstance, event: UiLogEvent): string | null {
  // The session plugin may be absent (tests, or registered later); then events carry no session id.
  if (!app.hasDecorator('session')) return null;
  return app.session.traceIdForEvent(event.session_id);
}

export default fp(
  async (app) => {
    const { config, metrics } = app;
    const secretValues = configuredSecrets(config);
    const dispatcher =
      config.logUrl === null
        ? undefined
        : createOutboundDispatcher(config, { connectTimeoutMs: Math.min(config.logShipTimeoutMs, 10_000) });
    const certificate =
      config.logUrl === null ? null : new CertificateWatch(config.logUrl, 'logging', metrics.registry);
    const pipeline = new LogPipeline({
      logUrl: config.logUrl,
      spoolDir: config.spoolDir,
      spoolMaxBytes: config.spoolMaxBytes,
      batchSize: config.logBatchSize,
      batchMs: config.logBatchMs,
      retryBaseMs: config.logRetryBaseMs,
      retryMaxMs: config.logRetryMaxMs,
      shipTimeoutMs: config.logShipTimeoutMs,
      dispatcher,
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
    // Read at each scrape: the disk fills from anything on the PC, not only from the spool.
    const spaceGauge = (name: string, help: string, pick: 'freeBytes' | 'sizeBytes') =>
      new Gauge({
        name,
        help,
        registers: [metrics.registry],
        async collect() {
          const space = await diskSpace(config.spoolDir);
          if (space !== null) this.set(space[pick]);
        },
      });
    spaceGauge(
      'kiosk_spool_filesystem_free_bytes',
      'Bytes free (for the daemon) on the file system holding the log spool',
      'freeBytes',
    );
    spaceGauge(
      'kiosk_spool_filesystem_size_bytes',
      'Size in bytes of the file system holding the log spool',
      'sizeBytes',
    );
    app.addHook('onReady', () => pipeline.start());
    app.addHook('onClose', async () => {
      await pipeline.close(CLOSE_FLUSH_MS);
      certificate?.close();
      await dispatcher?.close();
    });

    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/log',
      {
        bodyLimit: LOG_LIMITS.maxBodyBytes,
        // JSON only: any other type (text/plain included, which Fastify would read as text) is a
        // 415 with a message, before a byte of the body is read.
        onRequest: async (request, reply) => {
          if (!isJsonContentType(request.headers['content-type'])) {
            return sendDaemonError(reply, 415, 'Log events must be sent as JSON (content-type application/json).');
          }
        },
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
          body: Type.Array(UiLogEventSchema, { minItems: 1, maxItems: LOG_LIMITS.maxEventsPerPost }),
          response: { 202: Type.Object({ accepted: Type.Optional(Type.Integer()) }), 415: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const now = Date.now();
        const entries = request.body.map((event) =>
          toShippedEntry(event, {
            facilityId: config.facilityId,
            sessionId: sessionIdFor(app, event),
            releaseStage: config.releaseStage,
            now,
            secretValues,
          }),
        );
        try {
          await pipeline.accept(entries);
        } catch (error) {
          // Counted as lost by the pipeline: the page does not send a refused batch again.
          request.log.error(
            { entries: entries.length, code: (error as NodeJS.ErrnoException).code, reason: (error as Error).message },
            'log spool write failed; the events are lost',
          );
          return sendDaemonError(reply, 503, 'The log spool could not be written; the events were not accepted.');
        }
        return reply.code(202).send({ accepted: entries.length });
      },
    );
  },
  { name: 'logs', fastify: '5.x', dependencies: ['metrics'] },
);
