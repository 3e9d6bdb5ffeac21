import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REMOVED } from '@kiosk/shared-types';
import { buildApp } from '../app.js';
import { asKioskPage } from '../test-helpers/build-test-app.js';
import { loggerOptions } from '../logger.js';
import { eventually, startFakeLoggingApp, tempDir, testConfig } from '../test-helpers/fake-services.js';
import { startRecordingUpstream } from '../test-helpers/recording-upstream.js';
import { buildSupportApp } from './health.js';

/**
 * The bar "the API key and the support token in a log, a spool file or a support answer: never":
 * put them (and CVVs under invented names, and a card an operator quotes back) everywhere a UI, an operator answer or the daemon's
 * own messages could, then search the daemon log, every spool file, every shipped entry and the
 * support listener's answers.
 */

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const API_KEY = 'kiosk-key-5e1f9c2a';
const TOKEN = 'support-token-77d0c1';
const CVV = '913';
const CARD = '4111111111111111';
const FORBIDDEN: Array<[string, RegExp]> = [
  ['API key', new RegExp(API_KEY)],
  ['support token', new RegExp(TOKEN)],
  ['URI-encoded API key', new RegExp(encodeURIComponent(`=${API_KEY}`))],
  // A CVV is three digits, which a time's milliseconds ("….913Z") or an id may hold by chance: it is
  // looked for as a whole value, in JSON, a form or a query, never as digits inside another one.
  ['CVV', new RegExp(`(?<=["=:\\s])${CVV}(?=["&,}\\s]|$)`)],
  ['card number', new RegExp(CARD)],
];

function findForbidden(where: string, text: string): string[] {
  return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${what} in ${where}`);
}

describe('the configured secrets, then the logs', () => {
  it('no daemon log line, spool file, shipped entry or support answer holds the API key, the token or a CVV', async () => {
    const dir = tempDir('secret-audit-');
    const spoolDir = join(dir, 'spool');
    const daemonLog = join(dir, 'daemon.log');
    const logging = await startFakeLoggingApp('error');
    cleanups.push(() => logging.close());
    const upstream = await startRecordingUpstream();
    cleanups.push(() => upstream.close());
    // An operator that quotes what it was sent in its failure.
    upstream.respond((request, res) => {
      const body = JSON.stringify({
        error: `refused key ${String(request.headers['x-api-key'])}`,
        cc_cvv: CVV,
        card_number: CARD,
      });
      res.writeHead(500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });

    const config = testConfig({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      healthToken: TOKEN,
      logUrl: logging.url,
      spoolDir,
      logBatchMs: 10,
      logRetryBaseMs: 20,
      logRetryMaxMs: 50,
    });
    const app = asKioskPage(
      await buildApp(config, {
        logger: { ...(loggerOptions(config) as object), level: 'trace', file: daemonLog },
      }),
    );
    await app.ready();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await app.close();
    });
    const support = await buildSupportApp(app);
    cleanups.push(() => support.close());

    // The operator's 5xx, quoted in the daemon's log.
    expect((await app.inject({ method: 'GET', url: '/api/facilities/demo/spaces/' })).statusCode).toBe(502);
    // A supplies sale paid by card, refused the same way.
    const sale = new URLSearchParams({
      facility_id: 'demo',
      items: JSON.stringify([{ item_id: 'tape', quantity: 1 }]),
      card_number: CARD,
      cvv: CVV,
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/process-merchandise-sales/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: sale.toString(),
    });
    expect(refused.statusCode).toBe(502);
    // A daemon message that quotes them (an error text holding a URL with the key, say).
    app.log.warn(
      { url: `https://op.example/?key=${encodeURIComponent(`=${API_KEY}`)}` },
      `refused ${API_KEY} ${TOKEN}`,
    );
    // What a UI might log: the secrets in free text and under invented names.
    const posts = [
      {
        event_name: `key ${API_KEY}`,
        action: `token ${TOKEN}`,
        active_section: 'payment',
        data: {
          cc_cvv: CVV,
          card_cvv: CVV,
          securityCode: CVV,
          api_key: API_KEY,
          headers: { Authorization: `Bearer ${TOKEN}`, 'x-api-key': API_KEY },
          detail: `the key is ${API_KEY}`,
          [API_KEY]: 'a key as a name',
        },
      },
    ];
    const accepted = await app.inject({ method: 'POST', url: '/log', payload: posts });
    expect(accepted.statusCode).toBe(202);

    await eventually(() => app.logPipeline.stats().spoolFiles >= 1);
    const spooled = readdirSync(spoolDir).map((name) => readFileSync(join(spoolDir, name), 'utf8'));
    expect(spooled.join('\n')).toContain(`the key is ${REMOVED}`);

    // The support listener quotes labels and messages: a label holding the key, say.
    app.metrics.upstreamErrors.inc({ route: `probe ${API_KEY}`, kind: 'down' });
    const authorization = { authorization: `Bearer ${TOKEN}` };
    const metrics = await support.inject({ method: 'GET', url: '/metrics', headers: authorization });
    const ready = await support.inject({ method: 'GET', url: '/health/ready', headers: authorization });
    expect(metrics.body).toContain('kiosk_upstream_errors_total');

    logging.mode = 'up';
    await eventually(() => app.logPipeline.stats().spoolFiles === 0);
    await app.close();
    closed = true;

    const log = readFileSync(daemonLog, 'utf8');
    const problems = [
      ...spooled.flatMap((text, i) => findForbidden(`spool file ${i}`, text)),
      ...findForbidden('daemon log', log),
      ...findForbidden('shipped entries', JSON.stringify(logging.entries)),
      ...findForbidden('support /metrics', metrics.body),
      ...findForbidden('support /health/ready', ready.body),
    ];
    expect(problems).toEqual([]);
    // The audit looked at real content.
    expect(log).toContain(`refused ${REMOVED} ${REMOVED}`);
    expect(log).toContain('the operator service failed');
    expect(logging.entries.length).toBeGreaterThanOrEqual(1);
  });
});
