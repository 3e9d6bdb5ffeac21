import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SandboxRouteOptions } from '../respond.js';
import { Type } from 'typebox';

/**
 * The logging application: POST /applications/logging/log takes a JSON array of entries (a single
 * entry object is accepted too) and records them for GET /__sandbox/logs. While switched "down"
 * (POST /__sandbox/logging { "down": true }) it answers 503 and records nothing, so the daemon's
 * spool can be tested.
 */
export const LOGGING_APP_PATH = '/applications/logging/log';

/** One log entry as the sandbox records it: any JSON object. */
const LogEntry = Type.Unsafe<Record<string, unknown>>({ type: 'object' });

const loggingAppRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  app.post(
    LOGGING_APP_PATH,
    { schema: { body: Type.Union([Type.Array(LogEntry), LogEntry]) } },
    async (request, reply) => {
      if (state.recordings.loggingDown) {
        return reply.code(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The logging app is down (sandbox switch).',
        });
      }
      const entries = Array.isArray(request.body) ? request.body : [request.body];
      state.recordings.recordLogEntries(entries);
      return { status: 'ok', received: entries.length };
    },
  );
};

export default loggingAppRoutes;
