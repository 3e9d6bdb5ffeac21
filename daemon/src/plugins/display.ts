import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { DAEMON_ENDPOINTS, type DisplaySettings } from '@kiosk/shared-types';
import type { Assert, Same } from '../route-schema.js';

/**
 * The display settings of this kiosk's mounting (config.reachZonePercent, validated at start),
 * for the UI: "Move controls down" keeps every control in that lower part of the screen.
 */
const DisplaySettingsBody = Type.Object({
  reach_zone_percent: Type.Integer(),
});
type _BodyIsShared = Assert<Same<Static<typeof DisplaySettingsBody>, DisplaySettings>>;

export default fp(
  async (app) => {
    const settings: DisplaySettings = { reach_zone_percent: app.config.reachZonePercent };
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        DAEMON_ENDPOINTS.displaySettings,
        { schema: { response: { 200: DisplaySettingsBody } } },
        async () => settings,
      );
  },
  { name: 'display', fastify: '5.x', dependencies: ['error-handler'] },
);
