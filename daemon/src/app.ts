import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DaemonConfig } from './config.js';
import { loggerOptions } from './logger.js';
import errorHandler, { frameworkErrors } from './plugins/error-handler.js';
import metrics from './plugins/metrics.js';
import noStore from './plugins/no-store.js';
import kioskPage from './plugins/kiosk-page.js';
import upstream from './plugins/upstream.js';
import facilityState from './plugins/facility-state.js';
import events from './plugins/events.js';
import session from './plugins/session.js';
import proxy from './plugins/proxy.js';
import visit from './plugins/visit.js';
import { DEVICES } from './devices/registry.js';
import logs from './plugins/logs.js';
import outbox from './plugins/outbox.js';
import ui from './plugins/ui.js';
import display from './plugins/display.js';
import screen, { type ScreenOptions } from './plugins/screen.js';
import { LogRing, withLogRing } from './log-ring.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: DaemonConfig;
    /** The last daemon log lines, for the support bundle. */
    logRing: LogRing;
  }
}

export interface BuildOptions {
  /** Override Fastify's logger (tests pass false or a stream-backed logger). */
  logger?: FastifyServerOptions['logger'];
  /** Options of the screen plugin (tests pass a fake browser restart). */
  screen?: ScreenOptions;
}

/**
 * Build the kiosk daemon's UI listener (loopback). No side effects at import time; nothing listens
 * until the caller calls listen(). The support listener (health, metrics) is built separately by
 * buildSupportApp() in plugins/health.ts and shares this instance's services.
 *
 * Plugin order: the no-store rule first, then services (errors, metrics, upstream client, the kept
 * facility state, events, session, screen health), then the features that use them (proxy, the
 * devices of devices/registry.ts, logs, UI).
 */
export async function buildApp(config: DaemonConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logRing = new LogRing();
  const app = Fastify({
    logger: withLogRing(options.logger ?? loggerOptions(config), logRing),
    bodyLimit: config.bodyLimitBytes,
    // Header size is bounded by Node's --max-http-header-size (16 KiB default): over-long headers get 431.
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: true,
    frameworkErrors,
  });
  app.decorate('config', config);
  app.decorate('logRing', logRing);

  await app.register(errorHandler);
  // Before every route, so its hook covers them all.
  await app.register(noStore);
  await app.register(metrics);
  // Before every route: a call not from the kiosk's own page is refused before any work.
  await app.register(kioskPage);
  await app.register(upstream);
  await app.register(facilityState);
  await app.register(events);
  await app.register(session);
  await app.register(screen, options.screen ?? {});
  await app.register(visit);
  await app.register(proxy);
  // The outbox before the devices: the payment terminal hands the operator's records to it.
  await app.register(outbox);
  for (const device of DEVICES) await app.register(device.plugin);
  await app.register(logs);
  await app.register(display);
  await app.register(ui);
  return app;
}
