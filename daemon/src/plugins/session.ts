import fp from 'fastify-plugin';
import type { ClientEvent, HoldRegistration, SessionEndReason, SessionSnapshot } from '@kiosk/shared-types';
import { SessionMachine } from '../session/session-machine.js';
import { HoldRegistry, type HoldReleaseReason } from '../session/holds.js';
import { sendDaemonError } from './error-handler.js';

/**
 * The kiosk session and the spaces it holds (issue 4 §1-2), kept by the daemon so they survive a
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

/** A held space as the daemon shows it: never the hold token. */
export interface HeldSpaceView {
  facility_id: string;
  space_id: string;
  /** ISO-8601. */
  registered_at: string;
  /** ISO-8601: the daemon releases it then at the latest. */
  release_at: string;
}

export interface SessionService {
  traceId(): string;
  snapshot(): SessionSnapshot;
  handleClientEvent(event: ClientEvent): void;
  registerHold(hold: HoldRegistration): HeldSpaceView;
  /** Resolves true when the upstream took the release, false when it could not be reached, undefined when not held. */
  releaseHold(spaceId: string, reason: HoldReleaseReason): Promise<boolean | undefined>;
  /** The space was rented or reserved: stop tracking it without a release. */
  settleHold(spaceId: string): boolean;
  listHolds(): HeldSpaceView[];
  end(reason: SessionEndReason): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    session: SessionService;
  }
}

const token = { type: 'string', minLength: 1, maxLength: 512 } as const;
const id = { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:@+-]+$' } as const;

const holdView = {
  type: 'object',
  properties: {
    facility_id: { type: 'string' },
    space_id: { type: 'string' },
    registered_at: { type: 'string' },
    release_at: { type: 'string' },
  },
  required: ['facility_id', 'space_id', 'registered_at', 'release_at'],
} as const;

const errorBody = {
  type: 'object',
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
} as const;

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

    const machine = new SessionMachine({
      timeScale,
      broadcast: (event) => app.events.broadcast(event),
      onEnded: (reason, wasActive) => {
        if (wasActive) app.metrics.sessionsEnded.inc({ reason });
        log.info({ reason, wasActive }, 'session ended');
        void holds.releaseAll('session-ended');
      },
    });

    const service: SessionService = {
      traceId: () => machine.traceId(),
      snapshot: () => machine.snapshot(),
      handleClientEvent: (event) => machine.handleClientEvent(event),
      registerHold: (hold) => view(holds.register(hold)),
      releaseHold: (spaceId, reason) => holds.release(spaceId, reason),
      settleHold: (spaceId) => holds.settle(spaceId),
      listHolds: () => holds.list().map(view),
      end: (reason) => machine.end(reason),
    };
    app.decorate<SessionService>('session', service);

    const unsubscribe = app.events.onClientEvent((event) => machine.handleClientEvent(event));

    app.post<{ Body: HoldRegistration }>(
      '/session/holds',
      {
        schema: {
          body: {
            type: 'object',
            properties: { facility_id: id, space_id: id, hold_token: token },
            required: ['facility_id', 'space_id', 'hold_token'],
            additionalProperties: false,
          },
          response: { 201: holdView },
        },
      },
      async (request, reply) => reply.code(201).send(service.registerHold(request.body)),
    );

    app.delete<{ Params: { spaceId: string } }>(
      '/session/holds/:spaceId',
      {
        schema: {
          params: { type: 'object', properties: { spaceId: id }, required: ['spaceId'] },
          response: {
            200: { type: 'object', properties: { space_id: { type: 'string' }, released: { type: 'boolean' } } },
            404: errorBody,
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

    app.post<{ Params: { spaceId: string } }>(
      '/session/holds/:spaceId/settled',
      {
        schema: {
          params: { type: 'object', properties: { spaceId: id }, required: ['spaceId'] },
          response: {
            200: { type: 'object', properties: { space_id: { type: 'string' }, settled: { type: 'boolean' } } },
            404: errorBody,
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

    app.get(
      '/session/holds',
      { schema: { response: { 200: { type: 'object', properties: { holds: { type: 'array', items: holdView } } } } } },
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
