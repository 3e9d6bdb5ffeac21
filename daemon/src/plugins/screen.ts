import { execFile } from 'node:child_process';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import {
  JOURNEY_OUTCOMES,
  UI_ERROR_KINDS,
  UI_HEARTBEAT_SECONDS,
  maskCardNumbersInText,
  type ClientEvent,
} from '@kiosk/shared-types';
import { startAtZero } from './metrics.js';

/**
 * Is the screen alive? The UI sends a heartbeat over /events every UI_HEARTBEAT_SECONDS; a page
 * that crashed, froze or never loaded stops, while the daemon itself is fine. This plugin turns the
 * UI's heartbeats, uncaught errors and journey outcomes into metrics, and restarts the kiosk browser
 * when the screen has been silent for config.browserRestartAfterSeconds.
 *
 * A socket's own ping/pong is not enough: the browser's network stack answers pings even while the
 * page's script is frozen or shows a white screen, so only a message from the page counts.
 */

export interface ScreenService {
  /** Seconds since the UI last spoke (since the daemon started, if it never has). */
  unseenSeconds(): number;
  connected(): boolean;
  section(): string | null;
}

export interface ScreenOptions {
  /** Restarts the kiosk browser; tests pass a fake. Default: systemctl, see restartBrowserUnit. */
  restartBrowser?: () => Promise<void>;
  /** How often the silence is checked against config.browserRestartAfterSeconds. */
  checkEveryMs?: number;
  /** The clock (tests move it on). */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    screen: ScreenService;
  }
}

/** A page that misses two heartbeats (plus slack for a busy PC) no longer counts as talking. */
const TALKING_WITHIN_MS = (2 * UI_HEARTBEAT_SECONDS + 5) * 1000;
const ERROR_MESSAGE_MAX_CHARS = 300;
const RESTART_TIMEOUT_MS = 30_000;

/**
 * The one command the daemon may run: restart the browser unit. systemd/polkit/ allows exactly
 * this unit and verb to the daemon's user; nothing from the configuration reaches the command line.
 */
export function restartBrowserUnit(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'systemctl',
      ['--no-ask-password', 'restart', 'kiosk-browser.service'],
      { timeout: RESTART_TIMEOUT_MS },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr.trim() || error.message)) : resolve()),
    );
  });
}

export default fp<ScreenOptions>(
  async (app, options) => {
    const { config, metrics } = app;
    const log = app.log.child({ component: 'screen' });
    const restartBrowser = options.restartBrowser ?? restartBrowserUnit;
    const now = options.now ?? Date.now;
    let lastSeen = now();
    let currentSection: string | null = null;
    /** Sockets a page has sent a heartbeat on, and not yet closed. */
    const pages = new Set<object>();
    let lastRestartAt = 0;
    let restarting = false;

    const unseenSeconds = (): number => (now() - lastSeen) / 1000;
    const connected = (): boolean => pages.size > 0 && now() - lastSeen < TALKING_WITHIN_MS;

    const registers = [metrics.registry];
    new Gauge({
      name: 'kiosk_ui_connected',
      help: '1 while a kiosk page holds the event socket and sends its heartbeat, 0 otherwise',
      registers,
      collect() {
        this.set(connected() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'kiosk_ui_unseen_seconds',
      help: 'Seconds since the kiosk page last sent anything (since the daemon started, if it never did)',
      registers,
      collect() {
        this.set(Math.round(unseenSeconds()));
      },
    });
    const sectionInfo = new Gauge({
      name: 'kiosk_ui_section_info',
      help: 'Always 1: the section the kiosk page reported last (a section code, no visitor data)',
      labelNames: ['section'],
      registers,
    });
    const uiErrors = new Counter({
      name: 'kiosk_ui_errors_total',
      help: 'Uncaught errors in the kiosk page, by kind: error, unhandled-rejection, render',
      labelNames: ['kind'],
      registers,
    });
    const journeys = new Counter({
      name: 'kiosk_journeys_total',
      help: "Visitors' journeys by outcome: rental, reservation, bill_payment, card_swipe, merchandise, gate_code, move_out, contact_details",
      labelNames: ['journey', 'outcome'],
      registers,
    });
    const lastRental = new Gauge({
      name: 'kiosk_last_rental_timestamp_seconds',
      help: 'When a rental was last completed on this kiosk (epoch seconds; 0 = not since the daemon started)',
      registers,
    });
    const browserRestarts = new Counter({
      name: 'kiosk_browser_restarts_total',
      help: 'Restarts of the kiosk browser by the daemon after a silent screen, by result: ok, failed',
      labelNames: ['result'],
      registers,
    });
    startAtZero(
      uiErrors,
      UI_ERROR_KINDS.map((kind) => ({ kind })),
    );
    startAtZero(
      journeys,
      Object.entries(JOURNEY_OUTCOMES).flatMap(([journey, outcomes]) =>
        outcomes.map((outcome: string) => ({ journey, outcome })),
      ),
    );
    startAtZero(browserRestarts, [{ result: 'ok' }, { result: 'failed' }]);
    lastRental.set(0);

    function showSection(section: string): void {
      if (section === currentSection) return;
      currentSection = section;
      sectionInfo.reset();
      sectionInfo.set({ section }, 1);
    }

    function handle(event: ClientEvent, client: object): void {
      lastSeen = now();
      switch (event.type) {
        case 'heartbeat':
          pages.add(client);
          showSection(event.section);
          return;
        case 'ui-error': {
          uiErrors.inc({ kind: event.kind });
          const message = maskCardNumbersInText((event.message ?? '').slice(0, ERROR_MESSAGE_MAX_CHARS));
          log.warn({ kind: event.kind, message, section: currentSection }, 'kiosk page error');
          return;
        }
        case 'journey':
          journeys.inc({ journey: event.journey, outcome: event.outcome });
          if (event.journey === 'rental' && event.outcome === 'completed') lastRental.set(Date.now() / 1000);
          return;
        default:
          return;
      }
    }

    const stopEvents = app.events.onClientEvent(handle);
    const stopClosed = app.events.onClientClosed((client) => pages.delete(client));

    async function restartIfSilent(): Promise<void> {
      const after = config.browserRestartAfterSeconds;
      if (after === 0 || restarting || unseenSeconds() < after) return;
      // One try per silent period: a browser that does not come back is not restarted in a loop.
      if (now() - lastRestartAt < after * 1000) return;
      restarting = true;
      lastRestartAt = now();
      log.warn({ unseenSeconds: Math.round(unseenSeconds()) }, 'kiosk screen silent: restarting the browser');
      try {
        await restartBrowser();
        browserRestarts.inc({ result: 'ok' });
      } catch (error) {
        browserRestarts.inc({ result: 'failed' });
        log.error({ reason: (error as Error).message }, 'could not restart the kiosk browser');
      } finally {
        restarting = false;
      }
    }

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      lastSeen = now();
      if (config.browserRestartAfterSeconds === 0) return;
      timer = setInterval(() => void restartIfSilent(), options.checkEveryMs ?? 10_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stopEvents();
      stopClosed();
    });

    app.decorate<ScreenService>('screen', { unseenSeconds, connected, section: () => currentSection });
  },
  { name: 'screen', fastify: '5.x', dependencies: ['metrics', 'events'] },
);
