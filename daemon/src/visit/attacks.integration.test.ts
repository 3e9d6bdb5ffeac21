import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../sandbox/app.js';
import { buildTestApp } from '../test-helpers/build-test-app.js';
import { MAX_FAILURES_PER_VISIT } from './attempts.js';

/**
 * The attacks of docs/security.md "What was tried", each through the whole daemon and the sandbox
 * as operator: the caller here is the kiosk's own page (it sends the page's header), the strongest
 * position short of the operator's key. Each asserts what reached the operator and what it did
 * (texts sent, mails sent, rentals linked), not only the status.
 */
describe('the daemon acts only for the visit at the screen', () => {
  let sandbox: FastifyInstance;
  let sandboxUrl: string;
  let app: FastifyInstance;

  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const control = async <T>(path: string, method = 'GET'): Promise<T> =>
    (await (await fetch(`${sandboxUrl}/__sandbox/${path}`, { method })).json()) as T;
  const texts = () => control<{ texts: Array<{ to: string; body: string; kind: string }> }>('texts');
  const mails = () => control<{ mails: Array<{ kind: string }> }>('mails');

  async function login(username = 'tenant@example.com'): Promise<string> {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/login/',
      ...form({ username, password: 'Password!1' }),
    });
    return answer.json().application_data.result.user_token as string;
  }

  beforeAll(async () => {
    sandbox = await buildSandbox();
    sandboxUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  });
  beforeEach(async () => {
    await control('reset', 'POST');
    await app?.close();
    app = await buildTestApp({ upstreamUrl: `${sandboxUrl}/api/v1` });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it("texts nobody another tenant's gate code with no login, and nobody's but to the phone on file", async () => {
    const attack = {
      facility_id: 'demo',
      tenant_id: 't-5002',
      space_id: 'sp-017',
      unit_door_number: '017',
      phone_number: '+13125550111',
    };
    const refused = await app.inject({ method: 'POST', url: '/api/text-gate-code/', ...form(attack) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('not-this-tenant');
    expect((await texts()).texts).toEqual([]);

    // Nor queued in the outbox, to be delivered and retried later.
    const queued = await app.inject({
      method: 'POST',
      url: '/outbox',
      payload: { kind: 'rental', calls: [{ id: 'gate_code_text', route: 'textGateCode', params: {}, form: attack }] },
    });
    expect(queued.statusCode).toBe(403);
    expect(queued.json().reason).toBe('not-this-tenant');
    expect((await texts()).texts).toEqual([]);

    // Logged in as Taylor Morgan (t-5001): Sam Rivera's unit 017 is still not theirs.
    const token = await login();
    await app.inject(`/api/user/items/?user_token=${token}&user_email=tenant%40example.com`);
    const details = await app.inject(`/api/user/items/facilities/demo/tenant/t-5001/?user_token=${token}`);
    const a102 = details
      .json()
      .application_data.result.space_details.find((space: { unit_number: string }) => space.unit_number === 'A102');
    const other = await app.inject({ method: 'POST', url: '/api/text-gate-code/', ...form(attack) });
    expect(other.statusCode).toBe(403);

    // Their own unit: the text goes to their phone on file, whatever number the page sent.
    const own = await app.inject({
      method: 'POST',
      url: '/api/text-gate-code/',
      ...form({ ...attack, tenant_id: 't-5001', space_id: a102.spaceId, unit_door_number: 'A102' }),
    });
    expect(own.statusCode).toBe(200);
    const sent = (await texts()).texts;
    expect(sent.map((text) => text.to)).toEqual(['+12175550147']);
  });

  it('bounds the check of a chosen gate code: a code in use is a found code, counted as a failed try', async () => {
    const check = (code: string) => app.inject(`/api/validate-gatecode/?facility_id=demo&gatecode=${code}`);
    const free = await check('7351');
    expect(free.json().application_data.result).toEqual({ gatecode: '7351' });
    const statuses: number[] = [];
    for (const code of ['1234', '0000', '2580', '4826']) statuses.push((await check(code)).statusCode);
    // Three codes in use are told; the fourth try waits, whichever code it is.
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await check('7352')).statusCode).toBe(429);
  });

  it('takes no move-out notice and no bill for a tenant nobody logged in as', async () => {
    const notice = await app.inject({
      method: 'POST',
      url: '/api/move-out-notice/',
      ...form({ facility_id: 'demo', tenant_id: 't-5001', space_id: 'sp-a102', move_out_date: '12/31/2099' }),
    });
    expect(notice.statusCode).toBe(403);
    const bill = await app.inject('/api/tenant/t-5001/space/sp-a102/pre-pay/');
    expect(bill.statusCode).toBe(403);
    expect((await mails()).mails).toEqual([]);
  });

  it('stops guessing one-time codes: the right code is refused once the visit has failed too often', async () => {
    const request = await app.inject({
      method: 'POST',
      url: '/api/owners/demo-owner/otp/',
      ...form({ phone: '+12175550147' }),
    });
    const token = request.json().application_data.result.otp_token as string;
    const statuses: number[] = [];
    const reasons = new Set<string>();
    for (let guess = 0; guess < 40; guess++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/owners/demo-owner/otp/login/',
        ...form({ phone: '+12175550147', otp: String(100000 + guess), token }),
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) reasons.add(answer.json().reason as string);
    }
    // Three wrong codes pass; then each waits, and the visit's tries run out well before 40.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
    expect(reasons).toEqual(new Set(['too-many-attempts']));
    const right = await app.inject({
      method: 'POST',
      url: '/api/owners/demo-owner/otp/login/',
      ...form({ phone: '+12175550147', otp: '123456', token }),
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
  });

  it(`links no other tenant's rental by guessing its gate code: ${MAX_FAILURES_PER_VISIT} wrong codes at most`, async () => {
    const token = await login('norentals@example.com');
    let passedToOperator = 0;
    let linked = false;
    for (let code = 0; code < 60 && !linked; code++) {
      const guess = code === 50 ? '4826' : String(1000 + code);
      const answer = await app.inject({
        method: 'POST',
        url: '/api/user/items/',
        ...form({
          facility_city: 'Springfield',
          facility_address: 'demo',
          unit_no: '017',
          gate_code: guess,
          phone: '',
          user_token: token,
        }),
      });
      if (answer.statusCode === 200) passedToOperator += 1;
      linked = answer.statusCode === 200 && answer.json().application_data.status === 'ok';
    }
    expect(linked).toBe(false);
    expect(passedToOperator).toBeLessThanOrEqual(4);
  });

  it("answers the phone look-up with whether an account exists, and no unit's access code to a logged-in tenant", async () => {
    const found = await app.inject('/api/users/phone/+12175550147/');
    expect(found.json()).toEqual({ data: { user: {} } });
    expect(found.body).not.toContain('tenant@example.com');
    const none = await app.inject('/api/users/phone/+12175550100/');
    expect(none.json()).toEqual({ data: { user: null } });

    const token = await login();
    await app.inject(`/api/user/items/?user_token=${token}&user_email=tenant%40example.com`);
    const details = await app.inject(`/api/user/items/facilities/demo/tenant/t-5001/?user_token=${token}`);
    expect(details.statusCode).toBe(200);
    expect(details.body).toContain('A102');
    expect(details.body).not.toMatch(/accessCode|2580/);
  });

  it("refuses a call with another account's token, and forgets the visit when its session ends", async () => {
    const token = await login();
    const stolen = await app.inject(`/api/facilities/demo/get-user-details/?user_token=not-${token}`);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().reason).toBe('not-this-visit');
    expect((await app.inject(`/api/facilities/demo/get-user-details/?user_token=${token}`)).statusCode).toBe(200);
    app.session.end('logout');
    const after = await app.inject(`/api/facilities/demo/get-user-details/?user_token=${token}`);
    expect(after.statusCode).toBe(403);
    expect(after.json().reason).toBe('not-logged-in');
  });
});
