import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxAccepted, OutboxCall, OutboxRequest } from '@kiosk/shared-types';
import { buildTestApp } from '../test-helpers/build-test-app.js';
import { seatNewRental } from '../test-helpers/seat-visitor.js';
import { tempDir } from '../test-helpers/fake-services.js';
import {
  startRecordingUpstream,
  type RecordedRequest,
  type RecordingUpstream,
} from '../test-helpers/recording-upstream.js';

/** The outbox through the daemon: POST /outbox, delivery to a recording operator API, restarts. */

const CARD = {
  card_name: 'JANE TENANT',
  card_number: '378282246310005',
  cc_exp_month: '11',
  cc_exp_year: '2031',
  cvv: '7319',
};
const mailParams = { owner: 'demo-owner', facility: 'demo', tenant: 't-9001' };

/** A rental's follow-ups: autopay with the card then its mail (with the enrolment's answer), the text, the lock. */
export function rentalFollowUps(tenant = 't-9001'): OutboxCall[] {
  return [
    {
      id: 'enrol_autopay',
      route: 'enrolAutopay',
      params: { tenant, spaceId: 'sp-b-10' },
      form: { facility_id: 'demo', tenant_id: tenant, enroll_autopay: 'true' },
      card: CARD,
      instead: {
        route: 'mailAutopay',
        params: { ...mailParams, tenant },
        form: { data: JSON.stringify({ unit_no: 'B-10', response: { status: 'error', code: 'AutopayNotEnrolled' } }) },
      },
    },
    {
      id: 'autopay_mail',
      route: 'mailAutopay',
      params: { ...mailParams, tenant },
      form: { data: JSON.stringify({ unit_no: 'B-10', request: { card_number: '3782*******0005' }, response: null }) },
      after: { id: 'enrol_autopay', take: [{ from: 'response', into: 'data.response' }] },
    },
    {
      id: 'gate_code_text',
      route: 'textGateCode',
      params: {},
      form: { facility_id: 'demo', tenant_id: tenant, phone_number: '(217) 555-0182' },
    },
    {
      id: 'lock_sale',
      route: 'processMerchandiseSales',
      params: {},
      form: { facility_id: 'demo', tenant_id: tenant, item_id: 'lock-disc-70' },
    },
  ];
}

const apps: FastifyInstance[] = [];
const upstreams: RecordingUpstream[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const upstream of upstreams.splice(0)) await upstream.close();
});

async function kiosk(outboxDir: string, upstream: RecordingUpstream, extra = {}): Promise<FastifyInstance> {
  const app = await buildTestApp({
    upstreamUrl: upstream.url,
    apiKey: 'test-key',
    outboxDir,
    outboxRetryBaseMs: 5,
    outboxRetryMaxMs: 20,
    ...extra,
  });
  await app.ready();
  apps.push(app);
  // The follow-ups are of the rental the visit at the screen made.
  seatNewRental(app, { tenant: 't-9001', spaceId: 'sp-b-10' });
  return app;
}

async function upstream(): Promise<RecordingUpstream> {
  const started = await startRecordingUpstream();
  upstreams.push(started);
  return started;
}

async function handOver(app: FastifyInstance, request: OutboxRequest) {
  return app.inject({ method: 'POST', url: '/outbox', payload: request });
}

const ok = (result: unknown) => ({ application_data: { status: 'ok', result } });
const keyOf = (request: RecordedRequest) => request.headers['idempotency-key'];

function everyByteIn(dir: string): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');
}

describe('POST /outbox', () => {
  it('is on disk when it answers 202, and every call reaches the operator once with its key, the api key and the trace id', async () => {
    const operator = await upstream();
    // The operator answers nothing until the test has looked at the disk.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    operator.respond(async (request, res) => {
      await held;
      if (request.path.startsWith('tenant/'))
        return operator.json(res, 200, ok({ documents: [], response: { enabled: true, card: '****0005' } }));
      return operator.json(res, 200, ok({}));
    });
    const dir = tempDir('outbox-');
    const app = await kiosk(dir, operator);

    const response = await handOver(app, { kind: 'rental', calls: rentalFollowUps() });
    expect(response.statusCode).toBe(202);
    const accepted = response.json<OutboxAccepted>();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dir, files[0]!), 'utf8')).toContain(accepted.keys.lock_sale);
    release();

    const requests = await operator.waitForRequests(4);
    await app.outbox.idle();
    expect(requests.map((request) => request.path).sort()).toEqual([
      'owners/demo-owner/facilities/demo/tenant/t-9001/autopay/',
      'process-merchandise-sales/',
      'tenant/t-9001/space/sp-b-10/autopay/',
      'text-gate-code/',
    ]);
    for (const request of requests) {
      expect(request.headers['x-api-key']).toBe('test-key');
      expect(request.headers['x-trace-id']).toMatch(/.+/);
    }
    expect(new Set(requests.map(keyOf))).toEqual(new Set(Object.values(accepted.keys)));
    // The enrolment carried the card; its answer went into the autopay mail.
    const enrolment = new URLSearchParams(requests.find((r) => r.path.startsWith('tenant/'))!.bodyText);
    expect(enrolment.get('card_number')).toBe(CARD.card_number);
    expect(enrolment.get('cvv')).toBe(CARD.cvv);
    const mail = new URLSearchParams(requests.find((r) => r.path.startsWith('owners/'))!.bodyText);
    expect(JSON.parse(mail.get('data')!)).toEqual({
      unit_no: 'B-10',
      request: { card_number: '3782*******0005' },
      response: { enabled: true, card: '****0005' },
    });
    expect(readdirSync(dir)).toEqual([]);
    const outcome = await app.inject({ url: `/outbox/jobs/${accepted.keys.gate_code_text}` });
    expect(outcome.json()).toEqual({
      key: accepted.keys.gate_code_text,
      state: 'delivered',
      attempts: 1,
      message: null,
    });
  });

  it('retries a 5xx and a dropped connection under the same key; a refusal ends the job and its follower', async () => {
    const operator = await upstream();
    let enrolments = 0;
    let texts = 0;
    operator.respond((request, res) => {
      if (request.path === 'text-gate-code/') {
        texts += 1;
        if (texts === 1) return operator.json(res, 503, { message: 'busy' });
        if (texts === 2) return void res.socket?.destroy();
        return operator.json(res, 200, ok({ sent: true }));
      }
      if (request.path.startsWith('tenant/')) {
        enrolments += 1;
        return operator.json(res, 200, {
          application_data: { status: 'error', code: 'BalanceDue', message: 'Pay 4111111111111111 first' },
        });
      }
      return operator.json(res, 200, ok({}));
    });
    const app = await kiosk(tempDir('outbox-'), operator);
    const accepted = (await handOver(app, { kind: 'rental', calls: rentalFollowUps() })).json<OutboxAccepted>();
    await app.outbox.idle();

    const texted = operator.requests.filter((r) => r.path === 'text-gate-code/');
    expect(texted.map(keyOf)).toEqual(Array(3).fill(accepted.keys.gate_code_text));
    expect(enrolments).toBe(1);
    expect(operator.requests.filter((r) => r.path.startsWith('owners/'))).toEqual([]);
    const refused = await app.inject({ url: `/outbox/jobs/${accepted.keys.enrol_autopay}` });
    expect(refused.json()).toMatchObject({ state: 'refused', message: 'Pay 4111********1111 first' });
    const dropped = await app.inject({ url: `/outbox/jobs/${accepted.keys.autopay_mail}` });
    expect(dropped.json()).toMatchObject({ state: 'dropped' });
    const metrics = await app.metrics.registry.metrics();
    expect(metrics).toMatch(/kiosk_outbox_deliveries_total\{outcome="retried"[^}]*\} 2/);
    expect(metrics).toMatch(/kiosk_outbox_deliveries_total\{outcome="refused"[^}]*\} 1/);
    expect(metrics).toMatch(/kiosk_outbox_jobs\{[^}]*\} 0/);
  });

  it('a restart before the enrolment sends the operator the failure instead; the card was never on disk', async () => {
    const dir = tempDir('outbox-');
    const down = await upstream();
    down.respond((_request, res) => down.json(res, 503, { message: 'down' }));
    const first = await kiosk(dir, down, { outboxRetryBaseMs: 60_000, outboxRetryMaxMs: 60_000 });
    const accepted = (await handOver(first, { kind: 'rental', calls: rentalFollowUps() })).json<OutboxAccepted>();
    await down.waitForRequests(3);
    const metrics = await first.metrics.registry.metrics();
    expect(metrics).toMatch(/kiosk_outbox_jobs\{[^}]*\} 4/);
    const bytes = everyByteIn(dir);
    for (const secret of [CARD.card_number, 'cvv', 'cc_exp_month', 'cc_exp_year']) expect(bytes).not.toContain(secret);
    // The CVV and the expiry year are four digits, which a key or a time may hold by chance: looked
    // for as whole values.
    for (const digits of [CARD.cvv, CARD.cc_exp_year]) expect(bytes).not.toMatch(new RegExp(`["=]${digits}(?=["&]|$)`));
    await first.close();

    const operator = await upstream();
    const second = await kiosk(dir, operator);
    await second.outbox.idle();
    const paths = operator.requests.map((request) => request.path).sort();
    expect(paths).toEqual([
      'owners/demo-owner/facilities/demo/tenant/t-9001/autopay/',
      'process-merchandise-sales/',
      'text-gate-code/',
    ]);
    const told = operator.requests.find((r) => r.path.startsWith('owners/'))!;
    expect(JSON.parse(new URLSearchParams(told.bodyText).get('data')!)).toMatchObject({
      unit_no: 'B-10',
      response: { status: 'error', code: 'AutopayNotEnrolled' },
    });
    expect(keyOf(told)).toBe(`${accepted.keys.enrol_autopay}.instead`);
    const lockKeys = [...down.requests, ...operator.requests]
      .filter((r) => r.path === 'process-merchandise-sales/')
      .map(keyOf);
    expect(new Set(lockKeys)).toEqual(new Set([accepted.keys.lock_sale]));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses what it cannot take: a bad request 400, a full outbox 507', async () => {
    const operator = await upstream();
    operator.respond(operator.hang());
    const app = await kiosk(tempDir('outbox-'), operator, { outboxMaxBytes: 64 * 1024, upstreamTimeoutMs: 200 });
    const [, mail] = rentalFollowUps();
    const orphan = await handOver(app, { kind: 'rental', calls: [mail!] });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toContain('runs after "enrol_autopay", which is not an earlier call');
    const payment = await handOver(app, {
      kind: 'payment',
      calls: [{ id: 'pay', route: 'payBill' as never, params: { tenant: 't', spaceId: 's' }, form: {} }],
    });
    expect(payment.statusCode).toBe(400);

    const big: OutboxRequest = {
      kind: 'rental',
      calls: [
        {
          id: 'mail',
          route: 'mailRental',
          params: { owner: 'o', facility: 'f', tenant: 't-9001', spaceTypeId: 's' },
          form: { note: 'x'.repeat(40_000) },
        },
      ],
    };
    expect((await handOver(app, big)).statusCode).toBe(202);
    const full = await handOver(app, big);
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: 'The outbox is full; these follow-ups were not accepted. Send them directly.',
    });
  });
});

describe('POST /outbox, for the visit at the screen', () => {
  it('refuses a follow-up for a tenant or unit the visit did not make, or one that takes who it is for from an answer, and writes nothing', async () => {
    const operator = await upstream();
    const dir = tempDir('outbox-');
    const app = await kiosk(dir, operator);
    const [enrolment, mail, text] = rentalFollowUps('t-5002');
    for (const call of [enrolment!, mail!, text!]) {
      const refused = await handOver(app, { kind: 'rental', calls: [call] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('not-this-tenant');
    }
    const [ownText] = rentalFollowUps().filter((call) => call.route === 'textGateCode');
    // Who the text is for, and the code the daemon sets in it, are never taken from an answer.
    for (const into of ['tenant_id', 'gatecode']) {
      const taken = await handOver(app, {
        kind: 'rental',
        calls: [
          rentalFollowUps()[0]!,
          { ...ownText!, after: { id: 'enrol_autopay', take: [{ from: 'tenant', into }] } },
        ],
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().reason).toBe('take-into-checked-field');
    }
    expect(readdirSync(dir)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(operator.requests).toEqual([]);
  });
});

describe('POST /outbox, card data and payments', () => {
  const MARKER_CARD = '5555555555554444';
  // Found by its field's name, so it can be long enough never to turn up by chance in a time or a key.
  const MARKER_CVV = 'cvv-MARKER-8261';
  const mail = (form: Record<string, string>, params = { ...mailParams, spaceTypeId: 'm-10x10' }): OutboxCall => ({
    id: 'rental_mail',
    route: 'mailRental',
    params,
    form,
  });
  // Each request starts with a call that is fine, so a check made after writing would leave a file.
  const text: OutboxCall = {
    id: 'gate_code_text',
    route: 'textGateCode',
    params: {},
    form: { facility_id: 'demo', tenant_id: 't-9001', phone_number: '(217) 555-0182' },
  };
  const [enrolment] = rentalFollowUps();

  it.each<[string, OutboxCall, string]>([
    [
      'a card number and CVV in a form',
      mail({ unit_no: 'B-10', card_number: MARKER_CARD, cvv: MARKER_CVV }),
      'card-data',
    ],
    ['a card number under a name that says nothing', mail({ remark: `card ${MARKER_CARD}` }), 'card-data'],
    ['a CVV alone', mail({ unit_no: 'B-10', cc_cvv: MARKER_CVV }), 'card-data'],
    ['an expiry alone', mail({ unit_no: 'B-10', cc_exp_month: '11', cc_exp_year: '2031' }), 'card-data'],
    [
      'a card number in a path parameter',
      mail({ unit_no: 'B-10' }, { ...mailParams, spaceTypeId: MARKER_CARD }),
      'card-data',
    ],
    [
      'a card number in JSON inside a form value',
      mail({ data: JSON.stringify({ unit_no: 'B-10', request: { card: { number: MARKER_CARD, cvv: MARKER_CVV } } }) }),
      'card-data',
    ],
    [
      'a CVV in the call sent instead of a lost enrolment',
      { ...enrolment!, instead: { ...enrolment!.instead!, form: { data: '{}', cvv: MARKER_CVV } } },
      'card-data',
    ],
    [
      'a supplies sale (items, total, card)',
      {
        id: 'supplies',
        route: 'processMerchandiseSales',
        params: {},
        form: {
          facility_id: 'demo',
          items: JSON.stringify([{ item_id: 'tape', quantity: 1 }]),
          total_amount: '5.35',
          card_number: MARKER_CARD,
          cvv: MARKER_CVV,
        },
      },
      'payment',
    ],
    [
      'a supplies sale without its card',
      {
        id: 'supplies',
        route: 'processMerchandiseSales',
        params: {},
        form: { facility_id: 'demo', items: JSON.stringify([{ item_id: 'tape', quantity: 1 }]), total_amount: '5.35' },
      },
      'payment',
    ],
  ])('refuses %s with 400, and nothing of it reaches the disk', async (_case, call, reason) => {
    const operator = await upstream();
    operator.respond((_request, res) => operator.json(res, 200, ok({})));
    const dir = tempDir('outbox-');
    const app = await kiosk(dir, operator);
    const response = await handOver(app, { kind: 'rental', calls: [text, call] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', reason });
    expect(response.body).not.toContain(MARKER_CARD);
    await app.outbox.idle();
    expect(readdirSync(dir)).toEqual([]);
    expect(app.outbox.stats().jobs).toBe(0);
    expect(operator.requests).toEqual([]);
  });

  it("keeps the rental's lock, already paid, and a mail's masked card", async () => {
    const operator = await upstream();
    operator.respond((_request, res) => operator.json(res, 200, ok({})));
    const app = await kiosk(tempDir('outbox-'), operator);
    const lock: OutboxCall = {
      id: 'lock_sale',
      route: 'processMerchandiseSales',
      params: {},
      form: { facility_id: 'demo', tenant_id: 't-9001', space_id: 'sp-b-10', item_id: 'lock-disc-70', quantity: '1' },
    };
    const masked = mail({ data: JSON.stringify({ request: { card_number: '5555********4444' }, unit_no: 'B-10' }) });
    const response = await handOver(app, { kind: 'rental', calls: [lock, masked] });
    expect(response.statusCode).toBe(202);
    await app.outbox.idle();
    expect(operator.requests.map((request) => request.path).sort()).toEqual([
      'owners/demo-owner/facilities/demo/tenant/t-9001/space-type/m-10x10/rental/',
      'process-merchandise-sales/',
    ]);
  });

  it('sends no payment or card data found on disk from an older daemon, and wipes it from the file', async () => {
    const dir = tempDir('outbox-');
    const job = (id: string, route: string, form: Record<string, string>) => ({
      id,
      key: `ob-0123456789abcdef01-${id}`,
      route,
      params: {},
      form,
      card: false,
      replaced: false,
      state: 'pending',
      message: null,
    });
    const batch = {
      batch: '0123456789abcdef01',
      kind: 'rental',
      acceptedAt: Date.now(),
      traceId: 'trace-old',
      jobs: [
        job('supplies', 'processMerchandiseSales', {
          facility_id: 'demo',
          items: '[{"item_id":"tape","quantity":1}]',
          card_number: MARKER_CARD,
          cvv: MARKER_CVV,
        }),
        job('gate_code_text', 'textGateCode', { facility_id: 'demo', note: `card ${MARKER_CARD}` }),
        job('lock_sale', 'processMerchandiseSales', {
          facility_id: 'demo',
          tenant_id: 't-9001',
          item_id: 'lock-disc-70',
        }),
      ],
    };
    writeFileSync(join(dir, `${'1'.padStart(16, '0')}-${batch.batch}.json`), JSON.stringify(batch));
    const operator = await upstream();
    // The lock waits for its answer until the test has read the file.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    operator.respond(async (_request, res) => {
      await held;
      operator.json(res, 200, ok({}));
    });
    const app = await kiosk(dir, operator);
    await operator.waitForRequests(1);
    const onDisk = everyByteIn(dir);
    expect(onDisk).toContain('lock-disc-70');
    expect(onDisk).not.toContain(MARKER_CARD);
    expect(onDisk).not.toContain(MARKER_CVV);
    release();
    await app.outbox.idle();
    expect(operator.requests.map((request) => new URLSearchParams(request.bodyText).get('item_id'))).toEqual([
      'lock-disc-70',
    ]);
    expect(readdirSync(dir)).toEqual([]);
    const outcome = async (id: string) =>
      (await app.inject({ url: `/outbox/jobs/ob-0123456789abcdef01-${id}` })).json();
    expect(await outcome('supplies')).toMatchObject({ state: 'dropped', message: 'not sent: payment' });
    expect(await outcome('gate_code_text')).toMatchObject({ state: 'dropped', message: 'not sent: card-data' });
    expect(await outcome('lock_sale')).toMatchObject({ state: 'delivered' });
  });
});

describe("what a call takes of the operator's answer", () => {
  it('is written to disk with card numbers masked and security codes and expiries removed', async () => {
    const operator = await upstream();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    operator.respond(async (request, res) => {
      if (request.path.startsWith('tenant/'))
        return operator.json(
          res,
          200,
          ok({
            response: {
              enabled: true,
              card: { number: '5555555555554444', cvv: 'cvv-MARKER-8261', exp_year: 'expiry-MARKER-2031' },
            },
          }),
        );
      await held;
      return operator.json(res, 200, ok({}));
    });
    const dir = tempDir('outbox-');
    const app = await kiosk(dir, operator);
    const [enrolment, mail] = rentalFollowUps();
    expect((await handOver(app, { kind: 'rental', calls: [enrolment!, mail!] })).statusCode).toBe(202);
    await operator.waitForRequests(2);
    const onDisk = everyByteIn(dir);
    expect(onDisk).toContain('5555********4444');
    for (const secret of ['5555555555554444', 'cvv-MARKER', 'expiry-MARKER']) expect(onDisk).not.toContain(secret);
    release();
    await app.outbox.idle();
    const sent = operator.requests.find((request) => request.path.startsWith('owners/'))!;
    expect(JSON.parse(new URLSearchParams(sent.bodyText).get('data')!).response).toEqual({
      enabled: true,
      card: { number: '5555********4444', cvv: '[removed]', exp_year: '[removed]' },
    });
  });
});
