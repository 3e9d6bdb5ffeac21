import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import type { DeviceHealth } from '@kiosk/shared-types';
import type { DaemonConfig } from '../config.js';
import type { Assert, Same } from '../route-schema.js';

/**
 * What every device of the kiosk (card reader, printer, licence scanner, speech output) tells the
 * rest of the daemon. Each device is one folder, `devices/<device>/`, holding its service, its
 * routes, its simulator and one `KioskDevice` (in its plugin.ts); `devices/registry.ts` lists
 * them, and start-up (app.ts, main.ts), /health/ready, the support bundle and the hello event read
 * that list. Adding a device: CONTRIBUTING.md, "Devices".
 */

export const DeviceStatusSchema = Type.Union([
  Type.Literal('ok'),
  Type.Literal('down'),
  Type.Literal('unknown'),
  Type.Literal('none'),
]);

/** The fields every device's health has; a device adds its own (the printer's state). */
export const deviceHealthFields = {
  status: DeviceStatusSchema,
  problem: Type.Optional(Type.String()),
};
export const DeviceHealthSchema = Type.Object(deviceHealthFields);
type _DeviceHealthIsShared = Assert<Same<Static<typeof DeviceHealthSchema>, DeviceHealth>>;

/** A simulator standing in for the device, started by main.ts before the kiosk app. */
export interface DeviceSimulator {
  /** Whether this kiosk runs the simulator (its KIOSK_SIMULATE_* setting). */
  wanted(config: DaemonConfig): boolean;
  /** Start it and point `config` at it (the device's URL setting). */
  start(config: DaemonConfig, logger: FastifyServerOptions['logger']): Promise<RunningSimulator>;
}

export interface RunningSimulator {
  /** The line main.ts prints, e.g. "Printer simulator: tcp://127.0.0.1:9100". */
  ready: string;
  /** Control routes the embedded sandbox serves under /__sandbox/<prefix> (switches, pages). */
  sandboxControls?: { prefix: string; plugin: FastifyPluginAsync };
  close(): Promise<void>;
}

export interface KioskDevice<H extends TSchema = TSchema> {
  /** Its key in /health/ready and the support bundle: `card_reader`. */
  key: string;
  /** The fastify-plugin that decorates the app with the service and adds the routes. */
  plugin: FastifyPluginAsync;
  /** The decorator the plugin adds (absent in tests that build an app without the device). */
  decorator: keyof FastifyInstance;
  /** Its health as support reads it, with `status` in the common vocabulary. */
  healthSchema: H;
  health(app: FastifyInstance): Static<H> & DeviceHealth;
  /** A kiosk whose device is down is not ready (the card reader: no payment without it), by its settings. */
  neededForReady: boolean | ((config: DaemonConfig) => boolean);
  simulator?: DeviceSimulator;
}

/** A device as the registry lists it: its health checked against its own schema here. */
export function defineDevice<H extends TSchema>(device: KioskDevice<H>): KioskDevice {
  return device;
}
