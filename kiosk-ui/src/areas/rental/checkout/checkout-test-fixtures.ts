/**
 * Fixtures for the checkout tests: a rental at the demo facility on process_rental, over a fake
 * operator API that answers the cost, the gate-code text and the calls after success.
 */
import type {
  Capabilities,
  FacilitySettings,
  OutboxCall,
  OutboxJobOutcome,
  OutboxRequest,
  RentalResult,
  Unit,
} from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { createFlowState } from '../flow/flow';
import {
  configureDemoFacility,
  createTestRoot,
  wrapped,
  type FakeReply,
  type FakeRequest,
  type FakeRoutes,
} from '../../../test/fakes';

export const API = '/api/facilities/demo';
export const VISA = '4111111111111111';
export const CARD = { name_on_card: 'JANE TENANT', cc_number: VISA, cc_exp_month: 12, cc_exp_year: 2030, cvv: '123' };

export const RESULT: RentalResult = {
  tenant_id: 't-9001',
  rrd_id: 'rrd-9001',
  gatecode: '5678',
  access_info: 'Enter your gate code at the gate.',
  is_new_user: true,
  unit_door_number: 'B-10',
  space_id: 'sp-b-10',
  move_in_date: '07/15/2025',
  noke_pin: null,
};

export const failure = (code: string, message = 'no'): FakeReply => ({
  body: { application_data: { status: 'error', code, message } },
});

interface SetupOptions {
  routes?: FakeRoutes;
  /**
   * The daemon's outbox: 'accepts' takes every hand-over (keys `k-<call id>`) and says each call
   * was delivered unless `outcomes` says otherwise; by default (no outbox) the page sends itself.
   */
  outbox?: 'accepts';
  outcomes?: Record<string, OutboxJobOutcome>;
  settings?: Partial<FacilitySettings>;
  capabilities?: Capabilities;
  reservation?: boolean;
  model?: Record<string, unknown>;
}

/** The fake outbox's routes, added to the table: the hand-over, then each call's outcome. */
function addOutbox(routes: FakeRoutes, outcomes: Record<string, OutboxJobOutcome> = {}): void {
  Object.assign(routes, {
    'POST /outbox': (request: FakeRequest): FakeReply => {
      const handed = JSON.parse(request.body ?? '{}') as OutboxRequest;
      for (const call of handed.calls) {
        const key = `k-${call.id}`;
        routes[`GET /outbox/jobs/${key}`] = {
          body: outcomes[call.id] ?? { key, state: 'delivered', attempts: 1, message: null },
        };
      }
      return {
        status: 202,
        body: { batch: 'b-1', keys: Object.fromEntries(handed.calls.map((call) => [call.id, `k-${call.id}`])) },
      };
    },
  });
}

export function setup(options: SetupOptions = {}) {
  const routes: FakeRoutes = {
    [`GET ${API}/space-types/m-10x10/rental-cost/`]: {
      body: wrapped({ costs: [{ name: 'Total', amount: 100, total: 100 }], gds_raw: null }),
    },
    'POST /api/text-gate-code/': { body: wrapped({ sent: true, phone_number: '(217) 555-0182' }) },
    'POST /api/tenant/t-9001/space/sp-b-10/autopay/': {
      body: wrapped({ documents: [], response: { enabled: true } }),
    },
    'POST /api/owners/demo-owner/facilities/demo/tenant/t-9001/autopay/': { body: wrapped({ sent: true }) },
    'POST /api/process-merchandise-sales/': { body: wrapped({ processed: true }) },
    'POST /api/save-failed-rental/': { body: wrapped({ saved: true }) },
    'POST /log': { status: 204 },
    ...options.routes,
  };
  if (options.outbox === 'accepts') addOutbox(routes, options.outcomes);
  const test = createTestRoot({ routes });
  const { root } = test;
  const unit = { unit_id: 'm-10x10', parking: false, promos: [] } as unknown as Unit;
  runInAction(() => {
    configureDemoFacility(root, {
      enable_storing_vehicle: false,
      enable_parking_type_fields: false,
      autopay_required: false,
      autopay_always_required: false,
      show_gatecode: true,
      is_gatecode_selectable: true,
      gatecode_length: 4,
      noke: false,
      frontend_conf: { secondary_contact_required: false },
      ...options.settings,
    });
    root.config.capabilities = options.capabilities ?? {
      pmsNotifications: { reservation: false, rental: false, payment: true },
    };
    root.shell.section = 'rent';
    root.rental.pick.unit = unit;
    Object.assign(root.rental.model, {
      tenant_first_name: 'Jane',
      tenant_last_name: 'Tenant',
      tenant_email: 'jane@example.com',
      tenant_phone: '(217) 555-0182',
      unit_type_id: 'm-10x10',
      unit_door_number: 'B-10',
      space_id: 'sp-b-10',
      hold_token: 'tok-1',
      ...options.model,
    });
    root.rental.flow = createFlowState(
      {
        settings: root.config.facility!,
        unit,
        insurancePlans: [{ enabled: true }],
        reservationMode: options.reservation,
      },
      { loggedIn: false },
    );
    root.rental.goTo('process_rental');
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const calls = (pattern: RegExp): FakeRequest[] => test.requests.filter((r) => pattern.test(`${r.method} ${r.path}`));
  const form = (request: FakeRequest | undefined) => new URLSearchParams(request?.body ?? '');
  /** Every call handed to the daemon's outbox, in hand-over order. */
  const handedOver = (): OutboxRequest[] =>
    calls(/^POST \/outbox$/).map((request) => JSON.parse(request.body ?? '{}') as OutboxRequest);
  const job = (id: string): OutboxCall | undefined =>
    handedOver()
      .flatMap((request) => request.calls)
      .find((call) => call.id === id);
  return { ...test, settle, calls, form, handedOver, job };
}
