import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SettledSpaceStatus } from '../demo-facility.js';
import type { SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import { Type } from 'typebox';

/**
 * Control routes for tests and the demo, under /__sandbox/ (the daemon's /api proxy never forwards
 * here: its allow-list has no such path). Plain JSON, not the operator wrapper.
 */
const STATUSES: SettledSpaceStatus[] = ['available', 'rented', 'held', 'unavailable'];

const controlRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
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

  app.post(
    '/spaces/:doorId/status',
    {
      schema: {
        params: Type.Object({ doorId: Type.String() }),
        body: Type.Object({
          status: Type.Enum(STATUSES, { type: 'string' }),
          facility_id: Type.Optional(Type.String()),
        }),
      },
    },
    async (request) => {
      const facilityId = request.body.facility_id ?? 'demo';
      const space = state.setSpaceStatus(facilityId, request.params.doorId, request.body.status);
      if (!space) throw new SandboxError(404, 'SpaceNotFound', `No space ${request.params.doorId} at ${facilityId}.`);
      return { facility_id: facilityId, space_id: space.door_id, door_name: space.door_name, status: space.status };
    },
  );

  /** The operator changes a unit's promos (e.g. a promo added after the space list was read), until reset. */
  app.post(
    '/units/:unitId/promos',
    {
      schema: {
        params: Type.Object({ unitId: Type.String() }),
        body: Type.Object({ promo_ids: Type.Array(Type.String()), facility_id: Type.Optional(Type.String()) }),
      },
    },
    async (request) => {
      const facilityId = request.body.facility_id ?? 'demo';
      const world = state.facility(facilityId);
      const { unitId } = request.params;
      if (!state.unit(facilityId, unitId))
        throw new SandboxError(404, 'UnitNotFound', `No unit ${unitId} at ${facilityId}.`);
      const unknown = request.body.promo_ids.filter((id) => !world.data.promos.some((promo) => promo.promo_id === id));
      if (unknown.length)
        throw new SandboxError(400, 'PromoNotFound', `No promo ${unknown.join(', ')} at ${facilityId}.`);
      world.promoIds.set(unitId, request.body.promo_ids);
      return { facility_id: facilityId, unit_id: unitId, promo_ids: request.body.promo_ids };
    },
  );

  app.get(
    '/requests',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }),
      },
    },
    async (request) => ({ requests: state.recordings.recentRequests(request.query.limit ?? 50) }),
  );

  app.get('/logs', async () => ({ entries: state.recordings.logEntries, down: state.recordings.loggingDown }));

  /** Every text message "sent" (identity link, one-time code, gate code), oldest first. */
  app.get('/texts', async () => ({ texts: state.recordings.texts }));

  /** Every notification mail "sent" (payment, autopay, rental, reservation, password reset), oldest first. */
  app.get('/mails', async () => ({ mails: state.recordings.mails }));

  /** Switch capabilities.pmsNotifications.payment of a facility (default demo) until the next reset. */
  app.post(
    '/capabilities',
    {
      schema: {
        body: Type.Object({ payment: Type.Boolean(), facility_id: Type.Optional(Type.String()) }),
      },
    },
    async (request) => {
      const facilityId = request.body.facility_id ?? 'demo';
      state.facility(facilityId);
      state.accounts.paymentNotifications.set(facilityId, request.body.payment);
      return { facility_id: facilityId, pmsNotifications: { payment: request.body.payment } };
    },
  );

  /** Give a facility-map space other media (a video host's link, a stand-in host) until the next reset. */
  app.post(
    '/map/media',
    {
      schema: {
        body: Type.Object({
          door_name: Type.String({ minLength: 1 }),
          media: Type.Array(
            Type.Object({
              media_type: Type.Enum(['yt', 'wistia'], { type: 'string' }),
              media_url: Type.String({ minLength: 1 }),
            }),
          ),
          facility_id: Type.Optional(Type.String()),
        }),
      },
    },
    async (request) => {
      const facilityId = request.body.facility_id ?? 'demo';
      const { door_name: doorName, media } = request.body;
      if (!state.setMapMedia(facilityId, doorName, media)) {
        throw new SandboxError(404, 'SpaceNotFound', `No space ${doorName} on the map of ${facilityId}.`);
      }
      return { facility_id: facilityId, door_name: doorName, media };
    },
  );

  app.post('/logging', { schema: { body: Type.Object({ down: Type.Boolean() }) } }, async (request) => {
    state.recordings.loggingDown = request.body.down;
    return { down: state.recordings.loggingDown };
  });

  app.get('/clock', async () => ({ now: new Date(state.now()).toISOString() }));

  app.post(
    '/clock',
    {
      schema: {
        body: Type.Object({ advance_ms: Type.Integer({ minimum: 0 }) }),
      },
    },
    async (request) => {
      state.advanceClock(request.body.advance_ms);
      return { now: new Date(state.now()).toISOString() };
    },
  );
};

export default controlRoutes;
