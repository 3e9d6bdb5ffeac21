import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REMOVED, type TerminalPaymentState } from '@kiosk/shared-types';
import { buildApp } from '../../app.js';
import { buildSupportApp } from '../../plugins/health.js';
import { publicConfiguration } from '../../plugins/support-bundle.js';
import { neededDevicesUp } from '../registry.js';
import type { DaemonConfig } from '../../config.js';
import { loggerOptions } from '../../logger.js';
import { asKioskPage } from '../../test-helpers/build-test-app.js';
import { eventually, tempDir, testConfig } from '../../test-helpers/fake-services.js';
import { startRecordingUpstream, type RecordingUpstream } from '../../test-helpers/recording-upstream.js';
import { seatVisitor } from '../../test-helpers/seat-visitor.js';
import {
  SIMULATOR_TEST_CARD_NUMBERS,
  startTerminalSimulator,
  type RunningTerminalSimulator,
  type TerminalOutcome,
} from './simulator.js';

/**
 * The payment terminal as the page and the operator see it: the daemon's routes over the
 * simulator (the same encrypted nexo messages as a terminal), an operator that records what it is
 * sent, the journal and the outbox on disk. Each outcome ends as the visitor would be told, with
 * one charge at most and one operator record per charge.
 */

const POI_ID = 'V400m-346403161';
const KEY = { identifier: 'kiosk-test-key', version: 1, passphrase: 'MARKER-terminal-pass-3b9e71' };
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function simulator(cardTimeMs = 80): Promise<RunningTerminalSimulator> {
  const running = await startTerminalSimulator({ poiId: POI_ID, key: KEY, cardTimeMs });
  cleanups.push(() => running.close());
  return running;
}

/** The operator: records terminal payments (201 with a payment id), the first answer for a repeated key. */
async function operator(): Promise<RecordingUpstream> {
  const upstream = await startRecordingUpstream();
  cleanups.push(() => upstream.close());
  upstream.respond((request, res) =>
    upstream.json(res, 201, {
      application_data: { status: 'ok', result: { payment_id: `pay-${request.path.length}` } },
    }),
  );
  return upstream;
}

interface Kiosk {
  app: FastifyInstance;
  config: DaemonConfig;
  logFile: string;
}

async function kiosk(
  sim: RunningTerminalSimulator | null,
  upstream: RecordingUpstream,
  overrides: Partial<DaemonConfig> & { payment?: Partial<DaemonConfig['payment']> } = {},
  dirs: Partial<Pick<DaemonConfig, 'stateDir' | 'outboxDir'>> = {},
): Promise<Kiosk> {
  const base = testConfig();
  const { payment, ...rest } = overrides;
  const config: DaemonConfig = {
    ...base,
    upstreamUrl: upstream.url,
    apiKey: 'test-key',
    outboxRetryBaseMs: 10,
    outboxRetryMaxMs: 50,
    ...dirs,
    ...rest,
    payment: {
      ...base.payment,
      mode: 'terminal',
      typedEntry: false,
      terminalUrl: sim?.url ?? null,
      terminalCaFile: sim?.caFile ?? null,
      terminalPoiId: POI_ID,
      terminalKey: KEY,
      terminalTimeoutMs: 1500,
      ...payment,
    },
  };
  const logFile = join(tempDir('terminal-log-'), 'daemon.log');
  const app = asKioskPage(
    await buildApp(config, { logger: { ...(loggerOptions(config) as object), level: 'debug', file: logFile } }),
  );
  await app.ready();
  cleanups.push(() => app.close());
  return { app, config, logFile };
}

async function pay(app: FastifyInstance, body: Record<string, unknown> = { purpose: 'rental', amountCents: 5900 }) {
  return app.inject({ method: 'POST', url: '/device/payment/terminal', payload: body });
}

/** Start a payment and follow it as the page does (GET after each event) to its end. */
async function payToTheEnd(app: FastifyInstance, body?: Record<string, unknown>): Promise<TerminalPaymentState> {
  const started = await pay(app, body);
  expect(started.statusCode).toBe(202);
  const { transactionId, stage } = started.json<TerminalPaymentState>();
  expect(stage).toBe('sending');
  return eventually(async () => {
    const state = (await app.inject({ url: `/device/payment/terminal/${transactionId}` })).json<TerminalPaymentState>();
    return ['approved', 'declined', 'cancelled', 'failed'].includes(state.stage) ? state : undefined;
  }, 10_000);
}

const recordsAt = (upstream: RecordingUpstream) =>
  upstream.requests.filter((request) => request.path.endsWith('/terminal-payments/'));

describe('payment terminal: the ways to pay', { timeout: 20_000 }, () => {
  it('offers what KIOSK_PAYMENT says, typed entry on its own switch', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const { app } = await kiosk(sim, upstream, { payment: { mode: 'both', typedEntry: true, terminalAutopay: true } });
    expect((await app.inject({ url: '/device/payment/methods' })).json()).toEqual({
      terminal: true,
      reader: true,
      typed: true,
      terminalAutopay: true,
    });
    const readerOnly = await kiosk(null, upstream, { payment: { mode: 'reader', typedEntry: false } });
    expect((await readerOnly.app.inject({ url: '/device/payment/methods' })).json()).toEqual({
      terminal: false,
      reader: true,
      typed: false,
      terminalAutopay: false,
    });
    // No terminal: a payment on it is refused by name.
    const refused = await pay(readerOnly.app);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ reason: 'no-terminal' });
  });
});

describe('payment terminal: a payment', { timeout: 20_000 }, () => {
  it('approves a chip card, records it with the operator once by its transaction id, and shows the receipt fields', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const { app } = await kiosk(sim, upstream);
    const state = await payToTheEnd(app);
    expect(state.stage).toBe('approved');
    expect(state.receipt).toMatchObject({
      applicationLabel: 'VISA CREDIT',
      aid: 'A0000000031010',
      maskedPan: '•••• 1111',
      brand: 'visa',
      entryMode: 'chip',
      terminalId: POI_ID,
      transactionId: state.transactionId,
      amountCents: 5900,
      currency: 'USD',
    });
    expect(state.receipt!.authCode).toMatch(/^\d{6}$/);
    expect(sim.charges()).toEqual([{ transactionId: state.transactionId, amountCents: 5900 }]);
    // The page hears approved only once the record is kept; it reaches the operator soon after.
    const [record] = await upstream.waitForRequests(1);
    expect(recordsAt(upstream)).toHaveLength(1);
    expect(record!.path).toBe('facilities/demo/terminal-payments/');
    expect(record!.headers['idempotency-key']).toBe(state.transactionId);
    expect(JSON.parse(record!.bodyText)).toEqual({
      transaction_id: state.transactionId,
      purpose: 'rental',
      amount: '59.00',
      currency: 'USD',
      psp_reference: state.receipt!.reference,
      auth_code: state.receipt!.authCode,
      masked_pan: '•••• 1111',
      brand: 'visa',
      application_label: 'VISA CREDIT',
      aid: 'A0000000031010',
      entry_mode: 'chip',
      terminal_id: POI_ID,
      approved_at: state.receipt!.approvedAt,
    });
    // The purpose call may use it once.
    expect(app.paymentTerminal.approvedPayment(state.transactionId)).toEqual({
      purpose: 'rental',
      amountCents: 5900,
      used: false,
    });
    app.paymentTerminal.markUsed(state.transactionId);
    expect(app.paymentTerminal.approvedPayment(state.transactionId)?.used).toBe(true);
  });

  it.each([
    ['contactless', 'contactless', '•••• 4444'],
    ['wallet', 'wallet', '•••• 5556'],
    ['swipe', 'swipe', '•••• 0005'],
  ] as const)('reads a %s payment as its entry mode', async (entryMode, shown, maskedPan) => {
    const upstream = await operator();
    const sim = await simulator();
    const { app } = await kiosk(sim, upstream);
    const simulated = await app.inject({
      method: 'POST',
      url: '/device/payment/terminal/simulate',
      payload: { outcome: 'approved', entryMode },
    });
    // Only a sandbox kiosk that runs the simulator has the demo button.
    expect(simulated.statusCode).toBe(404);
    sim.setNext('approved', entryMode);
    const state = await payToTheEnd(app);
    expect(state.receipt).toMatchObject({ entryMode: shown, maskedPan });
  });

  it('declines, then approves the retry: one charge, one record', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const { app } = await kiosk(sim, upstream);
    sim.setNext('declined');
    const declined = await payToTheEnd(app);
    expect(declined.stage).toBe('declined');
    expect(declined.receipt).toBeUndefined();
    expect(app.paymentTerminal.approvedPayment(declined.transactionId)).toBeUndefined();
    const approved = await payToTheEnd(app);
    expect(approved.stage).toBe('approved');
    expect(approved.transactionId).not.toBe(declined.transactionId);
    expect(sim.charges()).toEqual([{ transactionId: approved.transactionId, amountCents: 5900 }]);
    await upstream.waitForRequests(1);
    expect(recordsAt(upstream).map((request) => request.headers['idempotency-key'])).toEqual([approved.transactionId]);
  });

  it('cancels on the screen with a nexo Abort: nothing charged, nothing recorded', async () => {
    const upstream = await operator();
    const sim = await simulator(5000);
    const { app } = await kiosk(sim, upstream);
    const started = (await pay(app)).json<TerminalPaymentState>();
    await eventually(() => sim.transactions().length === 1);
    const cancel = await app.inject({
      method: 'POST',
      url: `/device/payment/terminal/${started.transactionId}/cancel`,
    });
    expect(cancel.json()).toEqual({ cancelled: true });
    const state = await eventually(() => {
      const payment = app.paymentTerminal.payment(started.transactionId);
      return payment?.stage === 'cancelled' ? payment : undefined;
    });
    expect(state.problem).toBeUndefined();
    expect(sim.charges()).toEqual([]);
    expect(recordsAt(upstream)).toEqual([]);
    // Nothing left to cancel.
    const again = await app.inject({ method: 'POST', url: `/device/payment/terminal/${started.transactionId}/cancel` });
    expect(again.json()).toEqual({ cancelled: false });
  });

  it('cancels on the screen while the terminal waits for a card for as long as it takes (no-answer)', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const { app } = await kiosk(sim, upstream, { payment: { terminalTimeoutMs: 60_000 } });
    sim.setNext('no-answer');
    const started = (await pay(app)).json<TerminalPaymentState>();
    await eventually(() => sim.transactions().length === 1);
    expect(app.paymentTerminal.payment(started.transactionId)?.stage).toBe('present-card');
    const cancel = await app.inject({
      method: 'POST',
      url: `/device/payment/terminal/${started.transactionId}/cancel`,
    });
    expect(cancel.json()).toEqual({ cancelled: true });
    await eventually(() => app.paymentTerminal.payment(started.transactionId)?.stage === 'cancelled');
    expect(sim.charges()).toEqual([]);
  });

  it.each<[TerminalOutcome, Partial<TerminalPaymentState>]>([
    ['cancelled-on-terminal', { stage: 'cancelled' }],
    ['card-removed', { stage: 'failed', problem: 'card-removed' }],
    ['offline', { stage: 'failed', problem: 'offline' }],
    ['garbage', { stage: 'failed', problem: 'bad-answer' }],
    ['foreign-terminal', { stage: 'failed', problem: 'foreign-terminal' }],
    ['no-answer', { stage: 'failed', problem: 'no-answer' }],
  ])('%s: ends as the visitor is told, with no charge, no record and a masked log line', async (outcome, expected) => {
    const upstream = await operator();
    const sim = await simulator();
    const { app, logFile } = await kiosk(sim, upstream);
    sim.setNext(outcome);
    const state = await payToTheEnd(app);
    expect(state).toMatchObject(expected);
    expect(sim.charges()).toEqual([]);
    // Never a second Payment request for one transaction: the kiosk asked the terminal instead.
    expect(sim.paymentRequests()).toEqual([state.transactionId]);
    expect(recordsAt(upstream)).toEqual([]);
    if (expected.problem) {
      // The log file is written asynchronously: its line comes soon after the answer.
      const log = await eventually(() => {
        const text = readFileSync(logFile, 'utf8');
        return text.includes(`"problem":"${expected.problem}"`) ? text : undefined;
      });
      for (const card of SIMULATOR_TEST_CARD_NUMBERS) expect(log).not.toContain(card);
    }
  });

  it('does not take an answer about another transaction: asks the terminal, records the real approval once', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const { app, logFile } = await kiosk(sim, upstream);
    sim.answerNextForAnotherTransaction();
    const state = await payToTheEnd(app);
    // The terminal did charge this payment: TransactionStatus says so, and that is what counts.
    expect(state.stage).toBe('approved');
    expect(sim.paymentRequests()).toEqual([state.transactionId]);
    await upstream.waitForRequests(1);
    expect(recordsAt(upstream)).toHaveLength(1);
    await eventually(() => readFileSync(logFile, 'utf8').includes('"problem":"unknown-transaction"'));
  });

  it('refuses a terminal whose certificate is not from the configured CA: failed `certificate`, never sent', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const other = await simulator();
    const { app } = await kiosk(sim, upstream, { payment: { terminalCaFile: other.caFile } });
    const state = await payToTheEnd(app);
    expect(state).toMatchObject({ stage: 'failed', problem: 'certificate' });
    expect(sim.paymentRequests()).toEqual([]);
    expect(app.paymentTerminal.status()).toBe('down');
  });

  it('refuses a certificate of the same CA issued to another terminal', async () => {
    const upstream = await operator();
    const sim = await startTerminalSimulator({ poiId: 'V400m-999999999', key: KEY, cardTimeMs: 50 });
    cleanups.push(() => sim.close());
    const { app } = await kiosk(sim, upstream);
    const state = await payToTheEnd(app);
    expect(state).toMatchObject({ stage: 'failed', problem: 'certificate' });
    expect(sim.paymentRequests()).toEqual([]);
  });
});

describe('payment terminal: the sandbox’s demo button', { timeout: 20_000 }, () => {
  it('lists the outcomes and sets the next one at the simulator through the daemon', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const { app } = await kiosk(sim, upstream, { simulatePaymentTerminal: true });
    expect((await app.inject({ url: '/device/payment/terminal/simulate' })).json()).toEqual({
      available: true,
      outcomes: [
        'approved',
        'declined',
        'cancelled-on-terminal',
        'no-answer',
        'offline',
        'card-removed',
        'garbage',
        'foreign-terminal',
      ],
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/device/payment/terminal/simulate',
      payload: { outcome: 'stolen' },
    });
    expect(bad.statusCode).toBe(400);
    const set = await app.inject({
      method: 'POST',
      url: '/device/payment/terminal/simulate',
      payload: { outcome: 'declined' },
    });
    expect(set.statusCode).toBe(200);
    expect((await payToTheEnd(app)).stage).toBe('declined');
    // Back to approved by chip for the payment after.
    expect((await payToTheEnd(app)).receipt?.entryMode).toBe('chip');
  });
});

describe('payment terminal: the page’s bad requests', { timeout: 20_000 }, () => {
  it('answers busy, a bad amount, another visit’s unit and an unknown transaction with a reason', async () => {
    const upstream = await operator();
    const sim = await simulator(3000);
    const { app } = await kiosk(sim, upstream);
    expect((await pay(app, { purpose: 'rental', amountCents: 0 })).json()).toMatchObject({
      statusCode: 400,
      reason: 'bad-amount',
    });
    expect((await pay(app, { purpose: 'rental', amountCents: -5 })).statusCode).toBe(400);
    expect((await pay(app, { purpose: 'bill', amountCents: 1000 })).json()).toMatchObject({ reason: 'bad-unit' });
    const foreign = await pay(app, { purpose: 'bill', amountCents: 1000, tenant: 't-9001', spaceId: 'sp-b-10' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ reason: 'not-this-tenant' });
    seatVisitor(app, { tenant: 't-9001', units: [{ spaceId: 'sp-b-10' }] });
    const otherUnit = await pay(app, { purpose: 'bill', amountCents: 1000, tenant: 't-9001', spaceId: 'sp-c-20' });
    expect(otherUnit.json()).toMatchObject({ statusCode: 403, reason: 'not-this-unit' });
    const bill = await pay(app, { purpose: 'bill', amountCents: 1000, tenant: 't-9001', spaceId: 'sp-b-10' });
    expect(bill.statusCode).toBe(202);
    const busy = await pay(app);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ reason: 'busy' });
    const unknown = await app.inject({ url: '/device/payment/terminal/0000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ reason: 'unknown-transaction' });
    await app.inject({ method: 'POST', url: `/device/payment/terminal/${bill.json().transactionId}/cancel` });
  });
});

describe('payment terminal: exactly once across a stop', { timeout: 20_000 }, () => {
  it('asks the terminal after a restart about a payment it was reading, and records the approval once', async () => {
    const upstream = await operator();
    const sim = await simulator(600);
    const dirs = { stateDir: tempDir('terminal-state-'), outboxDir: tempDir('terminal-outbox-') };
    const first = await kiosk(sim, upstream, {}, dirs);
    const started = (await pay(first.app)).json<TerminalPaymentState>();
    await eventually(() => sim.transactions().length === 1);
    // The daemon stops while the visitor holds the card to the terminal; the terminal completes it.
    await first.app.close();
    await eventually(() => sim.charges().length === 1);
    expect(recordsAt(upstream)).toEqual([]);

    const second = await kiosk(sim, upstream, {}, dirs);
    const state = await eventually(() => {
      const payment = second.app.paymentTerminal.payment(started.transactionId);
      return payment?.stage === 'approved' ? payment : undefined;
    });
    expect(state.receipt?.maskedPan).toBe('•••• 1111');
    await upstream.waitForRequests(1);
    expect(recordsAt(upstream).map((request) => request.headers['idempotency-key'])).toEqual([started.transactionId]);
    expect(sim.paymentRequests()).toEqual([started.transactionId]);
    expect(sim.charges()).toHaveLength(1);
  });

  it('marks a payment whose request never left as not charged, and one the terminal never had as failed', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const dirs = { stateDir: tempDir('terminal-state-'), outboxDir: tempDir('terminal-outbox-') };
    const first = await kiosk(sim, upstream, {}, dirs);
    sim.setNext('offline');
    const lost = await payToTheEnd(first.app);
    expect(lost).toMatchObject({ stage: 'failed', problem: 'offline' });
    await first.app.close();
    const second = await kiosk(sim, upstream, {}, dirs);
    expect(second.app.paymentTerminal.payment(lost.transactionId)).toMatchObject({
      stage: 'failed',
      problem: 'offline',
    });
    expect(sim.charges()).toEqual([]);
    expect(recordsAt(upstream)).toEqual([]);
  });

  it('tells the visitor to see the manager when the record cannot be kept, and records it at the next start', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const dirs = { stateDir: tempDir('terminal-state-'), outboxDir: tempDir('terminal-outbox-') };
    // An outbox too full to take the record.
    const first = await kiosk(sim, upstream, { outboxMaxBytes: 100 }, dirs);
    const state = await payToTheEnd(first.app);
    expect(state).toMatchObject({ stage: 'failed', problem: 'not-recorded' });
    expect(sim.charges()).toHaveLength(1);
    expect(recordsAt(upstream)).toEqual([]);
    await first.app.close();
    const second = await kiosk(sim, upstream, {}, dirs);
    await eventually(() => second.app.paymentTerminal.payment(state.transactionId)?.stage === 'approved');
    await upstream.waitForRequests(1);
    expect(recordsAt(upstream).map((request) => request.headers['idempotency-key'])).toEqual([state.transactionId]);
    expect(sim.paymentRequests()).toEqual([state.transactionId]);
  });

  it('keeps no card number, expiry, token or passphrase in the journal, the outbox or the log', async () => {
    const upstream = await operator();
    // The operator is away: the record waits in the outbox.
    upstream.respond((_request, res) => upstream.json(res, 503, {}));
    const sim = await simulator();
    const dirs = { stateDir: tempDir('terminal-state-'), outboxDir: tempDir('terminal-outbox-') };
    const { app, logFile } = await kiosk(sim, upstream, { payment: { terminalAutopay: true } }, dirs);
    seatVisitor(app, { tenant: 't-9001', units: [{ spaceId: 'sp-b-10' }] });
    for (const entryMode of ['chip', 'contactless', 'swipe', 'wallet'] as const) {
      sim.setNext('approved', entryMode);
      expect(
        (await payToTheEnd(app, { purpose: 'bill', amountCents: 4200, tenant: 't-9001', spaceId: 'sp-b-10' })).stage,
      ).toBe('approved');
    }
    // An autopay card change: the terminal gives a card-on-file token for the operator.
    const autopay = await payToTheEnd(app, {
      purpose: 'autopay',
      amountCents: 0,
      tenant: 't-9001',
      spaceId: 'sp-b-10',
    });
    expect(autopay).toMatchObject({ stage: 'approved', autopayEnrolled: true });
    const read = (dir: string): string =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
        .join('\n');
    const journal = read(join(dirs.stateDir, 'payment-terminal'));
    const outbox = read(dirs.outboxDir);
    expect(journal).toContain('•••• 4444');
    expect(outbox).toContain('recordTerminalPayment');
    const log = readFileSync(logFile, 'utf8');
    for (const [where, text] of [
      ['journal', journal],
      ['outbox', outbox],
      ['log', log],
    ] as const) {
      for (const card of SIMULATOR_TEST_CARD_NUMBERS) expect(text, `${card} in ${where}`).not.toContain(card);
      // Nor the first six digits the terminal's own masked PAN shows.
      expect(text, `first digits in ${where}`).not.toMatch(/411111|555555|378282|400005/);
      expect(text, `passphrase in ${where}`).not.toContain(KEY.passphrase);
      expect(text, `card fields in ${where}`).not.toMatch(/card_number|exp_month|exp_year|"cvv"|"cvc"/);
      // The card-on-file token reaches the operator from memory only.
      expect(text, `token in ${where}`).not.toMatch(/RDR[0-9A-F]{12}/);
    }
    // The operator comes back: the autopay record carries the token, the bill records none.
    upstream.respond((_request, res) =>
      upstream.json(res, 201, { application_data: { status: 'ok', result: { payment_id: 'TP-1' } } }),
    );
    const delivered = await eventually(() => {
      const bodies = recordsAt(upstream)
        .filter((request) => request.headers['idempotency-key'] === autopay.transactionId)
        .map((request) => JSON.parse(request.bodyText) as Record<string, unknown>);
      return bodies.find((body) => body.recurring_token !== undefined);
    }, 10_000);
    expect(delivered.recurring_token).toMatch(/^RDR[0-9A-F]{12}$/);
    expect(
      recordsAt(upstream).some(
        (request) =>
          /recurring_token/.test(request.bodyText) && request.headers['idempotency-key'] !== autopay.transactionId,
      ),
    ).toBe(false);
  });
});

describe('payment terminal: what support sees', { timeout: 20_000 }, () => {
  it('lists the terminal in /health/ready and the support bundle (make, model, serial, last answer), and a kiosk that pays only on it is not ready without it', async () => {
    const upstream = await operator();
    const sim = await simulator();
    const { app } = await kiosk(sim, upstream, { healthToken: 'support-token-2c4e' });
    const support = await buildSupportApp(app);
    cleanups.push(() => support.close());
    const auth = { authorization: 'Bearer support-token-2c4e' };
    expect(await app.paymentTerminal.checkHealth()).toBe('ok');
    const ready = await support.inject({ url: '/health/ready', headers: auth });
    expect(ready.json().payment_terminal).toMatchObject({
      status: 'ok',
      make: 'Adyen',
      model: 'V400m',
      serial: '346403161',
      poiId: POI_ID,
      lastAnswerAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const bundle = await support.inject({ url: '/support/bundle', headers: auth });
    expect(bundle.json().devices.payment_terminal).toMatchObject({ status: 'ok', serial: '346403161' });
    expect(bundle.body).not.toContain(KEY.passphrase);
    expect(bundle.json().configuration.payment).toMatchObject({
      mode: 'terminal',
      terminalPoiId: POI_ID,
      terminalKey: { version: 1, passphrase: REMOVED },
    });
    expect(publicConfiguration(app.config).payment).toMatchObject({ terminalKey: { passphrase: REMOVED } });
    const metrics = (await support.inject({ url: '/metrics', headers: auth })).body;
    expect(metrics).toMatch(/^kiosk_payment_terminal_up(\{[^}]*\})? 1$/m);

    await sim.close();
    expect(await app.paymentTerminal.checkHealth()).toBe('down');
    const down = await support.inject({ url: '/health/ready', headers: auth });
    expect(down.statusCode).toBe(503);
    expect(down.json().payment_terminal).toMatchObject({ status: 'down', problem: 'offline' });
    expect((await support.inject({ url: '/metrics', headers: auth })).body).toMatch(
      /^kiosk_payment_terminal_up(\{[^}]*\})? 0$/m,
    );
  });

  it('needs the terminal for ready only when it is the only way to pay, and the card reader only when it is not', () => {
    const terminalDown = { card_reader: { status: 'ok' as const }, payment_terminal: { status: 'down' as const } };
    const readerDown = { card_reader: { status: 'down' as const }, payment_terminal: { status: 'ok' as const } };
    const config = (mode: DaemonConfig['payment']['mode']) => {
      const base = testConfig();
      return { ...base, payment: { ...base.payment, mode } };
    };
    expect(neededDevicesUp(terminalDown, config('terminal'))).toBe(false);
    expect(neededDevicesUp(terminalDown, config('both'))).toBe(true);
    expect(neededDevicesUp(readerDown, config('both'))).toBe(false);
    expect(neededDevicesUp(readerDown, config('terminal'))).toBe(true);
  });
});
