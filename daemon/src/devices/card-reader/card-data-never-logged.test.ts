import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '@kiosk/shared-types';
import { readServerEvent } from '../../test-helpers/server-events.js';
import { loggerOptions } from '../../logger.js';
import { buildCardReaderSimulator, encryptSimulatedSwipe } from './simulator.js';
import {
  buildServiceApp,
  eventually,
  startFakeLoggingApp,
  tempDir,
  testConfig,
} from '../../test-helpers/fake-services.js';

/**
 * The bar "card number, CVV in any log or spool: never": run a whole swipe and the logging a UI
 * does around it, with the logging app down (so everything is spooled) and then back, then search
 * every log file, spool file and shipped entry for the card number and the CVV.
 */

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const CARD = '4111111111111111';
const CVV = '8531';
const FORBIDDEN: Array<[string, RegExp]> = [
  ['card number', /4111111111111111/],
  ['spaced card number', /4111[ -]1111[ -]1111[ -]1111/],
  ['CVV', new RegExp(`(?<![0-9])${CVV}(?![0-9])`)],
  [
    'encrypted swipe',
    new RegExp(
      encryptSimulatedSwipe({ name: 'JANE Q TENANT', card_number: CARD, exp_month: '12', exp_year: '30' }).slice(7, 40),
    ),
  ],
];

function findForbidden(where: string, text: string): string[] {
  return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${what} in ${where}`);
}

describe('a whole swipe, then the logs', () => {
  it('no log, spool file or shipped entry holds the card number or the CVV', async () => {
    const dir = tempDir('card-audit-');
    const spoolDir = join(dir, 'spool');
    const daemonLog = join(dir, 'daemon.log');
    const simulatorLog = join(dir, 'simulator.log');

    const logging = await startFakeLoggingApp('error');
    cleanups.push(() => logging.close());
    const simulator = await buildCardReaderSimulator({ logger: { level: 'trace', file: simulatorLog } });
    const readerUrl = await simulator.listen({ host: '127.0.0.1', port: 0 });
    cleanups.push(() => simulator.close());

    const config = {
      cardReaderUrl: readerUrl,
      logUrl: logging.url,
      spoolDir,
      logBatchMs: 10,
      logRetryBaseMs: 20,
      logRetryMaxMs: 50,
    };
    const app = await buildServiceApp({
      config,
      logger: { ...(loggerOptions(testConfig(config)) as object), level: 'trace', file: daemonLog },
    });
    await app.ready();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await app.close();
    });

    const events: ServerEvent[] = [];
    const ws = await app.injectWS(
      '/events',
      {},
      {
        onInit: (socket) => socket.on('message', (data: Buffer) => events.push(readServerEvent(data))),
      },
    );

    // The swipe.
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'approve' } });
    expect((await app.inject({ method: 'POST', url: '/device/card/swipe' })).statusCode).toBe(202);
    const result = await eventually(() => events.find((event) => event.type === 'swipe-result'));
    expect(result).toMatchObject({ card: { card_number: CARD } }); // the UI, and only the UI, gets it

    // A failed swipe too (garbage that looks like track data).
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'garbage' } });
    await app.inject({ method: 'POST', url: '/device/card/swipe' });
    await eventually(() => events.find((event) => event.type === 'swipe-error'));

    // What a UI logs around it: the card form model, free text, and some bad posts.
    const model = { cc_number: CARD, cvv: CVV, cc_exp_month: '12', cc_exp_year: '2030', name_on_card: 'JANE Q TENANT' };
    const posts: Array<{ payload: unknown; contentType?: string }> = [
      { payload: { event_name: 'Navigation next', action: 'next', active_section: 'card_details', data: { model } } },
      {
        payload: [
          {
            event_name: `Card ${CARD.replace(/(\d{4})/g, '$1 ').trim()} swiped`,
            action: `swiped ${CARD}`,
            active_section: 'swipe_scan',
            data: { swipe: result },
          },
        ],
      },
      { payload: { event_name: 'Navigation next', active_section: CARD, data: { cvv: CVV } } },
      { payload: `{"event_name":"x${CARD}`, contentType: 'application/json' },
      { payload: `x${CARD}`, contentType: 'application/json' },
      { payload: { event_name: CARD.repeat(20), action: 'a', active_section: 's' } },
    ];
    for (const { payload, contentType } of posts) {
      const response = await app.inject({
        method: 'POST',
        url: '/log',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': contentType ?? 'application/json' },
      });
      expect(response.statusCode).toBeLessThan(500);
    }

    await eventually(() => app.logPipeline.stats().spoolFiles >= 2);
    const spooledWhileDown = readdirSync(spoolDir).map((name) => readFileSync(join(spoolDir, name), 'utf8'));
    expect(spooledWhileDown.join('\n')).toContain('4111********1111');

    logging.mode = 'up';
    await eventually(() => app.logPipeline.stats().spoolFiles === 0);
    ws.terminate();
    await app.close();
    closed = true;

    const problems = [
      ...spooledWhileDown.flatMap((text, i) => findForbidden(`spool file ${i}`, text)),
      ...readdirSync(spoolDir).flatMap((name) =>
        findForbidden(`spool ${name}`, readFileSync(join(spoolDir, name), 'utf8')),
      ),
      ...findForbidden('daemon log', readFileSync(daemonLog, 'utf8')),
      ...findForbidden('simulator log', readFileSync(simulatorLog, 'utf8')),
      ...findForbidden('shipped entries', JSON.stringify(logging.entries)),
    ];
    expect(problems).toEqual([]);
    // The audit looked at real content: the swipe was logged (by outcome) and the entries were shipped.
    expect(readFileSync(daemonLog, 'utf8')).toContain('card swipe ended');
    expect(logging.entries.length).toBeGreaterThanOrEqual(2);
  });
});
