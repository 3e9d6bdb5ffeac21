import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DeviceHealth } from '@kiosk/shared-types';
import { DeviceHealthSchema } from './device.js';
import { cardReaderDevice } from './card-reader/plugin.js';
import { printerDevice } from './printer/plugin.js';
import { idScannerDevice } from './id-scanner/plugin.js';
import { speechDevice } from './speech/plugin.js';
import { paymentTerminalDevice } from './payment-terminal/plugin.js';
import type { DaemonConfig } from '../config.js';

/**
 * The kiosk's devices, in the order they are registered and listed. A new device is a folder
 * under devices/ and one line here (CONTRIBUTING.md, "Devices").
 */
export const DEVICES = [cardReaderDevice, printerDevice, idScannerDevice, speechDevice, paymentTerminalDevice] as const;

/**
 * Each device's health as support reads it (/health/ready, the support bundle): its own shape, or
 * only `{ status: 'unknown' }` for a device the app was built without.
 */
export const DevicesHealth = Type.Object(
  Object.fromEntries(DEVICES.map((device) => [device.key, Type.Union([device.healthSchema, DeviceHealthSchema])])),
);

/** A device the app was built without (some tests) reads `unknown`. */
export function devicesHealth(app: FastifyInstance): Record<string, DeviceHealth> {
  return Object.fromEntries(
    DEVICES.map((device) => [
      device.key,
      app.hasDecorator(device.decorator) ? device.health(app) : { status: 'unknown' as const },
    ]),
  );
}

/** Whether every device the kiosk cannot serve without works (or is not known to be down). */
export function neededDevicesUp(health: Record<string, DeviceHealth>, config: DaemonConfig): boolean {
  return DEVICES.every((device) => {
    const needed = typeof device.neededForReady === 'function' ? device.neededForReady(config) : device.neededForReady;
    return !needed || health[device.key]?.status !== 'down';
  });
}
