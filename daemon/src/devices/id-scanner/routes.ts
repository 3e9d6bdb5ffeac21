import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendDaemonError } from '../../plugins/error-handler.js';
import { ErrorBody } from '../../route-schema.js';
import { fixtureBarcode, ID_SCAN_FIXTURES } from './aamva-fixtures.js';
import { IdScanReadSchema, IdScanRequestSchema } from './schemas.js';

/** The licence scanner's routes for the UI: a keyboard-wedge scan, and the simulator's demo button. */
export function idScannerRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.post(
    '/device/id/scan',
    { schema: { body: IdScanRequestSchema, response: { 200: IdScanReadSchema, 400: ErrorBody, 422: ErrorBody } } },
    async (request, reply) => {
      const outcome = app.idScanner.read(request.body.data, 'keyboard');
      if (!outcome.ok) return sendDaemonError(reply, 422, outcome.message, outcome.problem);
      return outcome;
    },
  );

  // Demo and test button: the scan simulator "reads" a sample licence, as a serial scanner would
  // (the id-scan event), and answers the same outcome. Absent unless asked for (sandbox mode).
  if (!app.config.simulateIdScanner) return;
  routes.get(
    '/device/id/simulate',
    {
      schema: {
        response: {
          200: Type.Object({
            available: Type.Literal(true),
            fixtures: Type.Array(Type.Enum(ID_SCAN_FIXTURES, { type: 'string' })),
          }),
        },
      },
    },
    async () => ({ available: true as const, fixtures: [...ID_SCAN_FIXTURES] }),
  );
  routes.post(
    '/device/id/simulate',
    {
      schema: {
        body: Type.Object(
          { fixture: Type.Enum(ID_SCAN_FIXTURES, { type: 'string' }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ fixture: Type.String(), ok: Type.Boolean() }) },
      },
    },
    async (request) => {
      const outcome = app.idScanner.read(fixtureBarcode(request.body.fixture), 'simulator');
      app.events.broadcast({ type: 'id-scan', outcome });
      return { fixture: request.body.fixture, ok: outcome.ok };
    },
  );
}
