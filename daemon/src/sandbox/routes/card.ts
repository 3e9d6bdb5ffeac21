import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decryptSimulatedSwipe } from '../../devices/card-reader/simulator.js';
import { fail, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';

/**
 * Decrypting a card swipe. The card-reader simulator "encrypts" a swipe as
 * `'SIMENC:' + base64(JSON.stringify({ name, card_number, exp_month, exp_year }))`
 * (encryptSimulatedSwipe); the sandbox plays the operator's decryption. Anything else is a card it
 * cannot read.
 */
const cardRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  app.post(
    operatorPath('decryptCard'),
    { schema: { params: stringFields(['facility'], ['facility']), body: stringFields(['card_data']) } },
    async (request) => {
      state.facility(request.params.facility);
      const card = decryptSimulatedSwipe(request.body?.card_data ?? '');
      if (!card || !/^\d{12,19}$/.test(card.card_number))
        return fail({ code: 'CardUnreadable', message: 'Unable to read card' });
      return ok({ DecryptedCardSwipe: card });
    },
  );
};

export default cardRoutes;
