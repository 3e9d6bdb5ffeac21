import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../route-schema.js';
import { sendDaemonError } from '../../plugins/error-handler.js';
import {
  PaymentMethodsSchema,
  SimulateTerminalSchema,
  TerminalCancelledSchema,
  TerminalPaymentStartSchema,
  TerminalPaymentStateSchema,
  TerminalSimulatorAvailableSchema,
  TransactionParams,
} from './schemas.js';
import { TERMINAL_OUTCOMES } from './simulator.js';

/** What the screen says for every terminal failure (the reason word tells the page which). */
const SEE_MANAGER = 'Please see the Facility Manager.';

/**
 * The payment terminal's routes for the page (docs/payment-terminal.md, "Routes"): the ways to pay,
 * start a payment, follow it, cancel it, and in the sandbox the simulator's next outcome.
 */
export function paymentTerminalRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const terminal = app.paymentTerminal;

  routes.get('/device/payment/methods', { schema: { response: { 200: PaymentMethodsSchema } } }, async () =>
    terminal.methods(),
  );

  routes.post(
    '/device/payment/terminal',
    {
      schema: {
        body: TerminalPaymentStartSchema,
        response: {
          202: TerminalPaymentStateSchema,
          400: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { purpose, amountCents, tenant, spaceId } = request.body;
      if (!terminal.configured) return sendDaemonError(reply, 404, 'No payment terminal is configured.', 'no-terminal');
      if (amountCents === 0 && purpose !== 'autopay')
        return sendDaemonError(reply, 400, 'A payment needs an amount above 0.', 'bad-amount');
      const needsUnit = purpose === 'bill' || purpose === 'autopay';
      if (
        (needsUnit && (tenant === undefined || spaceId === undefined)) ||
        (spaceId !== undefined && tenant === undefined)
      )
        return sendDaemonError(reply, 400, 'A bill or autopay payment names the tenant and the unit.', 'bad-unit');
      if (tenant !== undefined) {
        // The tenant and unit must be this visit's, as the bill's own call would be checked.
        const decision = app.visit.check('payBill', {
          params: { tenant, spaceId: spaceId ?? '' },
          query: {},
          form: {},
        });
        if (!decision.allowed && !(spaceId === undefined && decision.reason === 'not-this-unit')) {
          app.visit.refused('payBill', decision.reason);
          return sendDaemonError(reply, 403, decision.message, decision.reason);
        }
      }
      let started;
      try {
        started = await terminal.start(request.body);
      } catch (error) {
        request.log.error({ reason: (error as Error).message }, 'payment terminal: journal not written');
        return sendDaemonError(reply, 503, `${SEE_MANAGER} The payment could not be started.`, 'journal');
      }
      if (started === 'busy') return sendDaemonError(reply, 409, 'A payment is already being taken.', 'busy');
      if (started === 'no-terminal')
        return sendDaemonError(reply, 404, 'No payment terminal is configured.', 'no-terminal');
      return reply.code(202).send(started);
    },
  );

  routes.get(
    '/device/payment/terminal/:transactionId',
    { schema: { params: TransactionParams, response: { 200: TerminalPaymentStateSchema, 404: ErrorBody } } },
    async (request, reply) => {
      const payment = terminal.payment(request.params.transactionId);
      if (payment === undefined)
        return sendDaemonError(reply, 404, 'This kiosk has no such terminal payment.', 'unknown-transaction');
      return payment;
    },
  );

  routes.post(
    '/device/payment/terminal/:transactionId/cancel',
    { schema: { params: TransactionParams, response: { 200: TerminalCancelledSchema } } },
    async (request) => ({ cancelled: await terminal.cancel(request.params.transactionId) }),
  );

  // Demo and test button: with the simulator standing in for the terminal, choose how the next
  // payment ends. Absent (404) whenever a real terminal is configured.
  if (app.config.simulatePaymentTerminal) {
    routes.get(
      '/device/payment/terminal/simulate',
      { schema: { response: { 200: TerminalSimulatorAvailableSchema } } },
      async () => ({ available: true as const, outcomes: [...TERMINAL_OUTCOMES] }),
    );
    routes.post(
      '/device/payment/terminal/simulate',
      { schema: { body: SimulateTerminalSchema } },
      async (request, reply) => {
        try {
          const answer = await terminal.simulateNext(request.body);
          return reply.code(answer.statusCode).send(answer.body);
        } catch {
          return sendDaemonError(reply, 502, 'The payment terminal simulator is not answering.');
        }
      },
    );
  }
}
