import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { Type, type Static } from 'typebox';
import {
  DAEMON_ENDPOINTS,
  OUTBOX_MAX_WAIT_SECONDS,
  OUTBOX_ROUTES,
  isDaemonOnlyRoute,
  type OutboxAccepted,
  type OutboxJobOutcome,
  type OutboxRequest,
} from '@kiosk/shared-types';
import { DELIVERY_OUTCOMES, Outbox, OutboxFullError, OutboxRequestError } from '../outbox/outbox.js';
import { ErrorBody, type Assert, type Same } from '../route-schema.js';
import { sendDaemonError } from './error-handler.js';
import { startAtZero } from './metrics.js';
import { VISIT_FORM_FIELDS } from '../visit/visit.js';

/**
 * POST /outbox: the page hands over every follow-up call of one confirmed rental, reservation or
 * payment; 202 once they are on disk. GET /outbox/jobs/:key: one call's progress (the gate-code
 * text's result on the confirmation screen). The delivery itself: outbox/outbox.ts, docs/outbox.md.
 */

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

const Route = Type.Enum(OUTBOX_ROUTES, { type: 'string' });
const Text = Type.Record(Type.String({ maxLength: 100 }), Type.String());
const CallBase = { route: Route, params: Type.Record(Type.String(), Type.String({ maxLength: 128 })), form: Text };
const Card = Type.Object(
  {
    card_name: Type.String({ maxLength: 100 }),
    card_number: Type.String({ pattern: '^[0-9]{12,19}$' }),
    cc_exp_month: Type.String({ pattern: '^[0-9]{1,2}$' }),
    cc_exp_year: Type.String({ pattern: '^[0-9]{2,4}$' }),
    cvv: Type.String({ pattern: '^[0-9]{3,4}$' }),
  },
  { additionalProperties: false },
);
const Call = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 40 }),
    ...CallBase,
    after: Type.Optional(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 40 }),
          take: Type.Optional(Type.Array(Type.Object({ from: Type.String(), into: Type.String() }), { maxItems: 10 })),
        },
        { additionalProperties: false },
      ),
    ),
    card: Type.Optional(Card),
    instead: Type.Optional(Type.Object(CallBase, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
const Body = Type.Object(
  {
    kind: Type.Enum(['rental', 'reservation', 'payment', 'failed_rental', 'failed_reservation'], { type: 'string' }),
    calls: Type.Array(Call, { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);
type _BodyIsShared = Assert<Same<Static<typeof Body>, OutboxRequest>>;

const Accepted = Type.Object({ batch: Type.String(), keys: Type.Record(Type.String(), Type.String()) });
type _AcceptedIsShared = Assert<Same<Static<typeof Accepted>, OutboxAccepted>>;
const Outcome = Type.Object({
  key: Type.String(),
  state: Type.Enum(['pending', 'delivered', 'refused', 'dropped', 'replaced'], { type: 'string' }),
  attempts: Type.Integer(),
  message: Type.Union([Type.String(), Type.Null()]),
});
type _OutcomeIsShared = Assert<Same<Static<typeof Outcome>, OutboxJobOutcome>>;

export default fp(
  async (app) => {
    const { config, metrics } = app;
    const deliveries = new Counter({
      name: 'kiosk_outbox_deliveries_total',
      help: 'Outbox delivery attempts by outcome: delivered, refused (an operator business error), retried, replaced (card lost in a restart), dropped',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
    startAtZero(
      deliveries,
      DELIVERY_OUTCOMES.map((outcome) => ({ outcome })),
    );
    const outbox = new Outbox({
      dir: config.outboxDir,
      maxBytes: config.outboxMaxBytes,
      retryBaseMs: config.outboxRetryBaseMs,
      retryMaxMs: config.outboxRetryMaxMs,
      log: app.log.child({ component: 'outbox' }),
      count: (outcome) => deliveries.inc({ outcome }),
      send: (call, { key, traceId }) =>
        app.upstream.call(call.route, call.params as never, {
          ...(call.json ? { json: call.json } : { form: call.form }),
          headers: { [config.headerNames.idempotencyKey]: key },
          traceId,
        }),
    });
    app.decorate('outbox', outbox);
    new Gauge({
      name: 'kiosk_outbox_jobs',
      help: 'Follow-up calls in the outbox the operator has not answered yet',
      registers: [metrics.registry],
      collect() {
        this.set(outbox.stats().jobs);
      },
    });
    new Gauge({
      name: 'kiosk_outbox_oldest_job_age_seconds',
      help: 'Age of the oldest follow-up call not yet answered by the operator (0 = none)',
      registers: [metrics.registry],
      collect() {
        const { oldestAcceptedAt } = outbox.stats();
        this.set(oldestAcceptedAt === null ? 0 : Math.max(0, (Date.now() - oldestAcceptedAt) / 1000));
      },
    });
    app.addHook('onReady', () => outbox.start());
    app.addHook('onClose', () => outbox.close());

    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    /**
     * The follow-ups act for the visit at the screen as its own calls do (plugins/visit.ts): each
     * call, and what it sends instead, passes the visit's check when it is handed over, with the
     * daemon's own values set (the gate-code text's phone on file); a field the visit checks is
     * never filled in later from another call's answer. Null when all pass; the request is changed
     * in place.
     */
    function forThisVisit(body: OutboxRequest): { status: 400 | 403; message: string; reason: string } | null {
      for (const call of body.calls) {
        if (call.after?.take?.some((take) => VISIT_FORM_FIELDS.has(take.into.split('.', 1)[0]!))) {
          return {
            status: 400,
            message: 'A call may not take who it is for from another answer.',
            reason: 'take-into-checked-field',
          };
        }
        for (const sent of call.instead ? [call, call.instead] : [call]) {
          // The daemon's own calls (a terminal payment's record) are never the page's to hand over.
          if (isDaemonOnlyRoute(sent.route))
            return {
              status: 403,
              message: 'Only the kiosk daemon makes this call, never the page.',
              reason: 'daemon-only',
            };
          const decision = app.visit.check(sent.route, { params: sent.params, query: {}, form: sent.form });
          if (!decision.allowed) {
            app.visit.refused(sent.route, decision.reason);
            return { status: decision.status ?? 403, message: decision.message, reason: decision.reason };
          }
          for (const [name, value] of Object.entries(decision.form ?? {})) {
            if (value === undefined) delete sent.form[name];
            else sent.form[name] = value;
          }
        }
      }
      return null;
    }

    routes.post(
      DAEMON_ENDPOINTS.outbox,
      {
        schema: {
          body: Body,
          response: { 202: Accepted, 400: ErrorBody, 403: ErrorBody, 503: ErrorBody, 507: ErrorBody },
        },
      },
      async (request, reply) => {
        const refusal = forThisVisit(request.body);
        if (refusal !== null) {
          request.log.warn({ reason: refusal.reason, kind: request.body.kind }, 'outbox: request refused');
          return sendDaemonError(reply, refusal.status, refusal.message, refusal.reason);
        }
        try {
          const accepted = await outbox.accept(request.body, app.upstream.traceId());
          request.log.info(
            { batch: accepted.batch, kind: request.body.kind, calls: request.body.calls.length },
            'outbox: accepted',
          );
          return reply.code(202).send(accepted);
        } catch (error) {
          if (error instanceof OutboxRequestError) {
            request.log.warn({ reason: error.reason, kind: request.body.kind }, 'outbox: request refused');
            return sendDaemonError(reply, 400, `Invalid request: ${error.message}`, error.reason);
          }
          if (error instanceof OutboxFullError) {
            request.log.error({ maxBytes: error.maxBytes }, 'outbox full: follow-ups refused');
            return sendDaemonError(
              reply,
              507,
              'The outbox is full; these follow-ups were not accepted. Send them directly.',
            );
          }
          request.log.error({ reason: (error as Error).message }, 'outbox write failed');
          return sendDaemonError(reply, 503, 'The outbox could not be written; these follow-ups were not accepted.');
        }
      },
    );
    routes.get(
      `${DAEMON_ENDPOINTS.outbox}/jobs/:key`,
      {
        schema: {
          params: Type.Object({ key: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,80}$' }) }),
          querystring: Type.Object({
            wait: Type.Optional(Type.Integer({ minimum: 0, maximum: OUTBOX_MAX_WAIT_SECONDS })),
          }),
          response: { 200: Outcome, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const outcome = await outbox.firstOutcome(request.params.key, (request.query.wait ?? 0) * 1000);
        if (outcome === undefined) return sendDaemonError(reply, 404, 'No such outbox call.');
        return outcome;
      },
    );
  },
  { name: 'outbox', fastify: '5.x', dependencies: ['metrics', 'upstream', 'visit'] },
);
