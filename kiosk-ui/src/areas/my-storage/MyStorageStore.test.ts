import { afterEach, describe, expect, it, vi } from 'vitest';
import { A102, B13, payBillRoutes, form, tenant } from '../pay-bill/pay-bill-test-fixtures';
import { createTestRoot, wrapped, type FakeRoutes } from '../../test/fakes';

const ON_FILE = { ...tenant, phones: [{ type: 'cell' as const, number: '+12175550147' }] };

function routes(overrides: FakeRoutes = {}, tenantDetail = ON_FILE): FakeRoutes {
  return payBillRoutes({
    items: [{ facility: 'demo', tenants: ['t-1'] }],
    overrides: {
      'GET /api/user/items/facilities/demo/tenant/t-1/': {
        body: wrapped({
          tenant_details: [tenantDetail],
          space_details: [A102, { ...B13, access_status: 'gate_suspended' }],
        }),
      },
      'POST /api/text-gate-code/': { body: wrapped({ sent: true, phone_number: '+12175550147' }) },
      ...overrides,
    },
  });
}

async function loggedIn(overrides: FakeRoutes = {}, tenantDetail = ON_FILE) {
  const test = createTestRoot({ routes: routes(overrides, tenantDetail) });
  await test.root.config.load('demo');
  test.root.account.setUserSession({ userToken: 'ut-1', email: 'tenant@example.com' });
  await test.root.myStorage.open();
  return test;
}

afterEach(() => vi.restoreAllMocks());

describe('MyStorageStore units', () => {
  it('lists the logged-in tenant’s units with balance and the locked-out mark, never the gate code', async () => {
    const { root } = await loggedIn();
    expect(root.myStorage.unitsLoad.state).toBe('ready');
    expect(root.myStorage.units.map(({ door, balance, lockedOut }) => ({ door, balance, lockedOut }))).toEqual([
      { door: 'A102', balance: 59, lockedOut: false },
      { door: 'B-13', balance: 0, lockedOut: true },
    ]);
    expect(JSON.stringify(root.myStorage.units)).not.toContain('2580');
    // Two units: the tenant picks one.
    expect(root.myStorage.selectedUnit).toBeNull();
  });

  it('picks the only unit, and an account without a rental has none', async () => {
    const one = await loggedIn({
      'GET /api/user/items/facilities/demo/tenant/t-1/': {
        body: wrapped({ tenant_details: [ON_FILE], space_details: [A102] }),
      },
    });
    expect(one.root.myStorage.selectedUnit?.door).toBe('A102');
    const none = await loggedIn({ 'GET /api/user/items/': { body: wrapped([]) } });
    expect(none.root.myStorage.unitsLoad).toEqual({ state: 'ready', value: [] });
  });

  it('says nothing and calls nothing while nobody is logged in', async () => {
    const test = createTestRoot({ routes: routes() });
    await test.root.config.load('demo');
    await test.root.myStorage.open();
    expect(test.root.myStorage.unitsLoad.state).toBe('idle');
    expect(test.requests.some((request) => request.path.includes('user/items'))).toBe(false);
  });
});

describe('MyStorageStore gate code', () => {
  it('asks the operator to text the code on file to the phone on file and says where it went', async () => {
    const { root, requests } = await loggedIn();
    const journey = vi.spyOn(root.screenHealth, 'journey');
    await root.myStorage.sendGateCode('demo/t-1/sp-a102');
    const sent = requests.filter((request) => request.path === '/api/text-gate-code/');
    expect(sent.map(form)).toEqual([
      {
        facility_id: 'demo',
        tenant_id: 't-1',
        space_id: 'sp-a102',
        unit_door_number: 'A102',
        phone_number: '+12175550147',
      },
    ]);
    expect(root.myStorage.gateCode).toEqual({ state: 'sent', unitKey: 'demo/t-1/sp-a102', phone: '(•••) •••-0147' });
    expect(journey).toHaveBeenCalledWith('gate_code', 'sent');
  });

  it('uses the number the tenant logged in with when none is on file', async () => {
    const { root, requests } = await loggedIn({}, { ...tenant, phones: [] });
    root.myStorage.loggedInByPhone('(217) 555-0182');
    await root.myStorage.sendGateCode('demo/t-1/sp-a102');
    expect(form(requests.find((request) => request.path === '/api/text-gate-code/')!).phone_number).toBe(
      '+12175550182',
    );
    expect(root.myStorage.gateCode).toMatchObject({ state: 'sent', phone: '(•••) •••-0182' });
  });

  it('shows the server’s message, else the spec’s failure, and counts the failure', async () => {
    const refused = await loggedIn({
      'POST /api/text-gate-code/': {
        body: { application_data: { status: 'error', message: 'This number cannot receive text messages.' } },
      },
    });
    const journey = vi.spyOn(refused.root.screenHealth, 'journey');
    await refused.root.myStorage.sendGateCode('demo/t-1/sp-a102');
    expect(refused.root.myStorage.gateCode).toMatchObject({
      state: 'failed',
      message: {
        key: 'my_storage.gate_code.failed_server',
        values: { message: 'This number cannot receive text messages' },
      },
    });
    expect(journey).toHaveBeenCalledWith('gate_code', 'failed');

    const silent = await loggedIn({ 'POST /api/text-gate-code/': { status: 502, body: 'bad gateway' } });
    await silent.root.myStorage.sendGateCode('demo/t-1/sp-a102');
    expect(silent.root.myStorage.gateCode).toMatchObject({
      state: 'failed',
      message: { key: 'my_storage.gate_code.failed' },
    });
  });

  it('sends nothing without a phone on file', async () => {
    const { root, requests } = await loggedIn({}, { ...tenant, phones: [] });
    await root.myStorage.sendGateCode('demo/t-1/sp-a102');
    expect(root.myStorage.gateCode).toMatchObject({
      state: 'failed',
      message: { key: 'my_storage.gate_code.no_phone' },
    });
    expect(requests.some((request) => request.path === '/api/text-gate-code/')).toBe(false);
  });
});

describe('MyStorageStore move-out notice', () => {
  const accepted = {
    move_out_date: '08/31/2025',
    notice_days: 10,
    balance: 0,
    refund: 0,
    message: 'Please empty the unit.',
  };

  it('sends the unit and date and shows the operator’s rules with the e-mail the confirmation went to', async () => {
    const { root, requests } = await loggedIn({ 'POST /api/move-out-notice/': { body: wrapped(accepted) } });
    const journey = vi.spyOn(root.screenHealth, 'journey');
    await root.myStorage.giveMoveOutNotice('demo/t-1/sp-b-13', '08/31/2025');
    expect(form(requests.find((request) => request.path === '/api/move-out-notice/')!)).toEqual({
      facility_id: 'demo',
      tenant_id: 't-1',
      space_id: 'sp-b-13',
      move_out_date: '08/31/2025',
    });
    expect(root.myStorage.moveOut).toEqual({
      state: 'accepted',
      unitKey: 'demo/t-1/sp-b-13',
      result: accepted,
      email: 'tenant@example.com',
    });
    expect(journey).toHaveBeenCalledWith('move_out', 'accepted');
  });

  it('shows the operator’s refusal as it says it', async () => {
    const message = 'Unit A102 has a balance of $59.00. Please pay it before giving notice to move out.';
    const { root } = await loggedIn({
      'POST /api/move-out-notice/': { body: { application_data: { status: 'error', code: 'BalanceDue', message } } },
    });
    const journey = vi.spyOn(root.screenHealth, 'journey');
    await root.myStorage.giveMoveOutNotice('demo/t-1/sp-a102', '08/31/2025');
    expect(root.myStorage.moveOut).toEqual({ state: 'refused', message: { text: message } });
    expect(journey).toHaveBeenCalledWith('move_out', 'refused');
  });
});

describe('MyStorageStore reset', () => {
  it('forgets the tenant when the session ends', async () => {
    const { root } = await loggedIn();
    await root.myStorage.sendGateCode('demo/t-1/sp-a102');
    root.resetAll();
    expect(root.myStorage.units).toEqual([]);
    expect(root.myStorage.selectedUnit).toBeNull();
    expect(root.myStorage.gateCode).toEqual({ state: 'idle' });
    expect(root.myStorage.phoneDigits).toBeNull();
    expect(root.account.loggedIn).toBe(false);
  });
});
