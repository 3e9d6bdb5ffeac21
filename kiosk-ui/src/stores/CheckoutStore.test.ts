import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { activeSections } from '../flow/flow';
import { ready } from '../models/loadable';
import { wrapped } from '../test/fakes';
import { API, CARD, failure, RESULT, setup, VISA } from './checkout/checkout-test-fixtures';

/** Finalising (rental §4): processing, its retry rules and the follow-ups, over a fake API. */

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
    expect(root.checkout.confirmation.textStatus).toMatchObject({ state: 'sent', phone: '(217) 555-0182' });
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
