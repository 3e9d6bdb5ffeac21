import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { ErrorBody } from '../../route-schema.js';
import { sendDaemonError } from '../../plugins/error-handler.js';
import { SWIPE_MESSAGES } from './reader-machine.js';
import {
  CardReaderHealthSchema,
  SimulateSwipeSchema,
  SimulatorAvailableSchema,
  SwipeCancelledSchema,
  SwipeMoreTimeSchema,
  SwipeStartedSchema,
} from './schemas.js';
import { SIMULATOR_OUTCOMES } from './simulator.js';

/** The card reader's routes for the UI: swipe, cancel, more time, health, and the simulator's demo button. */
export function cardReaderRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/device/card/swipe',
    { schema: { response: { 202: SwipeStartedSchema, 409: ErrorBody } } },
    async (_request, reply) => {
      const started = app.cardReader.startSwipe();
      if (started === undefined) return sendDaemonError(reply, 409, SWIPE_MESSAGES.busy);
      return reply.code(202).send(started);
    },
  );

  routes.post('/device/card/cancel', { schema: { response: { 200: SwipeCancelledSchema } } }, async () => ({
    cancelled: app.cardReader.cancelSwipe(),
  }));

  // "More time" on the swipe screen (WCAG 2.2.1): the swipe waiting for a card waits its whole time again.
  routes.post('/device/card/more-time', { schema: { response: { 200: SwipeMoreTimeSchema } } }, async () => ({
    extended: app.cardReader.moreTime() !== undefined,
  }));

  routes.get('/device/card/health', { schema: { response: { 200: CardReaderHealthSchema } } }, async () => ({
    status: await app.cardReader.checkHealth(),
  }));

  // Demo and test button: with the simulator standing in for the device, "swipe" a test card.
  // The UI only ever talks to the daemon, so the daemon forwards to the simulator's control call.
  // Absent (404) whenever a real reader is configured.
  if (app.config.simulateCardReader) {
    // Lets the UI decide whether to show the demo button without triggering a swipe.
    routes.get('/device/card/simulate', { schema: { response: { 200: SimulatorAvailableSchema } } }, async () => ({
      available: true as const,
      outcomes: [...SIMULATOR_OUTCOMES],
    }));
    routes.post(
      '/device/card/simulate',
      {
        schema: {
          // The answer is the simulator's own, passed on as it is (docs/card-reader.md, "Simulator").
          body: SimulateSwipeSchema,
        },
      },
      async (req, reply) => {
        try {
          const answer = await request(`${app.config.cardReaderUrl}/__simulator/next`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(req.body),
            headersTimeout: 5000,
            bodyTimeout: 5000,
          });
          const body = (await answer.body.json()) as unknown;
          return reply.code(answer.statusCode).send(body);
        } catch {
          return sendDaemonError(reply, 502, 'The card reader simulator is not answering.');
        }
      },
    );
  }
}
