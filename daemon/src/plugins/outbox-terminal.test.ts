import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxRequest } from '@kiosk/shared-types';
import { buildTestApp } from '../test-helpers/build-test-app.js';
import { seatNewRental } from '../test-helpers/seat-visitor.js';
import { tempDir } from '../test-helpers/fake-services.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { readdirSync } from 'node:fs';

/**
 * What the page may hand to the outbox around a terminal payment: never the payment's record (the
 * daemon alone sends it, once its terminal approved the payment), and no follow-up that names a
 * payment this kiosk's terminal did not approve.
 */

const apps: FastifyInstance[] = [];
const upstreams: RecordingUpstream[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const upstream of upstreams.splice(0)) await upstream.close();
});

async function kiosk(): Promise<{ app: FastifyInstance; operator: RecordingUpstream; dir: string }> {
  const operator = await startRecordingUpstream();
  upstreams.push(operator);
  const dir = tempDir('outbox-terminal-');
  const app = await buildTestApp({ upstreamUrl: operator.url, apiKey: 'test-key', outboxDir: dir });
  await app.ready();
  apps.push(app);
  seatNewRental(app, { tenant: 't-9001', spaceId: 'sp-b-10' });
  return { app, operator, dir };
}

describe('the outbox and terminal payments', () => {
  it('refuses a terminal payment record handed over by the page, writing and sending nothing', async () => {
    const { app, operator, dir } = await kiosk();
    const request = {
      kind: 'rental',
      calls: [
        {
          id: 'record',
          route: 'recordTerminalPayment',
          params: { facility: 'demo' },
          form: { transaction_id: 'tx-forged', purpose: 'rental', amount: '72.50' },
        },
      ],
    } as unknown as OutboxRequest;
    const response = await app.inject({ method: 'POST', url: '/outbox', payload: request });
    expect([400, 403]).toContain(response.statusCode);
    expect(readdirSync(dir)).toEqual([]);
    expect(operator.requests).toHaveLength(0);
  });

  it("refuses the rental's autopay enrolment naming a payment no terminal of this kiosk approved (403 not-this-payment)", async () => {
    const { app, dir } = await kiosk();
    const response = await app.inject({
      method: 'POST',
      url: '/outbox',
      payload: {
        kind: 'rental',
        calls: [
          {
            id: 'enrol_autopay',
            route: 'enrolAutopay',
            params: { tenant: 't-9001', spaceId: 'sp-b-10' },
            form: {
              facility_id: 'demo',
              tenant_id: 't-9001',
              enroll_autopay: 'true',
              terminal_transaction_id: 'tx-forged',
            },
          },
        ],
      } satisfies OutboxRequest,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'not-this-payment' });
    expect(readdirSync(dir)).toEqual([]);
  });
});
