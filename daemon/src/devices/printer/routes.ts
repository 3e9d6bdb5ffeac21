import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sendDaemonError } from '../../plugins/error-handler.js';
import { ErrorBody } from '../../route-schema.js';
import { holdsCardNumber, PrintedSchema, PrinterHealthSchema, PrintRequestSchema } from './schemas.js';

/** How each failure answers over HTTP. */
const FAILURE_STATUS = {
  'not-configured': 404,
  busy: 409,
  'paper-out': 503,
  'cover-open': 503,
  offline: 503,
  unreachable: 503,
  timeout: 504,
  'connection-lost': 502,
} as const;

/** The printer's routes for the UI: its status, and a receipt to print. */
export function printerRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get('/device/printer', { schema: { response: { 200: PrinterHealthSchema } } }, async () => {
    await app.printer.checkStatus();
    return app.printer.status();
  });

  routes.post(
    '/device/printer/receipt',
    {
      schema: {
        body: PrintRequestSchema,
        response: {
          200: PrintedSchema,
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
          504: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { receipt, language } = request.body;
      if (holdsCardNumber(receipt)) {
        return sendDaemonError(
          reply,
          400,
          'A receipt never shows a full card number: send the card brand and last four digits only.',
          'card-number',
        );
      }
      const outcome = await app.printer.print(receipt, language);
      if (outcome.printed) return outcome;
      return sendDaemonError(reply, FAILURE_STATUS[outcome.reason], outcome.message, outcome.reason);
    },
  );
}
