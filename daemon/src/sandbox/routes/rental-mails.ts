import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { maskSecrets } from '@kiosk/shared-types';
import { ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { formBody } from '../rental-form.js';

/**
 * The notification mails of a rental or a reservation, and of their failures (rental spec §7
 * "Notification emails"): recorded, card data masked, for GET /__sandbox/mails.
 */

const MAIL_KINDS = [
  ['mailReservation', 'reservation'],
  ['mailReservationFailure', 'reservation-failure'],
  ['mailRental', 'rental'],
  ['mailRentalFailure', 'rental-failure'],
] as const;

const rentalMailRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  for (const [route, kind] of MAIL_KINDS) {
    app.post(
      operatorPath(route),
      {
        schema: {
          params: stringFields(
            ['owner', 'facility', 'tenant', 'spaceTypeId'],
            ['owner', 'facility', 'tenant', 'spaceTypeId'],
          ),
          body: formBody(),
        },
      },
      async (request) => {
        state.facility(request.params.facility!);
        const data: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(request.body ?? {})) {
          try {
            data[name] = value !== undefined && /^[[{]/.test(value) ? JSON.parse(value) : value;
          } catch {
            data[name] = value;
          }
        }
        state.recordings.recordMail({
          kind,
          to: { ...request.params },
          data: maskSecrets(data, { keepContactDetails: true }),
        });
        return ok({ sent: true });
      },
    );
  }
};

export default rentalMailRoutes;
