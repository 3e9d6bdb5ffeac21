import type { Capabilities, FacilitySettings, KioskConfig, RentalResult, Unit } from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { activeSections, createFlowState } from '../flow/flow';
import { ready } from '../models/loadable';
import { createTestRoot, wrapped, type FakeReply, type FakeRequest, type FakeRoutes } from '../test/fakes';

/** Finalising (rental §4): processing, its retry rules and the follow-ups, over a fake API. */

const API = '/api/facilities/demo';
const VISA = '4111111111111111';
const CARD = { name_on_card: 'JANE TENANT', cc_number: VISA, cc_exp_month: 12, cc_exp_year: 2030, cvv: '123' };

const RESULT: RentalResult = {
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

const failure = (code: string, message = 'no'): FakeReply => ({
  body: { application_data: { status: 'error', code, message } },
});

interface SetupOptions {
  routes?: FakeRoutes;
  settings?: Partial<FacilitySettings>;
  capabilities?: Capabilities;
  reservation?: boolean;
  model?: Record<string, unknown>;
}

function setup(options: SetupOptions = {}) {
  const test = createTestRoot({
    routes: {
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
    },
  });
  const { root } = test;
  const unit = { unit_id: 'm-10x10', parking: false, promos: [] } as unknown as Unit;
  runInAction(() => {
    root.config.facilityId = 'demo';
    root.config.config = { owner_id: 'demo-owner' } as KioskConfig;
    root.config.facility = {
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
    } as FacilitySettings;
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
  return { ...test, settle, calls, form };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('processing a rental', () => {
  it('on success: confirm_rental, the account section for a new user, and the follow-ups', async () => {
    const { root, calls, form, settle } = setup({
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
      model: { auto_debit: true, item_id: 'lock-disc-70', newpassword: 'leak?' },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    await settle();

    expect(root.rental.section).toBe('confirm_rental');
    expect(activeSections(root.rental.flow).slice(-2)).toEqual(['confirm_rental', 'create_online_account']);
    expect(root.checkout.confirmDoneKey).toBe('flow.create_online_account');

    const sent = form(calls(/^POST .*\/rental\/$/)[0]);
    expect(sent.get('cc_number')).toBe(VISA);
    expect(sent.get('cvv')).toBe('123');
    expect(sent.get('mailing_zipcode')).toBe('');
    expect(sent.has('newpassword')).toBe(false);

    expect(form(calls(/text-gate-code/)[0]).get('phone_number')).toBe('(217) 555-0182');
    const autopay = form(calls(/space\/sp-b-10\/autopay\/$/)[0]);
    expect(autopay.get('card_number')).toBe(VISA);
    // Enrolled: the autopay mail goes out, as after Pay My Bill's enrolment, the card masked.
    const mails = calls(/^POST .*\/owners\/demo-owner\/facilities\/demo\/tenant\/t-9001\/autopay\/$/);
    expect(mails).toHaveLength(1);
    const mail = JSON.parse(form(mails[0]).get('data') ?? '{}') as Record<string, unknown>;
    expect(mail).toMatchObject({ source: 'desktop', unit_no: RESULT.unit_door_number, response: { enabled: true } });
    expect(JSON.stringify(mail)).not.toContain(VISA);
    expect(JSON.stringify(mail)).toContain(`${VISA.slice(0, 4)}********${VISA.slice(-4)}`);
    expect(form(calls(/process-merchandise-sales/)[0]).get('item_id')).toBe('lock-disc-70');
    expect(calls(/^POST .*\/space-type\/m-10x10\/rental\/$/)).toHaveLength(1);
    expect(calls(/failure|save-failed/)).toHaveLength(0);

    // The card is gone once used.
    expect(root.checkout.cardDraft).toBeNull();
    expect(root.checkout.textStatus).toMatchObject({ state: 'sent', phone: '(217) 555-0182' });
  });

  it('settles the held space on success, so the session end never hands it back', async () => {
    const { root, calls, settle } = setup({
      routes: {
        [`POST ${API}/rental/`]: { body: wrapped(RESULT) },
        'POST /session/holds/sp-b-10/settled': { body: { space_id: 'sp-b-10', settled: true } },
      },
    });
    runInAction(() => {
      root.rental.holds.held = { facility_id: 'demo', space_id: 'sp-b-10', hold_token: 'tok-1' };
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    await settle();
    expect(calls(/^POST \/session\/holds\/sp-b-10\/settled$/)).toHaveLength(1);
    expect(calls(/^DELETE \/session\/holds/)).toHaveLength(0);
    expect(root.rental.heldSpace).toBeNull();
  });

  it('skips the mail when the management system notifies, and autopay when auto_debit is off', async () => {
    const { root, calls, settle } = setup({
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
      capabilities: { pmsNotifications: { reservation: false, rental: true, payment: true } },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    await settle();
    expect(calls(/\/rental\/$/).filter((r) => r.path.includes('space-type'))).toHaveLength(0);
    expect(calls(/autopay/)).toHaveLength(0);
  });

  it('adds setup_noke and noke_confirm at a smart-access facility when a PIN comes back', async () => {
    const { root } = setup({
      routes: { [`POST ${API}/rental/`]: { body: wrapped({ ...RESULT, is_new_user: false, noke_pin: '123456' }) } },
      settings: { noke: true },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    expect(activeSections(root.rental.flow).slice(-3)).toEqual(['confirm_rental', 'setup_noke', 'noke_confirm']);
    expect(root.checkout.confirmDoneKey).toBe('flow.setup_access_control');
  });

  it('a card failure shows the error page; Retry Payment goes back to card_details with card and agreements cleared', async () => {
    const { root, calls } = setup({
      routes: { [`POST ${API}/rental/`]: failure('CardDeclined', 'Your card was declined.') },
    });
    root.checkout.setCard(CARD);
    runInAction(() => {
      root.checkout.signing.documents = ready([
        {
          display_name: 'Lease',
          document_type: 'lease_agreement',
          file_id: 'f',
          document_id: 'd',
          key: 'k',
          url: '/x',
          completed: true,
        },
      ]);
      root.rental.setCardSwiped(true);
    });
    await root.checkout.process();

    expect(root.rental.section).toBe('confirm_rental');
    expect(root.checkout.processingError).toMatchObject({ card: true, code: 'CardDeclined' });
    expect(root.checkout.confirmDoneKey).toBe('flow.retry_payment');

    root.checkout.retry();
    expect(root.rental.section).toBe('card_details');
    expect(root.checkout.cardDraft).toBeNull();
    expect(root.checkout.signing.agreements).toEqual([]);
    // Not swiped any more: card_details starts from the tenant's name again.
    expect(root.rental.model.name_on_card).toBe('Jane Tenant');
    expect(calls(/failure|save-failed/)).toHaveLength(0);
  });

  it('another error is retried once, then the failure mail and save-failed-rental, and Finish', async () => {
    const { root, calls, form, settle } = setup({
      routes: { [`POST ${API}/rental/`]: failure('RentalFailed', 'Down') },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    expect(root.rental.section).toBe('confirm_rental');
    expect(root.checkout.processingError).toMatchObject({ card: false, code: 'RentalFailed' });
    expect(root.checkout.gaveUp).toBe(false);
    expect(calls(/failure|save-failed/)).toHaveLength(0);

    root.checkout.retry();
    expect(root.rental.section).toBe('process_rental');
    await root.checkout.process();
    await settle();
    expect(calls(/^POST .*\/rental\/$/).filter((r) => !r.path.includes('space-type'))).toHaveLength(2);
    expect(root.checkout.gaveUp).toBe(true);
    expect(root.checkout.confirmDoneKey).toBe('flow.finish');
    expect(calls(/space-type\/m-10x10\/rental\/failure\/$/)).toHaveLength(1);
    const saved = form(calls(/save-failed-rental/)[0]);
    expect(saved.get('cc_number')).toBe('4111********1111');
    expect(saved.get('error_code')).toBe('RentalFailed');
    expect(saved.has('cvv')).toBe(false);
    expect(root.checkout.cardDraft).toBeNull();

    root.checkout.retry();
    expect(root.shell.section).toBe('home');
  });
});

describe('processing a reservation', () => {
  it('reserves with tenant_info and the move-in date, then confirms with the reservation code', async () => {
    const { root, calls, form, settle } = setup({
      reservation: true,
      model: { reservation_date: '07/20/2025' },
      routes: {
        [`POST ${API}/space/sp-b-10/reserve/`]: {
          body: wrapped({
            reservation_id: 'res-1',
            reservation_code: 'KABCDEFG',
            move_in_date: '07/20/2025',
            tenant_id: 't-9002',
            rrd_id: 'rrd-9002',
            is_new_user: false,
            unit_door_number: 'B-10',
            space_id: 'sp-b-10',
          }),
        },
      },
    });
    await root.checkout.process();
    await settle();
    const sent = form(calls(/reserve\/$/)[0]);
    expect(JSON.parse(sent.get('tenant_info') ?? '{}')).toMatchObject({
      tenant_first_name: 'Jane',
      tenant_email: 'jane@example.com',
    });
    expect(sent.get('move_in_date')).toBe('07/20/2025');
    expect(sent.get('hold_token')).toBe('tok-1');
    expect(root.rental.section).toBe('confirm_rental');
    expect(root.rental.model.reservation_code).toBe('KABCDEFG');
    expect(calls(/space-type\/m-10x10\/reservation\/$/)).toHaveLength(1);
    expect(calls(/text-gate-code/)).toHaveLength(0);
    expect(root.checkout.confirmDoneKey).toBe('flow.finish');
  });

  it('a failed reservation is never treated as a card failure', async () => {
    const { root } = setup({
      reservation: true,
      routes: { [`POST ${API}/space/sp-b-10/reserve/`]: failure('CardDeclined') },
    });
    await root.checkout.process();
    expect(root.checkout.processingError?.card).toBe(false);
  });
});

describe('the gate code, the signing and the texts', () => {
  it('checks a gate code of the full length only: available, then unavailable', async () => {
    const { root, calls } = setup({
      routes: {
        'GET /api/validate-gatecode/': (request) => ({
          body: wrapped({ gatecode: request.query.get('gatecode') === '1234' ? null : request.query.get('gatecode') }),
        }),
      },
    });
    await root.checkout.checkGatecode('12');
    expect(root.checkout.gatecodeCheck).toBe('idle');
    expect(calls(/validate-gatecode/)).toHaveLength(0);
    await root.checkout.checkGatecode('5678');
    expect(root.checkout.gatecodeCheck).toBe('available');
    await root.checkout.checkGatecode('1234');
    expect(root.checkout.gatecodeCheck).toBe('unavailable');
    expect(calls(/validate-gatecode/)[1]?.query.get('facility_id')).toBe('demo');
  });

  it('counts a signed document only from the registered frame, from the signing origin', () => {
    const { root } = setup();
    runInAction(() => {
      root.rental.goTo('panda_agreements');
      root.checkout.signing.documents = ready([
        {
          display_name: 'Lease',
          document_type: 'lease_agreement',
          file_id: 'f',
          document_id: 'doc-1',
          key: 'k-1',
          url: 'http://sign.test/pages/sign/k-1',
          completed: false,
        },
      ]);
    });
    const frameWindow = new MessageChannel().port1;
    const signed = { event: 'session_view.document.completed', data: { id: 'k-1' } };
    const post = (origin: string, source: MessageEventSource) =>
      window.dispatchEvent(new MessageEvent('message', { origin, source, data: signed }));

    post('http://sign.test', frameWindow);
    expect(root.checkout.signing.currentAgreement?.key).toBe('k-1');
    root.checkout.signing.setSigningFrame(frameWindow);
    post('http://evil.test', frameWindow);
    post('http://sign.test', new MessageChannel().port1);
    expect(root.checkout.signing.currentAgreement?.key).toBe('k-1');
    post('http://sign.test', frameWindow);
    expect(root.checkout.signing.currentAgreement).toBeNull();
    expect(root.rental.section).toBe('process_rental');
    root.checkout.signing.setSigningFrame(null);
  });

  it('marks each signed document and runs the rental after the last', () => {
    const { root } = setup();
    runInAction(() => {
      root.rental.goTo('panda_agreements');
      root.checkout.signing.documents = ready(
        ['a', 'b'].map((key) => ({
          display_name: key,
          document_type: 'lease_agreement',
          file_id: key,
          document_id: key,
          key,
          url: `/pages/sign/${key}`,
          completed: false,
        })),
      );
    });
    root.checkout.signing.completeAgreement('a');
    expect(root.checkout.signing.currentAgreement?.key).toBe('b');
    expect(root.rental.section).toBe('panda_agreements');
    root.checkout.signing.completeAgreement('b');
    expect(root.rental.section).toBe('process_rental');
  });

  it('shows the server message when a text fails', async () => {
    const { root } = setup({
      routes: {
        [`POST ${API}/rental/`]: { body: wrapped(RESULT) },
        'POST /api/text-gate-code/': failure('InvalidPhoneNumber', 'The phone number is not valid'),
      },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    await root.checkout.sendGateCodeText('(111) 555-1234');
    expect(root.checkout.textStatus).toEqual({
      state: 'failed',
      phone: '(111) 555-1234',
      serverMessage: 'The phone number is not valid',
    });
  });

  it('saves the new password for the rental record', async () => {
    const { root, calls, form } = setup({
      routes: {
        [`POST ${API}/rental/`]: { body: wrapped(RESULT) },
        'POST /api/update-consumer-password/': { body: wrapped({ updated: true }) },
      },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    expect(await root.checkout.updatePassword('Secret!23')).toBe(true);
    expect(form(calls(/update-consumer-password/)[0]).get('rrd_id')).toBe('rrd-9001');
  });
});
