import type { FastifyPluginAsync } from 'fastify';
import type { SandboxRouteOptions } from '../respond.js';

/**
 * The logging application: POST /applications/logging/log takes a JSON array of entries (a single
 * entry object is accepted too) and records them for GET /__sandbox/logs. While switched "down"
 * (POST /__sandbox/logging { "down": true }) it answers 503 and records nothing, so the daemon's
 * spool can be tested.
 */
export const LOGGING_APP_PATH = '/applications/logging/log';

const loggingAppRoutes: FastifyPluginAsync<SandboxRouteOptions> = async (app, { state }) => {
  app.post<{ Body: unknown }>(
    LOGGING_APP_PATH,
    { schema: { body: { anyOf: [{ type: 'array', items: { type: 'object' } }, { type: 'object' }] } } },
    async (request, reply) => {
      if (state.loggingDown) {
        return reply.code(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The logging app is down (sandbox switch).',
        });
      }
      const entries = Array.isArray(request.body) ? request.body : [request.body];
      state.recordLogEntries(entries);
      return { status: 'ok', received: entries.length };
    },
  );
};

export default loggingAppRoutes;
