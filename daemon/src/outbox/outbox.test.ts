import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, tempDir } from '../test-helpers/fake-services.js';
import { Outbox, OutboxRequestError, type OutboxDelivery } from './outbox.js';

/**
 * The daemon's own calls (acceptOwn): a terminal payment's record, kept on disk under the
 * payment's transaction id as its key, delivered with its JSON body, once per key while kept.
 */

const quiet = { info() {}, warn() {}, error() {} };
const outboxes: Outbox[] = [];
afterEach(async () => {
  while (outboxes.length > 0) await outboxes.pop()!.close();
});

function outbox(dir: string, answer: () => { statusCode: number; body: unknown }) {
  const sent: Array<{ call: OutboxDelivery; key: string }> = [];
  const box = new Outbox({
    dir,
    maxBytes: 1_000_000,
    retryBaseMs: 5,
    retryMaxMs: 20,
    log: quiet,
    send: async (call, { key }) => {
      sent.push({ call, key });
      return answer();
    },
  });
  outboxes.push(box);
  return { box, sent };
}

const record = {
  route: 'recordTerminalPayment' as const,
  params: { facility: 'demo' },
  key: 'a1b2c3d4e5',
  json: { transaction_id: 'a1b2c3d4e5', amount: '59.00', masked_pan: '•••• 1111' },
};

describe('outbox: the daemon’s own calls', () => {
  it('keeps the record on disk, delivers its JSON under the given key, and takes a repeat as the same call', async () => {
    const dir = tempDir('outbox-own-');
    let up = false;
    const { box, sent } = outbox(dir, () =>
      up
        ? { statusCode: 201, body: { application_data: { status: 'ok', result: { payment_id: 'TP-1' } } } }
        : { statusCode: 503, body: {} },
    );
    await box.start();
    await box.acceptOwn(record, 'trace-1');
    await box.acceptOwn(record, 'trace-1');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dir, files[0]!), 'utf8')).toContain('"recordTerminalPayment"');
    await eventually(() => sent.length >= 2);
    up = true;
    await eventually(() => box.outcome('a1b2c3d4e5')?.state === 'delivered');
    expect(new Set(sent.map(({ key }) => key))).toEqual(new Set(['a1b2c3d4e5']));
    expect(sent[0]!.call).toMatchObject({ route: 'recordTerminalPayment', json: record.json });
    await eventually(() => readdirSync(dir).length === 0);
  });

  it('resumes a record found on disk after a restart, under the same key', async () => {
    const dir = tempDir('outbox-own-');
    const first = outbox(dir, () => ({ statusCode: 503, body: {} }));
    await first.box.start();
    await first.box.acceptOwn(record, 'trace-1');
    await first.box.close();
    const second = outbox(dir, () => ({ statusCode: 201, body: { application_data: { status: 'ok', result: {} } } }));
    await second.box.start();
    await eventually(() => second.box.outcome('a1b2c3d4e5')?.state === 'delivered');
    expect(second.sent.map(({ key }) => key)).toEqual(['a1b2c3d4e5']);
  });

  it('refuses a record that carries card data, and keeps nothing of it', async () => {
    const dir = tempDir('outbox-own-');
    const { box } = outbox(dir, () => ({ statusCode: 201, body: {} }));
    await box.start();
    await expect(
      box.acceptOwn({ ...record, json: { ...record.json, card_number: '4111111111111111' } }, 'trace-1'),
    ).rejects.toThrow(OutboxRequestError);
    expect(readdirSync(dir)).toEqual([]);
  });
});
