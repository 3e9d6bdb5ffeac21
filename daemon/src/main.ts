#!/usr/bin/env node
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, supportListenerProblem, type DaemonConfig } from './config.js';
import { loggerOptions } from './logger.js';
import { buildSupportApp } from './plugins/health.js';
import { buildSandbox } from './sandbox/app.js';
import type { RunningSimulator } from './devices/device.js';
import { DEVICES } from './devices/registry.js';
import { reachableHost } from './listen-address.js';

/**
 * The kiosk daemon's entry point: read the configuration, start the device simulators asked for
 * (devices/registry.ts) and the embedded sandbox, then the UI listener (loopback) and the support listener.
 * Prints one line per listener to stdout (tests and scripts/start.mjs parse them).
 */

const DEFAULT_UI_DIR = fileURLToPath(new URL('../../kiosk-ui/dist', import.meta.url));
const SHUTDOWN_LIMIT_MS = 10_000;

function portOf(instance: FastifyInstance): number {
  return (instance.server.address() as AddressInfo).port;
}

function readConfig(): DaemonConfig {
  try {
    return loadConfig(process.env, DEFAULT_UI_DIR);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = loggerOptions(config);
  const ready: string[] = [];
  // Closed in this order on shutdown: the kiosk app first (it releases holds through the sandbox).
  let app: FastifyInstance | undefined;
  let support: FastifyInstance | undefined;
  let sandbox: FastifyInstance | undefined;
  const simulators: RunningSimulator[] = [];
  const closeSimulators = () => Promise.all(simulators.map((simulator) => simulator.close().catch(() => undefined)));

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      process.stderr.write(`Shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s: forcing exit\n`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    app?.log.info({ signal }, 'shutting down');
    for (const instance of [app, support, sandbox]) {
      if (instance === undefined) continue;
      try {
        await instance.close();
      } catch (error) {
        process.stderr.write(`Error while closing: ${(error as Error).message}\n`);
      }
    }
    await closeSimulators();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    for (const { simulator } of DEVICES) {
      if (simulator === undefined || !simulator.wanted(config)) continue;
      const running = await simulator.start(config, logger);
      simulators.push(running);
      ready.push(running.ready);
    }

    // KIOSK_SANDBOX=on without KIOSK_UPSTREAM_URL (loadConfig refuses neither).
    if (config.sandbox && config.upstreamUrl === null) {
      const deviceControls = simulators.flatMap((simulator) => simulator.sandboxControls ?? []);
      sandbox = await buildSandbox({ logger, deviceControls });
      await sandbox.listen({ host: '127.0.0.1', port: config.sandboxPort });
      const origin = `http://127.0.0.1:${portOf(sandbox)}`;
      config.upstreamUrl = `${origin}/api/v1`;
      config.sandboxOrigin = origin;
      config.logUrl ??= `${origin}/applications/logging/log`;
      ready.push(`Sandbox: ${origin}`);
    }

    app = await buildApp(config);
    if (config.sandbox)
      app.log.warn({ mode: 'sandbox' }, 'sandbox mode (KIOSK_SANDBOX=on): no real rentals or payments');
    await app.listen({ host: config.host, port: config.port });
    ready.unshift(`Kiosk ready: http://${reachableHost(config.host)}:${portOf(app)}/${config.facilityId}`);

    const problem = supportListenerProblem(config);
    if (problem !== null) {
      app.log.warn({ reason: problem }, 'support listener not started');
      process.stderr.write(`Support listener not started: ${problem}\n`);
    } else {
      try {
        support = await buildSupportApp(app);
        await support.listen({ host: config.supportHost, port: config.supportPort });
        ready.push(`Support: http://${reachableHost(config.supportHost)}:${portOf(support)}`);
      } catch (error) {
        // The kiosk keeps serving visitors without its support listener.
        app.log.error({ err: error }, 'support listener failed to start');
        process.stderr.write(`Support listener failed to start: ${(error as Error).message}\n`);
        support = undefined;
      }
    }
  } catch (error) {
    process.stderr.write(`Kiosk daemon failed to start: ${(error as Error).message}\n`);
    for (const instance of [app, support, sandbox]) await instance?.close().catch(() => undefined);
    await closeSimulators();
    process.exit(1);
  }

  process.stdout.write(`${ready.join('\n')}\n`);
}

void main();
