/**
 * Fixtures for the Pay My Bill tests, over a fake operator API: tenant t-1 rents A102 (balance
 * $59, autopay off) and B-13 (paid up, autopay on); t-2's details call fails; a reservation entry
 * is listed too.
 */
import type { PrePayDetails, SpaceDetails, TenantDetail } from '@kiosk/shared-types';
import { expect, vi } from 'vitest';
import { createTestRoot, wrapped, type FakeRequest, type FakeRoutes } from '../../test/fakes';

export const tenant: TenantDetail = {
  type: 'primary',
  name: { first: 'Taylor', last: 'Morgan' },
  email: 'tenant@example.com',
  address: { address1: '18 Lincoln Avenue', address2: '', city: 'Springfield', stateCode: 'IL', postalCode: '62701' },
  phones: [],
  tenant_id: 't-1',
  res_id: null,
};

export function space(over: Partial<SpaceDetails>): SpaceDetails {
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

export const A102 = space({});
export const B13 = space({
  unit_number: 'B-13',
  spaceId: 'sp-b-13',
  leaseId: 'L-2',
  balance: [],
  autoPay: { enabled: true, paymentInstrument: { card: { number: '************4242' } } },
});
export const RESERVED = space({ unit_number: 'C-32', spaceId: 'sp-c-32', leaseId: null, res_id: 'res-1', balance: [] });

export function prePay(balance: number, period: number): PrePayDetails {
  const rent = 49 * period;
  return { movein_cost: [], balance: [], tax: 0, total_amt: balance + rent };
}

export const form = (request: FakeRequest) => Object.fromEntries(new URLSearchParams(request.body ?? ''));

export function payBillRoutes(
  options: { payment?: boolean; items?: unknown; overrides?: FakeRoutes } = {},
): FakeRoutes {
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

export async function setup(options: Parameters<typeof payBillRoutes>[0] = {}) {
  const test = createTestRoot({ routes: payBillRoutes(options) });
  await test.root.config.load('demo');
  test.root.payBill.minimumLoadingMs = 0;
  test.root.account.setUserSession({ userToken: 'ut-1', email: 'tenant@example.com' });
  return test;
}

export async function loaded(options: Parameters<typeof payBillRoutes>[0] = {}) {
  const test = await setup(options);
  test.root.account.open();
  await vi.waitFor(() => expect(test.root.payBill.unitList.state).toBe('ready'));
  await vi.waitFor(() => expect(test.root.payBill.units.every((unit) => !unit.prePayLoading)).toBe(true));
  return test;
}

export const card = {
  card_name: 'Taylor Morgan',
  card_number: '4111 1111 1111 1111',
  cc_exp_month: 12,
  cc_exp_year: 2030,
  cvv: '123',
};
export const calls = (requests: FakeRequest[], method: string, suffix: string) =>
  requests.filter((r) => r.method === method && r.path.endsWith(suffix));
