import { describe, expect, it, vi } from 'vitest';
import { createTestRoot, wrapped, type FakeRoutes } from '../../test/fakes';
import {
  A102,
  B13,
  payBillRoutes,
  calls,
  card,
  loaded,
  prePay,
  RESERVED,
  setup,
  space,
  tenant,
} from './pay-bill-test-fixtures';

/** PayBillStore over the fake operator API of pay-bill-test-fixtures.ts. */

describe('opening pay bill', () => {
  it('starts at login when logged out', async () => {
    const { root } = createTestRoot({ routes: payBillRoutes() });
    root.account.open();
    expect(root.account.view).toBe('login');
  });

  it('goes to pay when logged in and lists the leased units, reservations skipped, failures counted', async () => {
    const { root } = await loaded();
    expect(root.account.view).toBe('pay');
    expect(root.payBill.units.map((unit) => unit.space.unit_number)).toEqual(['A102', 'B-13']);
    expect(root.payBill.failedDetails).toBe(1);
    expect(root.payBill.selectedUnit?.space.unit_number).toBe('A102');
    expect(root.payBill.account?.res_id).toBeNull();
    expect(root.payBill.units[0]?.period).toBe(1);
  });

  it('goes to link a rental when the account has no items', async () => {
    const { root } = await setup({ items: [] });
    root.account.open();
    await vi.waitFor(() => expect(root.account.view).toBe('link_rental'));
  });

  it('offers to try again, logged in and on pay, when the account call gets no answer; trying again lists the units', async () => {
    let reachable = false;
    const routes = payBillRoutes();
    const items = routes['GET /api/user/items/']!;
    const { root } = await setup({
      overrides: {
        'GET /api/user/items/': (request) =>
          reachable ? (typeof items === 'function' ? items(request) : items) : { networkError: true },
      },
    });
    root.account.open();
    await vi.waitFor(() => expect(root.payBill.unitList).toEqual({ state: 'failed', reason: 'unreachable' }));
    expect(root.account.view).toBe('pay');
    expect(root.account.loggedIn).toBe(true);
    reachable = true;
    void root.payBill.loadAccount();
    await vi.waitFor(() => expect(root.payBill.unitList.state).toBe('ready'));
    expect(root.payBill.units.map((unit) => unit.space.unit_number)).toEqual(['A102', 'B-13']);
  });

  it('shows the loading screen for at least the minimum time', async () => {
    const { root } = await setup();
    root.payBill.minimumLoadingMs = 150;
    const started = Date.now();
    root.account.open();
    expect(root.payBill.unitList.state).toBe('loading');
    await vi.waitFor(() => expect(root.payBill.unitList.state).toBe('ready'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('per-unit rules', () => {
  it('adds the pre-pay total of a ticked unit to the grand total and reloads charges with the period', async () => {
    const { root, requests } = await loaded();
    const [a102] = root.payBill.units;
    root.payBill.tickPay(a102!, true);
    expect(root.payBill.grandTotal).toBe(108);
    root.payBill.setPeriod(a102!, 3);
    await vi.waitFor(() => expect(root.payBill.grandTotal).toBe(59 + 147));
    expect(calls(requests, 'GET', '/sp-a102/pre-pay/').map((r) => r.query.get('period'))).toEqual(['1', '3']);
    root.payBill.tickPay(a102!, false);
    expect(root.payBill.grandTotal).toBe(0);
  });

  it('forces pay with a disabled checkbox when enrolling with a balance, and pays just the balance', async () => {
    const { root } = await loaded();
    const [a102] = root.payBill.units;
    root.payBill.tickEnrol(a102!, true);
    expect(a102!.choice.payMyBill).toBe(true);
    expect(a102!.payForced).toBe(true);
    root.payBill.tickPay(a102!, false);
    expect(a102!.choice.payMyBill).toBe(true);
    expect(root.payBill.grandTotal).toBe(59);
    root.payBill.tickEnrol(a102!, false);
    expect(a102!.choice.payMyBill).toBe(false);
  });

  it('asks before updating the card of an enrolled unit with a balance; cancelling leaves it unticked', async () => {
    const { root } = await loaded({
      overrides: {
        'GET /api/user/items/facilities/demo/tenant/t-1/': {
          body: wrapped({ tenant_details: [tenant], space_details: [{ ...A102, autoPay: B13.autoPay }] }),
        },
      },
    });
    const [unit] = root.payBill.units;
    root.payBill.tickUpdateCard(unit!, true);
    expect(root.payBill.pendingUpdateCardKey).toBe(unit!.key);
    root.payBill.dismissUpdateCard();
    expect(unit!.choice.updateCardDetails).toBe(false);
    root.payBill.tickUpdateCard(unit!, true);
    root.payBill.confirmUpdateCard();
    expect(unit!.choice).toMatchObject({ updateCardDetails: true, payMyBill: true });
  });

  it('clears the charges when the pre-pay call fails, and will not take a payment without them', async () => {
    const { root } = await loaded({
      overrides: {
        'GET /api/tenant/t-1/space/sp-b-13/pre-pay/': { body: { application_data: { status: 'error' } } },
      },
    });
    const b13 = root.payBill.units[1]!;
    expect(b13.prePay).toBeNull();
    root.payBill.tickPay(b13, true);
    expect(root.payBill.canMakePayment).toBe(false);
  });

  it('needs a ticked unit to make a payment', async () => {
    const { root } = await loaded();
    root.payBill.makePayment();
    expect(root.payBill.stage).toBe('units');
  });
});

describe('the list and the charges as the management system sends them', () => {
  it('lists a space without a leaseId and a space listed twice, each with its own key', async () => {
    const D07 = space({ unit_number: 'D-07', spaceId: 'sp-d-07', leaseId: null, balance: [] });
    const { root } = await loaded({
      overrides: {
        'GET /api/user/items/facilities/demo/tenant/t-1/': {
          body: wrapped({ tenant_details: [tenant], space_details: [A102, B13, D07, A102, RESERVED] }),
        },
        'GET /api/tenant/t-1/space/sp-d-07/pre-pay/': (request) => ({
          body: wrapped(prePay(0, Number(request.query.get('period')))),
        }),
      },
    });
    expect(root.payBill.units.map((unit) => unit.space.unit_number)).toEqual(['A102', 'B-13', 'D-07', 'A102']);
    expect(new Set(root.payBill.units.map((unit) => unit.key)).size).toBe(4);
  });

  it('clears the balance with the charges when the pre-pay fetch fails', async () => {
    const { root } = await loaded({
      overrides: {
        'GET /api/tenant/t-1/space/sp-a102/pre-pay/': { body: { application_data: { status: 'error' } } },
      },
    });
    const a102 = root.payBill.units[0]!;
    expect(a102.prePay).toBeNull();
    expect(a102.balanceDue).toBe(0);
    expect(a102.hasBalance).toBe(false);
    // Without a balance there is no Pay Balance Due choice.
    expect(a102.periodChoices.map((choice) => choice.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows Pay Balance Due as the pay-through choice while autopay locks the payment to the balance', async () => {
    const { root } = await loaded();
    const a102 = root.payBill.units[0]!;
    expect(a102.shownPeriod).toBe(1);
    root.payBill.tickEnrol(a102, true);
    expect(a102.shownPeriod).toBe(0);
    expect(root.payBill.grandTotal).toBe(59);
    root.payBill.tickEnrol(a102, false);
    expect(a102.shownPeriod).toBe(1);
  });
});

describe('cancel autopay', () => {
  it('confirms, then shows Autopay Cancelled on the result screen', async () => {
    const { root, requests } = await loaded();
    const b13 = root.payBill.units[1]!;
    root.payBill.requestCancelAutopay(b13);
    expect(root.payBill.pendingCancelKey).toBe(b13.key);
    root.payBill.confirmCancelAutopay();
    expect(root.payBill.stage).toBe('result');
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(b13.statusKeys).toEqual(['pay_bill.status.autopay_cancelled']);
    expect(root.payBill.payment.succeeded).toBe(true);
    expect(calls(requests, 'DELETE', '/sp-b-13/autopay/')).toHaveLength(1);
  });

  it('reloads the list from the result screen', async () => {
    const { root, requests } = await loaded();
    root.payBill.requestCancelAutopay(root.payBill.units[1]!);
    root.payBill.confirmCancelAutopay();
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    root.payBill.reloadList();
    expect(root.payBill.unitList.state).toBe('loading');
    await vi.waitFor(() => expect(root.payBill.unitList.state).toBe('ready'));
    expect(calls(requests, 'GET', '/api/user/items/')).toHaveLength(2);
  });
});

describe('reset', () => {
  it('forgets the units and goes back to login', async () => {
    const { root } = await loaded();
    root.resetAll();
    expect(root.payBill.units).toEqual([]);
    expect(root.account.view).toBe('login');
  });
});

describe('the payment history (the rental confirm_paybill)', () => {
  const history = [
    { paid_at: '2025-07-15T17:00:00Z', unit_number: 'A102', amount: 59, card_last4: '1111', transaction_id: 'txn-1' },
    { paid_at: '2025-06-01T09:00:00Z', unit_number: 'B-13', amount: 49, card_last4: '4242', transaction_id: 'txn-0' },
  ];

  async function paid(tenantRoute: FakeRoutes[string]) {
    const test = await loaded({ overrides: { 'GET /api/tenant/t-1/': tenantRoute } });
    test.root.payBill.tickPay(test.root.payBill.units[0]!, true);
    await test.root.payBill.submitPayment(card);
    await vi.waitFor(() => expect(test.root.payBill.payment.processing).toBe(false));
    await test.root.payBill.loadPaymentHistory();
    return test;
  }

  it("asks for the paid tenant's history with the account's token", async () => {
    const { root, requests } = await paid({ body: wrapped({ ...tenant, payment_history: history }) });
    expect(root.payBill.paymentHistory).toEqual({ state: 'ready', value: history });
    const [call] = calls(requests, 'GET', '/api/tenant/t-1/');
    expect(call!.query.get('user_token')).toBe('ut-1');
  });

  it('says it could not be loaded when the call fails, and forgets it on the next list', async () => {
    const { root } = await paid({ body: { application_data: { status: 'error', code: 'TenantNotFound' } } });
    expect(root.payBill.paymentHistory.state).toBe('failed');
    root.payBill.reloadList();
    expect(root.payBill.paymentHistory.state).toBe('idle');
  });
});
