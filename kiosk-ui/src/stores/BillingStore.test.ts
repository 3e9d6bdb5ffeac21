import { BILLING, type PrePayDetails, type SpaceDetails, type TenantDetail } from '@kiosk/shared-types';
import { describe, expect, it, vi } from 'vitest';
import { createTestRoot, wrapped, type FakeRequest, type FakeRoutes } from '../test/fakes';

/**
 * BillingStore over a fake operator API: tenant t-1 rents A102 (balance $59, autopay off) and
 * B-13 (paid up, autopay on); t-2's details call fails; a reservation entry is listed too.
 */

const tenant: TenantDetail = {
  type: 'primary',
  name: { first: 'Taylor', last: 'Morgan' },
  email: 'tenant@example.com',
  address: { address1: '18 Lincoln Avenue', address2: '', city: 'Springfield', stateCode: 'IL', postalCode: '62701' },
  phones: [],
  tenant_id: 't-1',
  res_id: null,
};

function space(over: Partial<SpaceDetails>): SpaceDetails {
  return {
    unit_number: 'A102',
    is_parking: false,
    actual_length: 5,
    actual_width: 5,
    unit_standard: '5x5',
    unit_description: '',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62704',
    facility_name: 'Maple Street',
    address: '',
    phone_number: '',
    accessCode: '2580',
    gds_id: 'gds-demo',
    facility_id: 'demo',
    spaceId: 'sp-a102',
    unit_id: 'xs-5x5',
    leaseId: 'L-1',
    res_id: null,
    balance: [
      { costType: 'Monthly Rent', description: 'Monthly Rent', amount: 49, total: 49 },
      { costType: 'fee', description: 'Late Fee', amount: 15, total: 15 },
      { costType: 'discount', description: 'Loyalty Discount', amount: 5, total: 5 },
    ],
    paidThrough: Date.UTC(2025, 5, 30) / 1000,
    billingDate: Date.UTC(2025, 6, 1) / 1000,
    autoPay: { enabled: false, paymentInstrument: null },
    documents: [],
    ...over,
  };
}

const A102 = space({});
const B13 = space({
  unit_number: 'B-13',
  spaceId: 'sp-b-13',
  leaseId: 'L-2',
  balance: [],
  autoPay: { enabled: true, paymentInstrument: { card: { number: '************4242' } } },
});
const RESERVED = space({ unit_number: 'C-32', spaceId: 'sp-c-32', leaseId: null, res_id: 'res-1', balance: [] });

function prePay(balance: number, period: number): PrePayDetails {
  const rent = 49 * period;
  return { movein_cost: [], balance: [], tax: 0, total_amt: balance + rent };
}

const form = (request: FakeRequest) => Object.fromEntries(new URLSearchParams(request.body ?? ''));

function billingRoutes(options: { payment?: boolean; items?: unknown; overrides?: FakeRoutes } = {}): FakeRoutes {
  return {
    'GET /api/facilities/demo/configuration/': {
      body: wrapped({ colors: {}, title: 'Demo', owner_id: 'demo-owner', logo: null, mute_audio: true, welcome: {} }),
    },
    'GET /api/owners/demo-owner/website/facilities/demo/capabilities/': {
      body: {
        data: {
          capabilities: { pmsNotifications: { payment: options.payment ?? false, rental: false, reservation: false } },
        },
      },
    },
    'GET /api/facilities/demo/get-user-details/': { body: wrapped({ user_id: 'u-1', is_new_user: false }) },
    'GET /api/user/items/': { body: wrapped(options.items ?? [{ facility: 'demo', tenants: ['t-1', 't-2'] }]) },
    'GET /api/user/items/facilities/demo/tenant/t-1/': {
      body: wrapped({
        tenant_details: [tenant, { ...tenant, type: 'primary', res_id: 'res-1' }],
        space_details: [A102, B13, RESERVED],
      }),
    },
    'GET /api/user/items/facilities/demo/tenant/t-2/': {
      body: { application_data: { status: 'error', message: 'down' } },
    },
    'GET /api/tenant/t-1/space/sp-a102/pre-pay/': (request) => ({
      body: wrapped(prePay(59, Number(request.query.get('period')))),
    }),
    'GET /api/tenant/t-1/space/sp-b-13/pre-pay/': (request) => ({
      body: wrapped(prePay(0, Number(request.query.get('period')))),
    }),
    'POST /api/tenant/t-1/space/sp-a102/pre-pay/': (request) =>
      form(request).card_number === '4000000000000002'
        ? { body: { application_data: { status: 'error', code: 'CardDeclined', message: 'declined' } } }
        : {
            body: wrapped({
              transaction_id: 'txn-1',
              amount: Number(form(request).total_amount),
              mail_request_data: { current: {} },
            }),
          },
    'POST /api/tenant/t-1/space/sp-b-13/pre-pay/': {
      body: wrapped({ transaction_id: 'txn-2', mail_request_data: {} }),
    },
    'POST /api/tenant/t-1/space/sp-a102/autopay/': { body: wrapped({ documents: [], response: { enabled: true } }) },
    'POST /api/tenant/t-1/space/sp-b-13/autopay/': { body: wrapped({ documents: [], response: { enabled: true } }) },
    'DELETE /api/tenant/t-1/space/sp-b-13/autopay/': {
      body: wrapped({ response: { enabled: false, paymentInstrument: null } }),
    },
    'POST /api/owners/demo-owner/facilities/demo/tenant/t-1/payment/': { body: wrapped({ sent: true }) },
    'POST /api/owners/demo-owner/facilities/demo/tenant/t-1/autopay/': { body: wrapped({ sent: true }) },
    'POST /api/facilities/demo/pandadocs/generate-tokens/': {
      body: wrapped({ dynamic_tokens: { sections: [], tokens: {} } }),
    },
    'POST /api/facilities/demo/pandadocs/generate-agreements/': (request) => ({
      body: wrapped({
        agreements: [
          {
            display_name: 'Autopay Authorization',
            document_type: 'autopay',
            file_id: `file-${form(request).unit_door_number}`,
            document_id: `doc-${form(request).unit_door_number}`,
            key: `key-${form(request).unit_door_number}`,
            url: `http://sandbox.test/pages/sign/key-${form(request).unit_door_number}`,
            completed: false,
          },
        ],
      }),
    }),
    ...options.overrides,
  };
}

async function setup(options: Parameters<typeof billingRoutes>[0] = {}) {
  const test = createTestRoot({ routes: billingRoutes(options) });
  await test.root.config.load('demo');
  test.root.billing.minimumLoadingMs = 0;
  test.root.account.setUserSession({ userToken: 'ut-1', email: 'tenant@example.com' });
  return test;
}

async function loaded(options: Parameters<typeof billingRoutes>[0] = {}) {
  const test = await setup(options);
  test.root.account.open();
  await vi.waitFor(() => expect(test.root.billing.stage).toBe('units'));
  await vi.waitFor(() => expect(test.root.billing.units.every((unit) => !unit.prePayLoading)).toBe(true));
  return test;
}

const card = {
  card_name: 'Taylor Morgan',
  card_number: '4111 1111 1111 1111',
  cc_exp_month: 12,
  cc_exp_year: 2030,
  cvv: '123',
};
const calls = (requests: FakeRequest[], method: string, suffix: string) =>
  requests.filter((r) => r.method === method && r.path.endsWith(suffix));

describe('opening pay bill', () => {
  it('starts at login when logged out', async () => {
    const { root } = createTestRoot({ routes: billingRoutes() });
    root.account.open();
    expect(root.account.view).toBe('login');
  });

  it('goes to pay when logged in and lists the leased units, reservations skipped, failures counted', async () => {
    const { root } = await loaded();
    expect(root.account.view).toBe('pay');
    expect(root.billing.units.map((unit) => unit.space.unit_number)).toEqual(['A102', 'B-13']);
    expect(root.billing.failedDetails).toBe(1);
    expect(root.billing.selectedUnit?.space.unit_number).toBe('A102');
    expect(root.billing.account?.res_id).toBeNull();
    expect(root.billing.units[0]?.period).toBe(1);
  });

  it('goes to link a rental when the account has no items', async () => {
    const { root } = await setup({ items: [] });
    root.account.open();
    await vi.waitFor(() => expect(root.account.view).toBe('link_rental'));
  });

  it('shows the loading screen for at least the minimum time', async () => {
    const { root } = await setup();
    root.billing.minimumLoadingMs = 150;
    const started = Date.now();
    root.account.open();
    expect(root.billing.stage).toBe('loading');
    await vi.waitFor(() => expect(root.billing.stage).toBe('units'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('per-unit rules', () => {
  it('adds the pre-pay total of a ticked unit to the grand total and reloads charges with the period', async () => {
    const { root, requests } = await loaded();
    const [a102] = root.billing.units;
    root.billing.tickPay(a102!, true);
    expect(root.billing.grandTotal).toBe(108);
    root.billing.setPeriod(a102!, 3);
    await vi.waitFor(() => expect(root.billing.grandTotal).toBe(59 + 147));
    expect(calls(requests, 'GET', '/sp-a102/pre-pay/').map((r) => r.query.get('period'))).toEqual(['1', '3']);
    root.billing.tickPay(a102!, false);
    expect(root.billing.grandTotal).toBe(0);
  });

  it('forces pay with a disabled checkbox when enrolling with a balance, and pays just the balance', async () => {
    const { root } = await loaded();
    const [a102] = root.billing.units;
    root.billing.tickEnrol(a102!, true);
    expect(a102!.choice.payMyBill).toBe(true);
    expect(a102!.payForced).toBe(true);
    root.billing.tickPay(a102!, false);
    expect(a102!.choice.payMyBill).toBe(true);
    expect(root.billing.grandTotal).toBe(59);
    root.billing.tickEnrol(a102!, false);
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
    const [unit] = root.billing.units;
    root.billing.tickUpdateCard(unit!, true);
    expect(root.billing.pendingUpdateCardKey).toBe(unit!.key);
    root.billing.dismissUpdateCard();
    expect(unit!.choice.updateCardDetails).toBe(false);
    root.billing.tickUpdateCard(unit!, true);
    root.billing.confirmUpdateCard();
    expect(unit!.choice).toMatchObject({ updateCardDetails: true, payMyBill: true });
  });

  it('clears the charges when the pre-pay call fails, and will not take a payment without them', async () => {
    const { root } = await loaded({
      overrides: {
        'GET /api/tenant/t-1/space/sp-b-13/pre-pay/': { body: { application_data: { status: 'error' } } },
      },
    });
    const b13 = root.billing.units[1]!;
    expect(b13.prePay).toBeNull();
    root.billing.tickPay(b13, true);
    expect(root.billing.canMakePayment).toBe(false);
  });

  it('needs a ticked unit to make a payment', async () => {
    const { root } = await loaded();
    root.billing.makePayment();
    expect(root.billing.stage).toBe('units');
  });
});

describe('paying', () => {
  it('(c) pays a unit for the chosen period with the card and mails the receipt', async () => {
    const { root, requests } = await loaded();
    const [a102] = root.billing.units;
    root.billing.tickPay(a102!, true);
    root.billing.setPeriod(a102!, 3);
    await vi.waitFor(() => expect(a102!.prePay?.total_amt).toBe(206));
    root.billing.enterCardManually();
    await root.billing.submitPayment(card);
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(root.billing.succeeded).toBe(true);
    expect(a102!.statusKeys).toEqual(['billing.status.payment_success']);
    const pay = form(calls(requests, 'POST', '/sp-a102/pre-pay/')[0]!);
    expect(pay).toMatchObject({
      period: '3',
      total_amount: '206.00',
      card_number: '4111111111111111',
      cvv: '123',
      tenant_id: 't-1',
    });
    const mail = form(calls(requests, 'POST', '/tenant/t-1/payment/')[0]!);
    expect(JSON.parse(mail.data!)).toMatchObject({ source: 'desktop', unit_no: 'A102', balance: 59, prepay: 206 });
    expect(mail.data).not.toContain('4111111111111111');
    expect(calls(requests, 'POST', '/generate-agreements/')).toHaveLength(0);
  });

  it('(c) leaves the payment mail to the management system when it notifies', async () => {
    const { root, requests } = await loaded({ payment: true });
    root.billing.tickPay(root.billing.units[0]!, true);
    await root.billing.submitPayment(card);
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(calls(requests, 'POST', '/payment/')).toHaveLength(0);
  });

  it('(b) signs first, then pays the balance, enrols and mails; the other unit is paid at once', async () => {
    const { root, requests } = await loaded();
    const [a102, b13] = root.billing.units;
    root.billing.tickEnrol(a102!, true);
    root.billing.tickPay(b13!, true);
    await root.billing.submitPayment(card);
    expect(root.billing.signing).toBe(true);
    expect(root.billing.currentAgreement?.agreement.key).toBe('key-A102');
    await vi.waitFor(() => expect(b13!.outcome).toBe('success'));
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(0);
    const documents = form(calls(requests, 'POST', '/generate-tokens/')[0]!);
    expect(documents).toMatchObject({ flow: 'billpay', auto_debit: 'true', tenant_email: 'tenant@example.com' });
    expect(documents.card_number).toBe('4111********1111');
    expect(documents.cvv).toBeUndefined();

    // Only the registered frame's own message, from the signing origin, completes the document:
    // not one from another origin, nor one of the right origin before a frame is registered or
    // from another window.
    const frameWindow = {} as MessageEventSource;
    const signed = { event: 'session_view.document.completed', data: { id: 'key-A102' } };
    root.billing.onSigningMessage({ origin: 'http://sandbox.test', source: frameWindow, data: signed });
    expect(root.billing.signing).toBe(true);
    root.billing.setSigningFrame(frameWindow);
    root.billing.onSigningMessage({ origin: 'http://evil.test', source: frameWindow, data: signed });
    expect(root.billing.signing).toBe(true);
    root.billing.onSigningMessage({ origin: 'http://sandbox.test', source: {} as MessageEventSource, data: signed });
    expect(root.billing.signing).toBe(true);
    root.billing.onSigningMessage({ origin: 'http://sandbox.test', source: frameWindow, data: signed });
    expect(root.billing.signing).toBe(false);
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(root.billing.succeeded).toBe(true);
    expect(a102!.statusKeys).toEqual(['billing.status.payment_success', 'billing.status.autopay_enroll_successful']);
    expect(form(calls(requests, 'POST', '/sp-a102/pre-pay/')[0]!)).toMatchObject({
      period: '0',
      total_amount: '59.00',
    });
    // The enrolment carries the id the completion message gave.
    expect(form(calls(requests, 'POST', '/sp-a102/autopay/')[0]!)).toMatchObject({ document_id: 'key-A102' });
    const aboutA102 = (r: FakeRequest) =>
      r.path.includes('/sp-a102/') ||
      (/tenant\/t-1\/(payment|autopay)\/$/.test(r.path) && Boolean(r.body?.includes('A102')));
    const order = requests
      .filter((r) => r.method === 'POST' && aboutA102(r))
      .map((r) => r.path.split('/').slice(-3, -1).join('/'));
    expect(order).toEqual(['sp-a102/pre-pay', 'sp-a102/autopay', 't-1/payment', 't-1/autopay']);
    expect(calls(requests, 'POST', '/tenant/t-1/autopay/').every((r) => !r.body?.includes('4111111111111111'))).toBe(
      true,
    );
  });

  it('marks a declined unit failed and keeps the other result', async () => {
    const { root } = await loaded();
    const [a102, b13] = root.billing.units;
    root.billing.tickPay(a102!, true);
    root.billing.tickPay(b13!, true);
    await root.billing.submitPayment({ ...card, card_number: '4000000000000002' });
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(root.billing.succeeded).toBe(false);
    expect(root.billing.paymentFailed).toBe(true);
    expect(a102!.statusKeys).toEqual(['billing.status.payment_failed']);
    expect(b13!.outcome).toBe('success');
  });

  it('fills the manual form from a swipe, month as a number and the year prefixed 20', async () => {
    const { root } = await loaded();
    root.billing.tickPay(root.billing.units[0]!, true);
    root.billing.makePayment();
    expect(root.billing.stage).toBe('swipe');
    root.billing.cardSwiped({
      name: 'MORGAN/TAYLOR',
      card_number: '4111111111111111',
      exp_month: '07',
      exp_year: '30',
    });
    expect(root.billing.stage).toBe('card_form');
    expect(root.billing.takeCardPrefill()).toEqual({
      card_name: 'TAYLOR MORGAN',
      card_number: '4111111111111111',
      cc_exp_month: 7,
      cc_exp_year: 2030,
    });
    expect(root.billing.takeCardPrefill()).toBeNull();
  });
});

describe('autopay card update and signing failures', () => {
  it('(a) updating the card of an enrolled, paid-up unit re-enrols at once, without signing, and mails the autopay confirmation', async () => {
    const { root, requests } = await loaded();
    const b13 = root.billing.units[1]!;
    root.billing.tickUpdateCard(b13, true);
    expect(root.billing.pendingUpdateCardKey).toBeNull();
    expect(b13.choice.payMyBill).toBe(false);
    await root.billing.submitPayment(card);
    expect(root.billing.signing).toBe(false);
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(calls(requests, 'POST', '/generate-tokens/')).toHaveLength(0);
    expect(calls(requests, 'POST', '/generate-agreements/')).toHaveLength(0);
    expect(b13.statusKeys).toEqual(['billing.status.card_update_successful']);
    expect(calls(requests, 'POST', '/sp-b-13/pre-pay/')).toHaveLength(0);
    expect(calls(requests, 'POST', '/tenant/t-1/autopay/')).toHaveLength(1);
  });

  it('marks the enrolment failed when its documents cannot be prepared', async () => {
    const { root, requests } = await loaded({
      overrides: {
        'POST /api/facilities/demo/pandadocs/generate-agreements/': { body: { application_data: { status: 'error' } } },
      },
    });
    const a102 = root.billing.units[0]!;
    root.billing.tickEnrol(a102, true);
    await root.billing.submitPayment(card);
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(root.billing.signing).toBe(false);
    expect(root.billing.succeeded).toBe(false);
    expect(a102.statusKeys).toEqual(['billing.status.autopay_enroll_failed']);
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(0);
    expect(calls(requests, 'POST', '/sp-a102/autopay/')).toHaveLength(0);
  });
});

describe('stopping the signing', () => {
  it('leaves the waiting units unenrolled and unpaid, and shows the result', async () => {
    const { root, requests } = await loaded();
    const a102 = root.billing.units[0]!;
    root.billing.tickEnrol(a102, true);
    await root.billing.submitPayment(card);
    expect(root.billing.signing).toBe(true);
    root.billing.cancelSigning();
    expect(root.billing.signing).toBe(false);
    expect(root.billing.processing).toBe(false);
    expect(a102.statusKeys).toEqual(['billing.status.autopay_enroll_failed']);
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(0);
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
    expect(root.billing.units.map((unit) => unit.space.unit_number)).toEqual(['A102', 'B-13', 'D-07', 'A102']);
    expect(new Set(root.billing.units.map((unit) => unit.key)).size).toBe(4);
  });

  it('clears the balance with the charges when the pre-pay fetch fails', async () => {
    const { root } = await loaded({
      overrides: {
        'GET /api/tenant/t-1/space/sp-a102/pre-pay/': { body: { application_data: { status: 'error' } } },
      },
    });
    const a102 = root.billing.units[0]!;
    expect(a102.prePay).toBeNull();
    expect(a102.balanceDue).toBe(0);
    expect(a102.hasBalance).toBe(false);
    // Without a balance there is no Pay Balance Due choice.
    expect(a102.periodChoices.map((choice) => choice.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows Pay Balance Due as the pay-through choice while autopay locks the payment to the balance', async () => {
    const { root } = await loaded();
    const a102 = root.billing.units[0]!;
    expect(a102.shownPeriod).toBe(1);
    root.billing.tickEnrol(a102, true);
    expect(a102.shownPeriod).toBe(0);
    expect(root.billing.grandTotal).toBe(59);
    root.billing.tickEnrol(a102, false);
    expect(a102.shownPeriod).toBe(1);
  });
});

describe('signing several documents', () => {
  const twoDocuments = {
    'POST /api/facilities/demo/pandadocs/generate-agreements/': {
      body: wrapped({
        agreements: ['first', 'second'].map((name) => ({
          display_name: `Autopay ${name}`,
          document_type: 'autopay',
          file_id: `file-${name}`,
          document_id: `doc-${name}`,
          key: `key-${name}`,
          url: `http://sandbox.test/pages/sign/key-${name}`,
          completed: false,
        })),
      }),
    },
  };

  it("pays and enrols a unit as its first document's completion arrives, once", async () => {
    const { root, requests } = await loaded({ overrides: twoDocuments });
    const a102 = root.billing.units[0]!;
    root.billing.tickEnrol(a102, true);
    await root.billing.submitPayment(card);
    root.billing.documentSigned('key-first', 'doc-first');
    // The unit does not wait for its second document.
    await vi.waitFor(() => expect(a102.outcome).toBe('success'));
    expect(root.billing.currentAgreement?.agreement.key).toBe('key-second');
    expect(form(calls(requests, 'POST', '/sp-a102/autopay/')[0]!)).toMatchObject({ document_id: 'doc-first' });
    root.billing.documentSigned('key-second', 'doc-second');
    expect(root.billing.signing).toBe(false);
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(1);
    expect(calls(requests, 'POST', '/sp-a102/autopay/')).toHaveLength(1);
  });

  it('stopping after the first document keeps the payment it made', async () => {
    const { root } = await loaded({ overrides: twoDocuments });
    const a102 = root.billing.units[0]!;
    root.billing.tickEnrol(a102, true);
    await root.billing.submitPayment(card);
    root.billing.documentSigned('key-first', 'doc-first');
    root.billing.cancelSigning();
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(a102.statusKeys).toEqual(['billing.status.payment_success', 'billing.status.autopay_enroll_successful']);
  });
});

describe('bringing the card form into view', () => {
  it('asks for it once the card form has been open the configured time, not after leaving it', async () => {
    const { root } = await loaded();
    root.billing.tickPay(root.billing.units[0]!, true);
    vi.useFakeTimers();
    try {
      root.billing.makePayment();
      root.billing.enterCardManually();
      vi.advanceTimersByTime(BILLING.scrollToCardFormMs - 1);
      expect(root.billing.cardFormScrollDue).toBe(false);
      vi.advanceTimersByTime(1);
      expect(root.billing.cardFormScrollDue).toBe(true);
      root.billing.cardFormScrolled();
      expect(root.billing.cardFormScrollDue).toBe(false);

      root.billing.backToUnits();
      root.billing.makePayment();
      root.billing.enterCardManually();
      root.billing.backToUnits();
      vi.advanceTimersByTime(BILLING.scrollToCardFormMs * 2);
      expect(root.billing.cardFormScrollDue).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cancel autopay', () => {
  it('confirms, then shows Autopay Cancelled on the result screen', async () => {
    const { root, requests } = await loaded();
    const b13 = root.billing.units[1]!;
    root.billing.requestCancelAutopay(b13);
    expect(root.billing.pendingCancelKey).toBe(b13.key);
    root.billing.confirmCancelAutopay();
    expect(root.billing.stage).toBe('result');
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    expect(b13.statusKeys).toEqual(['billing.status.autopay_cancelled']);
    expect(root.billing.succeeded).toBe(true);
    expect(calls(requests, 'DELETE', '/sp-b-13/autopay/')).toHaveLength(1);
  });

  it('reloads the list from the result screen', async () => {
    const { root, requests } = await loaded();
    root.billing.requestCancelAutopay(root.billing.units[1]!);
    root.billing.confirmCancelAutopay();
    await vi.waitFor(() => expect(root.billing.processing).toBe(false));
    root.billing.reloadList();
    expect(root.billing.stage).toBe('loading');
    await vi.waitFor(() => expect(root.billing.stage).toBe('units'));
    expect(calls(requests, 'GET', '/api/user/items/')).toHaveLength(2);
  });
});

describe('reset', () => {
  it('forgets the units and goes back to login', async () => {
    const { root } = await loaded();
    root.resetAll();
    expect(root.billing.units).toEqual([]);
    expect(root.account.view).toBe('login');
  });
});
