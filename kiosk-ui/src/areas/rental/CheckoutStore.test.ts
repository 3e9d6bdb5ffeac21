import { runInAction } from 'mobx';
import { outboxRequestRefusal } from '@kiosk/shared-types';
import { afterEach, describe, expect, it } from 'vitest';
import { activeSections } from './flow/flow';
import { ready } from '../../models/loadable';
import { wrapped } from '../../test/fakes';
import { API, CARD, failure, RESULT, setup, VISA } from './checkout/checkout-test-fixtures';

/** Finalising (rental §4): processing, its retry rules and the follow-ups, over a fake API. */

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the follow-ups after success, handed to the daemon', () => {
  it('hands the text, autopay (the mail after the enrolment, with its answer), the lock and the mail over in one request', async () => {
    const { root, calls, handedOver, job, settle } = setup({
      outbox: 'accepts',
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
      model: { auto_debit: true, item_id: 'lock-disc-70' },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    await settle();
    await settle();

    expect(handedOver()).toHaveLength(1);
    expect(handedOver()[0]!.kind).toBe('rental');
    expect(handedOver()[0]!.calls.map((call) => call.id)).toEqual([
      'gate_code_text',
      'enrol_autopay',
      'autopay_mail',
      'lock_sale',
      'notification_mail',
    ]);
    expect(job('gate_code_text')).toMatchObject({
      route: 'textGateCode',
      form: { phone_number: '(217) 555-0182', gatecode: RESULT.gatecode, tenant_id: 't-9001' },
    });
    const enrolment = job('enrol_autopay')!;
    expect(enrolment).toMatchObject({ route: 'enrolAutopay', params: { tenant: 't-9001', spaceId: 'sp-b-10' } });
    expect(enrolment.card).toEqual({
      card_name: 'JANE TENANT',
      card_number: VISA,
      cc_exp_month: '12',
      cc_exp_year: '2030',
      cvv: '123',
    });
    // Only the card field holds the card: the form and the call sent instead never do.
    expect(JSON.stringify({ ...enrolment, card: null })).not.toContain(VISA);
    expect(JSON.parse(enrolment.instead!.form.data!)).toMatchObject({
      unit_no: RESULT.unit_door_number,
      request: { card_number: `${VISA.slice(0, 4)}********${VISA.slice(-4)}` },
      response: { status: 'error', code: 'AutopayNotEnrolled' },
    });
    const mail = job('autopay_mail')!;
    expect(mail).toMatchObject({
      route: 'mailAutopay',
      params: { owner: 'demo-owner', facility: 'demo', tenant: 't-9001' },
      after: { id: 'enrol_autopay', take: [{ from: 'response', into: 'data.response' }] },
    });
    expect(JSON.parse(mail.form.data!)).toMatchObject({ source: 'desktop', unit_no: RESULT.unit_door_number });
    expect(mail.form.data).not.toContain(VISA);
    expect(mail.form.data).toContain(`${VISA.slice(0, 4)}********${VISA.slice(-4)}`);
    expect(job('lock_sale')).toMatchObject({ route: 'processMerchandiseSales', form: { item_id: 'lock-disc-70' } });
    expect(job('notification_mail')).toMatchObject({ route: 'mailRental', params: { spaceTypeId: 'm-10x10' } });
    // Nothing went to the operator from the page.
    expect(calls(/text-gate-code|autopay|merchandise|space-type\/m-10x10\/rental/)).toHaveLength(0);
    expect(root.checkout.cardDraft).toBeNull();
    // The text's answer, asked of the daemon, shows on the confirmation.
    expect(calls(/^GET \/outbox\/jobs\/k-gate_code_text$/)).toHaveLength(1);
    expect(root.checkout.confirmation.textStatus).toMatchObject({ state: 'sent', phone: '(217) 555-0182' });
    // What the daemon takes: no payment, no card data but the enrolment's card (docs/outbox.md).
    expect(outboxRequestRefusal(handedOver()[0]!)).toBeNull();
  });

  it("shows the operator's refusal of the text, and a first attempt that did not reach it as not sent", async () => {
    const refused = setup({
      outbox: 'accepts',
      outcomes: {
        gate_code_text: {
          key: 'k-gate_code_text',
          state: 'refused',
          attempts: 1,
          message: 'The phone number is not valid',
        },
      },
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
    });
    refused.root.checkout.setCard(CARD);
    await refused.root.checkout.process();
    await refused.settle();
    await refused.settle();
    expect(refused.root.checkout.confirmation.textStatus).toEqual({
      state: 'failed',
      phone: '(217) 555-0182',
      serverMessage: 'The phone number is not valid',
    });

    const retrying = setup({
      outbox: 'accepts',
      outcomes: { gate_code_text: { key: 'k-gate_code_text', state: 'pending', attempts: 1, message: null } },
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
    });
    retrying.root.checkout.setCard(CARD);
    await retrying.root.checkout.process();
    await retrying.settle();
    await retrying.settle();
    expect(retrying.root.checkout.confirmation.textStatus).toEqual({
      state: 'failed',
      phone: '(217) 555-0182',
      serverMessage: null,
    });
  });

  it('a reservation hands over its mail only; no autopay, text or lock', async () => {
    const { root, handedOver, settle } = setup({
      outbox: 'accepts',
      reservation: true,
      model: { auto_debit: true, item_id: 'lock-disc-70' },
      routes: {
        [`POST ${API}/space/sp-b-10/reserve/`]: {
          body: wrapped({ ...RESULT, reservation_id: 'res-1', reservation_code: 'KABCDEFG', tenant_id: 't-9002' }),
        },
      },
    });
    await root.checkout.process();
    await settle();
    expect(handedOver()).toEqual([
      {
        kind: 'reservation',
        calls: [
          expect.objectContaining({
            id: 'notification_mail',
            route: 'mailReservation',
            params: { owner: 'demo-owner', facility: 'demo', tenant: 't-9002', spaceTypeId: 'm-10x10' },
            form: expect.objectContaining({ reservation_code: 'KABCDEFG' }),
          }),
        ],
      },
    ]);
  });

  it('after the retry failed too, hands over the failure mail and save-failed-rental (card masked, no CVV)', async () => {
    const { root, calls, handedOver, job, settle } = setup({
      outbox: 'accepts',
      routes: { [`POST ${API}/rental/`]: failure('RentalFailed', 'Down') },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    expect(handedOver()).toEqual([]);
    root.checkout.retry();
    await root.checkout.process();
    await settle();
    expect(handedOver().map((request) => request.kind)).toEqual(['failed_rental']);
    expect(job('failure_mail')).toMatchObject({
      route: 'mailRentalFailure',
      params: { tenant: 'guest', spaceTypeId: 'm-10x10' },
      form: { error_code: 'RentalFailed' },
    });
    const saved = job('save_failed_rental')!;
    expect(saved.form.cc_number).toBe('4111********1111');
    expect(saved.form.error_code).toBe('RentalFailed');
    expect(saved.form).not.toHaveProperty('cvv');
    expect(JSON.stringify(handedOver())).not.toContain(VISA);
    expect(outboxRequestRefusal(handedOver()[0]!)).toBeNull();
    expect(calls(/failure|save-failed/)).toHaveLength(0);
  });
});

describe('processing a rental', () => {
  it('on success: confirm_rental, the account section for a new user, and the follow-ups (the page sends them when the outbox is full)', async () => {
    const { root, calls, form, settle } = setup({
      routes: {
        [`POST ${API}/rental/`]: { body: wrapped(RESULT) },
        'POST /outbox': {
          status: 507,
          body: { statusCode: 507, error: 'Insufficient Storage', message: 'The outbox is full' },
        },
      },
      model: { auto_debit: true, item_id: 'lock-disc-70', newpassword: 'leak?' },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    await settle();

    expect(root.rental.section).toBe('confirm_rental');
    expect(activeSections(root.rental.flow).slice(-2)).toEqual(['confirm_rental', 'create_online_account']);
    expect(root.checkout.confirmDoneKey).toBe('rental.flow.create_online_account');

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
    expect(root.checkout.confirmation.textStatus).toMatchObject({ state: 'sent', phone: '(217) 555-0182' });
    // The hand-over was tried once, and its failure logged.
    expect(calls(/^POST \/outbox$/)).toHaveLength(1);
    expect(calls(/^POST \/log$/).some((request) => request.body?.includes('outbox hand-over'))).toBe(true);
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
    expect(root.checkout.confirmDoneKey).toBe('rental.flow.setup_access_control');
  });

  it('a new user at a smart-access facility chooses the password on the confirmation, not on a section after it', async () => {
    const { root } = setup({
      routes: { [`POST ${API}/rental/`]: { body: wrapped({ ...RESULT, is_new_user: true, noke_pin: '123456' }) } },
      settings: { noke: true },
    });
    root.checkout.setCard(CARD);
    await root.checkout.process();
    expect(activeSections(root.rental.flow)).not.toContain('create_online_account');
    expect(activeSections(root.rental.flow).slice(-3)).toEqual(['confirm_rental', 'setup_noke', 'noke_confirm']);
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
    expect(root.checkout.confirmDoneKey).toBe('rental.flow.retry_payment');

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
    expect(root.checkout.confirmDoneKey).toBe('rental.flow.finish');
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
    expect(root.checkout.confirmDoneKey).toBe('rental.flow.finish');
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
