import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { transpileForChild } from '../test-helpers/plain-node-child.js';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-helpers/fake-services.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';

/**
 * At least once across a crash: a child process runs the outbox over the daemon's own upstream
 * client, accepts the follow-ups of 50 rentals and is SIGKILLed while delivering them; a second
 * run over the same directory must deliver every call. The operator (a recording upstream) applies
 * a call's effect once per idempotency key and answers a repeat with the first answer: every call
 * must have had its effect exactly once, under one key. The card never reached the disk, and an
 * enrolment still waiting at the kill is replaced by the mail that tells the facility.
 */

const BATCHES = 50;
const CARD = {
  card_name: 'JANE TENANT',
  card_number: '378282246310005',
  cc_exp_month: '11',
  cc_exp_year: '2031',
  cvv: '7319',
};

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** The child runs plain Node: the outbox, the upstream client and shared-types, transpiled into a temp dir. */
function buildChild(): string {
  const out = tempDir('outbox-kill-child-');
  transpileForChild(out, [
    'outbox/outbox.ts',
    'outbox/jobs.ts',
    'outbox/store.ts',
    'plugins/upstream.ts',
    'plugins/upstream-health.ts',
    'outbound.ts',
    'config-values.ts',
    'durable-file.ts',
  ]);
  writeFileSync(
    join(out, 'child.mjs'),
    `import { Outbox } from './outbox/outbox.js';
import { createUpstreamPool, splitBase, upstreamCaller } from './plugins/upstream.js';
const [dir, upstreamUrl, mode] = process.argv.slice(2);
const card = ${JSON.stringify(CARD)};
const config = { apiKey: 'kill-key', upstreamTimeoutMs: 2000, upstreamCaFile: null, httpProxyUrl: null, httpsProxyUrl: null, noProxy: '',
  headerNames: { apiKey: 'x-api-key', date: 'x-date', traceId: 'x-trace-id', idempotencyKey: 'idempotency-key' } };
const { origin, basePath } = splitBase(upstreamUrl);
const call = upstreamCaller({ config, pool: createUpstreamPool(origin, config), basePath,
  traceId: () => 'trace-kill', onError() {}, onAnswer() {} });
const quiet = { info() {}, warn() {}, error() {} };
const outbox = new Outbox({ dir, maxBytes: 50_000_000, retryBaseMs: 5, retryMaxMs: 50, log: quiet,
  send: (job, { key, traceId }) => call(job.route, job.params, { form: job.form, headers: { 'idempotency-key': key }, traceId }) });
await outbox.start();
const mail = (tenant, response) => ({ route: 'mailAutopay', params: { owner: 'demo-owner', facility: 'demo', tenant },
  form: { data: JSON.stringify({ unit_no: 'B-10', request: { card_number: '3782*******0005' }, response }) } });
if (mode === 'accept') {
  for (let i = 0; i < ${BATCHES}; i += 1) {
    const tenant = 't-' + i;
    await outbox.accept({ kind: 'rental', calls: [
      { id: 'enrol_autopay', route: 'enrolAutopay', params: { tenant, spaceId: 'sp-b-10' }, form: { tenant_id: tenant }, card,
        instead: mail(tenant, { status: 'error', code: 'AutopayNotEnrolled' }) },
      { id: 'autopay_mail', ...mail(tenant, null), after: { id: 'enrol_autopay', take: [{ from: 'response', into: 'data.response' }] } },
      { id: 'gate_code_text', route: 'textGateCode', params: {}, form: { tenant_id: tenant, phone_number: '(217) 555-0182' } },
      { id: 'lock_sale', route: 'processMerchandiseSales', params: {}, form: { tenant_id: tenant, item_id: 'lock-disc-70' } },
      { id: 'rental_mail', route: 'mailRental', params: { owner: 'demo-owner', facility: 'demo', tenant, spaceTypeId: 'm-10x10' },
        form: { unit_no: 'B-10' } },
    ] }, 'trace-kill');
    process.stdout.write('accepted ' + i + '\\n');
  }
}
setInterval(() => {
  if (mode === 'drain' && outbox.stats().jobs === 0) outbox.close().then(() => process.exit(0));
}, 20);
`,
  );
  return join(out, 'child.mjs');
}

interface Effect {
  path: string;
  tenant: string;
  data: string | null;
}

/** An operator that applies each idempotency key's effect once and answers a repeat the same. */
async function operator(): Promise<{ upstream: RecordingUpstream; effects: Map<string, Effect> }> {
  const upstream = await startRecordingUpstream();
  cleanups.push(() => upstream.close());
  const effects = new Map<string, Effect>();
  upstream.respond((request, res) => {
    const key = String(request.headers['idempotency-key']);
    const form = new URLSearchParams(request.bodyText);
    const tenant = form.get('tenant_id') ?? request.path.match(/tenant\/(t-\d+)/)?.[1] ?? '';
    if (!effects.has(key)) effects.set(key, { path: request.path, tenant, data: form.get('data') });
    const result = request.path.startsWith('tenant/') ? { documents: [], response: { enabled: true } } : {};
    // Slow enough that the kill lands while calls are in flight.
    setTimeout(() => upstream.json(res, 200, { application_data: { status: 'ok', result } }), 400);
  });
  return { upstream, effects };
}

function run(child: string, dir: string, url: string, mode: 'accept' | 'drain') {
  const process_ = spawn(process.execPath, [child, dir, url, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    process_.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { process_, exited };
}

describe('outbox killed mid-delivery', () => {
  const child = buildChild();

  it('delivers every follow-up of 50 rentals after a SIGKILL and a restart, each once by its key, no card on disk', async () => {
    const dir = tempDir('outbox-kill-');
    const { upstream, effects } = await operator();

    const first = run(child, dir, upstream.url, 'accept');
    let accepted = 0;
    for await (const line of createInterface({ input: first.process_.stdout! })) {
      if (line.startsWith('accepted ')) accepted = Number(line.split(' ')[1]) + 1;
      if (accepted === BATCHES) break;
    }
    await upstream.waitForRequests(40, 20_000);
    first.process_.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const onTheWire = upstream.requests.length;

    // What the crash left: no card number, CVV, expiry or card field name in any byte.
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    const bytes = files.map((name) => readFileSync(join(dir, name)).toString('latin1')).join('\n');
    for (const secret of [CARD.card_number, '"cvv"', 'cc_exp_month', 'cc_exp_year'])
      expect(bytes).not.toContain(secret);
    // The CVV and the expiry year are four digits, which a key or a time may hold by chance: looked
    // for as whole values.
    for (const digits of [CARD.cvv, CARD.cc_exp_year]) expect(bytes).not.toMatch(new RegExp(`["=]${digits}(?=["&]|$)`));

    const second = run(child, dir, upstream.url, 'drain');
    expect((await second.exited).code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);

    // Each call had its effect once, under one key (a key that changed across the restart would show twice).
    const effectsOf = (tenant: string, path: RegExp) =>
      [...effects.values()].filter((effect) => effect.tenant === tenant && path.test(effect.path));
    let enrolled = 0;
    let told = 0;
    for (let i = 0; i < BATCHES; i += 1) {
      const tenant = `t-${i}`;
      expect(effectsOf(tenant, /^text-gate-code\/$/)).toHaveLength(1);
      expect(effectsOf(tenant, /^process-merchandise-sales\/$/)).toHaveLength(1);
      expect(effectsOf(tenant, /\/space-type\/m-10x10\/rental\/$/)).toHaveLength(1);
      const enrolments = effectsOf(tenant, /^tenant\/t-\d+\/space\/sp-b-10\/autopay\/$/);
      expect(enrolments.length).toBeLessThanOrEqual(1);
      const mails = effectsOf(tenant, /^owners\/.*\/autopay\/$/).map((effect) => JSON.parse(effect.data!).response);
      // Enrolled, then its mail with the enrolment's answer; or the mail saying it did not happen.
      if (mails.some((response) => response?.code === 'AutopayNotEnrolled')) told += 1;
      else {
        expect(enrolments).toHaveLength(1);
        expect(mails).toEqual([{ enabled: true }]);
        enrolled += 1;
      }
    }
    expect(enrolled + told).toBe(BATCHES);
    // The restarted run never had a card: it sent no enrolment.
    expect(upstream.requests.slice(onTheWire).filter((request) => request.path.startsWith('tenant/'))).toEqual([]);
    console.info(
      `outbox kill test: ${BATCHES} rentals, ${onTheWire} calls on the wire before SIGKILL, ${upstream.requests.length - onTheWire} after the restart, ` +
        `${effects.size} keys with an effect, ${enrolled} enrolled, ${told} enrolments replaced by the failure mail`,
    );
  }, 60_000);
});
