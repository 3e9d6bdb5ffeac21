import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { ReaderStatus, SpeechStatus } from '@kiosk/shared-types';

/**
 * Each device as support staff read it, from the services' own status (the same sources as
 * /health/ready): `status` is one word support can filter on, the rest says why. A device that is
 * not configured reads `none`; a service not registered (some tests) reads `unknown`.
 */

export const DeviceHealth = Type.Object({
  status: Type.String(),
  problem: Type.Optional(Type.String()),
  configured: Type.Optional(Type.Boolean()),
  muted: Type.Optional(Type.Boolean()),
  tone: Type.Optional(Type.Boolean()),
});
export type DeviceHealth = Static<typeof DeviceHealth>;

export const DevicesHealth = Type.Object({
  card_reader: DeviceHealth,
  printer: DeviceHealth,
  id_scanner: DeviceHealth,
  speech: DeviceHealth,
});
export type DevicesHealth = Static<typeof DevicesHealth>;

/** The speech output: `ok` or `unavailable` with the reason, and whether muted. */
export function speechHealth(status: SpeechStatus): DeviceHealth {
  return {
    status: status.available ? 'ok' : 'unavailable',
    muted: status.muted,
    tone: status.tone,
    ...(status.problem === undefined ? {} : { problem: status.problem }),
  };
}

export function devicesHealth(app: FastifyInstance): DevicesHealth {
  const reader: ReaderStatus = app.hasDecorator('cardReader') ? app.cardReader.status() : 'unknown';
  const printer = app.hasDecorator('printer') ? app.printer.status() : undefined;
  return {
    card_reader: { status: reader },
    printer:
      printer === undefined
        ? { status: 'unknown' }
        : { status: printer.configured ? printer.state : 'none', configured: printer.configured },
    id_scanner: { status: app.hasDecorator('idScanner') ? app.idScanner.status() : 'unknown' },
    speech: app.hasDecorator('speech') ? speechHealth(app.speech.status()) : { status: 'unknown' },
  };
}
