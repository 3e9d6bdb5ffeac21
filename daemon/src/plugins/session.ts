import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type, type Static } from 'typebox';
import type { ClientEvent, HoldRegistration, SessionEndReason, SessionSnapshot } from '@kiosk/shared-types';
import { SessionMachine } from '../session/session-machine.js';
import { HoldRegistry, type HoldReleaseReason } from '../session/holds.js';
import { ErrorBody, type Assert, type Same } from '../route-schema.js';
import { sendDaemonError } from './error-handler.js';

/**
 * The kiosk session and the spaces it holds, kept by the daemon so they survive a
 * browser crash. Fed by the UI's activity/context messages on the events socket; pushes
 * session-state every second while a session runs, session-warning, session-ended, home-reload
 * and hold-released. The pure logic is in ../session/.
 *
 * Routes (the UI registers its holds; GET is for tests and support and never shows a token):
 *   POST   /session/holds            HoldRegistration → 201
 *   DELETE /session/holds/:spaceId   release now ('left-screen')
 *   POST   /session/holds/:spaceId/settled   rented or reserved: forget it, never release it
 *   GET    /session/holds
 */

export interface SessionService {
  traceId(): string;
  /**
   * The trace id a UI log event is filed under: the session the UI says it happened in when that
   * is one of this daemon's recent sessions, else the current id (an event outside any session, or
   * one from before a daemon restart).
   */
  traceIdForEvent(claimed: string | undefined): string;
  snapshot(): SessionSnapshot;
  handleClientEvent(event: ClientEvent): void;
  registerHold(hold: HoldRegistration): HeldSpaceView;
  /** Resolves true when the upstream took the release, false when it could not be reached, undefined when not held. */
  releaseHold(spaceId: string, reason: HoldReleaseReason): Promise<boolean | undefined>;
  /** The space was rented or reserved: stop tracking it without a release. */
  settleHold(spaceId: string): boolean;
  listHolds(): HeldSpaceView[];
  end(reason: SessionEndReason): void;
  /** Call this after every session's end (what the visit knew is forgotten there). */
  onEnded(listener: (reason: SessionEndReason) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    session: SessionService;
  }
}

const Token = Type.String({ minLength: 1, maxLength: 512 });
const Id = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:@+-]+$' });

const HoldBody = Type.Object({ facility_id: Id, space_id: Id, hold_token: Token }, { additionalProperties: false });
type _HoldBodyIsShared = Assert<Same<Static<typeof HoldBody>, HoldRegistration>>;

const SpaceParams = Type.Object({ spaceId: Id });

/** A held space as the daemon shows it: never the hold token. Times are ISO-8601; release_at is the latest. */
const HoldView = Type.Object({
  facility_id: Type.String(),
  space_id: Type.String(),
  registered_at: Type.String(),
  release_at: Type.String(),
});
export type HeldSpaceView = Static<typeof HoldView>;

function view(hold: { facility_id: string; space_id: string; registeredAt: number; releaseAt: number }): HeldSpaceView {
  return {
    facility_id: hold.facility_id,
    space_id: hold.space_id,
    registered_at: new Date(hold.registeredAt).toISOString(),
    release_at: new Date(hold.releaseAt).toISOString(),
  };
}

export default fp(
  async (app) => {
    const { timeScale } = app.config;
    const log = app.log.child({ component: 'session' });

    const holds = new HoldRegistry({
      timeScale,
      release: async (hold) => {
        const response = await app.upstream.call(
          'releaseSpace',
          { facility: hold.facility_id },
          { form: { facility_id: hold.facility_id, space_id: hold.space_id, hold_token: hold.hold_token } },
        );
        // The upstream answered: a refusal (hold already gone) is final, not worth a retry.
        if (response.statusCode >= 400) {
          log.warn({ space_id: hold.space_id, statusCode: response.statusCode }, 'upstream refused the hold release');
        }
      },
      onReleased: (hold, reason) => {
        app.metrics.holdsReleased.inc({ reason });
        log.info({ space_id: hold.space_id, facility_id: hold.facility_id, reason }, 'releasing held space');
        app.events.broadcast({ type: 'hold-released', spaceId: hold.space_id, reason });
      },
      onReleaseFailed: (hold, reason, failure) => {
        log.warn({ space_id: hold.space_id, reason, err: (failure as Error).message }, 'could not release held space');
      },
    });

    const endListeners: Array<(reason: SessionEndReason) => void> = [];
    const machine = new SessionMachine({
      timeScale,
      broadcast: (event) => app.events.broadcast(event),
      onEnded: (reason, wasActive) => {
        if (wasActive) app.metrics.sessionsEnded.inc({ reason });
        log.info({ reason, wasActive }, 'session ended');
        for (const listener of endListeners) listener(reason);
        void holds.releaseAll('session-ended');
      },
    });

    const service: SessionService = {
      traceId: () => machine.traceId(),
      traceIdForEvent: (claimed) =>
        claimed !== undefined && machine.isRecentSession(claimed) ? claimed : machine.traceId(),
      snapshot: () => machine.snapshot(),
      handleClientEvent: (event) => machine.handleClientEvent(event),
      registerHold: (hold) => view(holds.register(hold)),
      releaseHold: (spaceId, reason) => holds.release(spaceId, reason),
      settleHold: (spaceId) => holds.settle(spaceId),
      listHolds: () => holds.list().map(view),
      end: (reason) => machine.end(reason),
      onEnded: (listener) => {
        endListeners.push(listener);
      },
    };
    app.decorate<SessionService>('session', service);

    const unsubscribe = app.events.onClientEvent((event) => machine.handleClientEvent(event));

    const routes = app.withTypeProvider<TypeBoxTypeProvider>();

    routes.post('/session/holds', { schema: { body: HoldBody, response: { 201: HoldView } } }, async (request, reply) =>
      reply.code(201).send(service.registerHold(request.body)),
    );

    routes.delete(
      '/session/holds/:spaceId',
      {
        schema: {
          params: SpaceParams,
          response: {
            200: Type.Object({ space_id: Type.Optional(Type.String()), released: Type.Optional(Type.Boolean()) }),
            404: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { spaceId } = request.params;
        const released = await service.releaseHold(spaceId, 'left-screen');
        if (released === undefined) return sendDaemonError(reply, 404, `No hold is registered for space ${spaceId}.`);
        // released false: the upstream was not reachable; the daemon retries on its own.
        return { space_id: spaceId, released };
      },
    );

    routes.post(
      '/session/holds/:spaceId/settled',
      {
        schema: {
          params: SpaceParams,
          response: {
            200: Type.Object({ space_id: Type.Optional(Type.String()), settled: Type.Optional(Type.Boolean()) }),
            404: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { spaceId } = request.params;
        if (!service.settleHold(spaceId))
          return sendDaemonError(reply, 404, `No hold is registered for space ${spaceId}.`);
        return { space_id: spaceId, settled: true };
      },
    );

    routes.get(
      '/session/holds',
      { schema: { response: { 200: Type.Object({ holds: Type.Optional(Type.Array(HoldView)) }) } } },
      async () => ({ holds: service.listHolds() }),
    );

    app.addHook('onClose', async () => {
      unsubscribe();
      machine.dispose();
      await holds.close('session-ended');
    });
  },
  { name: 'session', fastify: '5.x', dependencies: ['events', 'upstream', 'metrics'] },
);
