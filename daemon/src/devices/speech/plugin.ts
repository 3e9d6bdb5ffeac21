import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { volumeLevelsDb, type DeviceHealth, type SpeechStatus } from '@kiosk/shared-types';
import { configuredSecrets } from '../../secrets.js';
import { defineDevice, deviceHealthFields } from '../device.js';
import { speechMetrics } from './metrics.js';
import { speechRoutes } from './routes.js';
import { SpeechService } from './service.js';

/**
 * Speech output and the idle warning's tone (docs/accessibility.md, "Speech"): the service
 * decorated as `app.speech`, two metrics, its routes, and how the rest of the daemon sees it
 * (`speechDevice`).
 */
declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechService;
  }
}

const plugin = fp(
  async (app) => {
    const { config } = app;
    // The gauge asks the service at each scrape, so the metrics are made first and read it late.
    let available = (): boolean => false;
    const metrics = speechMetrics(app.metrics.registry, () => available());
    const speech = new SpeechService({
      command: config.speechCommand,
      voices: config.speechVoices,
      rate: config.speechRate,
      playCommand: config.speechPlayCommand,
      muted: config.muted,
      secrets: configuredSecrets(config),
      volume: volumeSettings(config.speechVolumeMaxDb, config.speechVolumeDb),
      privateListening: config.speechPrivateListening,
      jackCommand: config.speechJackCommand,
      ...(config.speechHeadphonePlayCommand === null
        ? {}
        : { headphonePlayCommand: config.speechHeadphonePlayCommand }),
      simulatedJack: config.simulateHeadphoneJack,
      log: app.log.child({ component: 'speech' }),
      onSound: (kind, outcome) => metrics.sound(kind, outcome),
    });
    available = () => speech.status().available;
    app.decorate('speech', speech);
    app.addHook('onClose', async () => speech.close());
    // A paused utterance is this visitor's: the next one cannot resume it.
    app.addHook('onReady', async () => {
      if (app.hasDecorator('session')) app.session.onEnded(() => speech.forgetPaused());
    });

    speechRoutes(app);
  },
  { name: 'speech', fastify: '5.x', dependencies: ['metrics'] },
);
export default plugin;

/** The levels under the facility's maximum, and the default one's number (checked at start: one of them). */
export function volumeSettings(maxDb: number, defaultDb: number): { levelsDb: number[]; default: number } {
  const levelsDb = volumeLevelsDb(maxDb);
  return { levelsDb, default: Math.max(1, levelsDb.indexOf(defaultDb) + 1) };
}

/** The speech output as support reads it: ok, or down with the reason; whether muted. */
export function speechHealth(status: SpeechStatus): DeviceHealth & { muted: boolean; tone: boolean } {
  return {
    status: status.available ? 'ok' : 'down',
    muted: status.muted,
    tone: status.tone,
    ...(status.problem === undefined ? {} : { problem: status.problem }),
  };
}

export const speechDevice = defineDevice({
  key: 'speech',
  plugin,
  decorator: 'speech',
  healthSchema: Type.Object({ ...deviceHealthFields, muted: Type.Boolean(), tone: Type.Boolean() }),
  health: (app) => speechHealth(app.speech.status()),
  // Speech that cannot play does not make the kiosk unready: every screen still shows.
  neededForReady: false,
});
