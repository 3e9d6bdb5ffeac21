import type { FastifyPluginAsync } from 'fastify';
import type { SettledSpaceStatus } from '../demo-facility.js';
import type { SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';

/**
 * Control routes for tests and the demo, under /__sandbox/ (the daemon's /api proxy never forwards
 * here: its allow-list has no such path). Plain JSON, not the operator wrapper.
 */
const STATUSES: SettledSpaceStatus[] = ['available', 'rented', 'held', 'unavailable'];

const controlRoutes: FastifyPluginAsync<SandboxRouteOptions> = async (app, { state }) => {
  app.post('/reset', async () => {
    state.reset();
    return { reset: true };
  });

  app.get('/facilities', async () => ({
    facilities: state.facilityIds().map((id) => {
      const { data } = state.facility(id);
      return {
        facility_id: id,
        name: data.settings.name,
        configured: data.configuration !== null,
        noke: data.settings.noke,
      };
    }),
  }));

  app.get('/state/holds', async () => ({
    holds: state.activeHolds().map((hold) => ({
      ...hold,
      created_at: new Date(hold.created_at).toISOString(),
      expires_at: new Date(hold.expires_at).toISOString(),
    })),
  }));

  app.get('/releases', async () => ({ releases: state.releases }));

  app.post<{ Params: { doorId: string }; Body: { status: SettledSpaceStatus; facility_id?: string } }>(
    '/spaces/:doorId/status',
    {
      schema: {
        params: { type: 'object', properties: { doorId: { type: 'string' } }, required: ['doorId'] },
        body: {
          type: 'object',
          properties: { status: { type: 'string', enum: STATUSES }, facility_id: { type: 'string' } },
          required: ['status'],
        },
      },
    },
    async (request) => {
      const facilityId = request.body.facility_id ?? 'demo';
      const space = state.setSpaceStatus(facilityId, request.params.doorId, request.body.status);
      if (!space) throw new SandboxError(404, 'SpaceNotFound', `No space ${request.params.doorId} at ${facilityId}.`);
      return { facility_id: facilityId, space_id: space.door_id, door_name: space.door_name, status: space.status };
    },
  );

  app.get<{ Querystring: { limit?: number } }>(
    '/requests',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 1000 } } },
      },
    },
    async (request) => ({ requests: state.recentRequests(request.query.limit ?? 50) }),
  );

  app.get('/logs', async () => ({ entries: state.logEntries, down: state.loggingDown }));

  /** Every text message "sent" (identity link, one-time code, gate code), oldest first. */
  app.get('/texts', async () => ({ texts: state.texts }));

  /** Every notification mail "sent" (payment, autopay, rental, reservation, password reset), oldest first. */
  app.get('/mails', async () => ({ mails: state.mails }));

  /** Switch capabilities.pmsNotifications.payment of a facility (default demo) until the next reset. */
  app.post<{ Body: { payment: boolean; facility_id?: string } }>(
    '/capabilities',
    {
      schema: {
        body: {
          type: 'object',
          properties: { payment: { type: 'boolean' }, facility_id: { type: 'string' } },
          required: ['payment'],
        },
      },
    },
    async (request) => {
      const facilityId = request.body.facility_id ?? 'demo';
      state.facility(facilityId);
      state.accounts.paymentNotifications.set(facilityId, request.body.payment);
      return { facility_id: facilityId, pmsNotifications: { payment: request.body.payment } };
    },
  );

  app.post<{ Body: { down: boolean } }>(
    '/logging',
    { schema: { body: { type: 'object', properties: { down: { type: 'boolean' } }, required: ['down'] } } },
    async (request) => {
      state.loggingDown = request.body.down;
      return { down: state.loggingDown };
    },
  );

  app.get('/clock', async () => ({ now: new Date(state.now()).toISOString() }));

  app.post<{ Body: { advance_ms: number } }>(
    '/clock',
    {
      schema: {
        body: { type: 'object', properties: { advance_ms: { type: 'integer', minimum: 0 } }, required: ['advance_ms'] },
      },
    },
    async (request) => {
      state.advanceClock(request.body.advance_ms);
      return { now: new Date(state.now()).toISOString() };
    },
  );
};

export default controlRoutes;
