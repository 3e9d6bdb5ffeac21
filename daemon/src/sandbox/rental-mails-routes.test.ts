import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.js';
import { TEST_CARDS } from './demo-facility.js';

let app: FastifyInstance;
const now = Date.UTC(2025, 6, 15, 17, 0);

beforeAll(async () => {
  app = await buildSandbox({ clock: () => now });
});
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/__sandbox/reset' });
});
afterAll(async () => {
  await app.close();
});

const headers = { 'x-api-key': 'k', host: 'sandbox.test' };
const post = async (url: string, form: Record<string, string> = {}) =>
  (
    await app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  ).json().application_data;
const control = async (url: string) => (await app.inject({ url: `/__sandbox/${url}` })).json();

describe('notification mails', () => {
  it('records the notification mails, masked', async () => {
    const path = 'owners/demo-owner/facilities/demo/tenant/t-9001/space-type/m-10x10';
    expect((await post(`${path}/rental/`, { source: 'kiosk', unit_no: 'B-10' })).status).toBe('ok');
    expect((await post(`${path}/rental/failure/`, { note: `card ${TEST_CARDS.approveVisa}` })).status).toBe('ok');
    expect((await post(`${path}/reservation/`, {})).status).toBe('ok');
    expect((await post(`${path}/reservation/failure/`, {})).status).toBe('ok');
    const { mails } = await control('mails');
    expect(mails.map((mail: { kind: string }) => mail.kind)).toEqual([
      'rental',
      'rental-failure',
      'reservation',
      'reservation-failure',
    ]);
    expect(mails[0]).toMatchObject({ to: { tenant: 't-9001', spaceTypeId: 'm-10x10' }, data: { unit_no: 'B-10' } });
    expect(JSON.stringify(mails)).not.toContain(TEST_CARDS.approveVisa);
  });
});
