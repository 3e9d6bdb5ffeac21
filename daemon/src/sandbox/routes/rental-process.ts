import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomInt } from 'node:crypto';
import type { RentalResult, ReservationResult } from '@kiosk/shared-types';
import { formatUsDate, parseUsDate } from '../dates.js';
import { cardOutcome } from '../card-outcome.js';
import { DEMO_RENTAL_PROCESSING } from '../demo-facility.js';
import { fail, isTruthy, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { formBody, serverError, text, type Form } from '../rental-form.js';
import type { FailableCall } from '../rental-process-state.js';
import type { SpaceRecord } from '../space-records.js';
import type { SandboxState } from '../state.js';
import { terminalPayment } from '../terminal-reference.js';
import { TERMINAL_AMOUNT_FIELD, amountInCents } from '@kiosk/shared-types';

/**
 * Rental processing (rental spec §4 "Finalising", §7 "Rental"): processing a rental or a
 * reservation (moving into one included), saving a failed rental and the new user's password.
 * The lock sold with a rental: routes/merchandise.ts. Outcomes: DEMO_RENTAL_PROCESSING and TEST_CARDS in demo-facility.ts, the card's
 * in card-outcome.ts. The documents to sign: routes/rental-documents.ts; the gate code:
 * routes/rental-gate-codes.ts; the notification mails: routes/rental-mails.ts.
 */

/** The space may be taken by the holder of its hold, or when it is free. */
function spaceRefusal(space: SpaceRecord | undefined, holdToken: string): ReturnType<typeof fail> | undefined {
  if (!space)
    return fail({ code: 'SpaceNotFound', message: 'Sorry! Unit is not available. Please choose another unit.' });
  const held = space.hold !== null && space.hold.token === holdToken;
  if (held || space.status === 'available') return undefined;
  return fail({
    code: 'SpaceUnavailable',
    message: `Sorry! Unit ${space.door_name} is not available. Please choose another unit.`,
  });
}

/**
 * A rental makes a tenant with a lease in the users and billing world (accounts.ts), so Pay My Bill
 * and the autopay enrolment that follows the rental find the new space.
 */
function addTenantAndLease(
  state: SandboxState,
  rental: {
    facilityId: string;
    tenant_id: string;
    form: Form;
    door_name: string;
    gatecode: string;
    rent: number | null;
  },
): void {
  const { form } = rental;
  state.accounts.tenants.push({
    tenant_id: rental.tenant_id,
    facility_id: rental.facilityId,
    first_name: text(form.tenant_first_name),
    last_name: text(form.tenant_last_name),
    email: text(form.tenant_email),
    phone: text(form.tenant_phone),
    address: {
      address1: text(form.mailing_address1),
      address2: text(form.mailing_address2),
      city: text(form.mailing_city),
      stateCode: text(form.mailing_state),
      postalCode: text(form.mailing_zipcode),
    },
  });
  state.accounts.leases.push({
    tenant_id: rental.tenant_id,
    facility_id: rental.facilityId,
    door_name: rental.door_name,
    leaseId: `L-${rental.tenant_id.slice(2)}`,
    gate_code: rental.gatecode,
    monthly_rent: rental.rent ?? 0,
    balance: [],
    paidThrough: state.accounts.thisMonth(),
    autopay_card_last4: null,
  });
}

/** 'K' and 7 characters without look-alikes (no 0/O, 1/I): read out over the phone without mistakes. */
function reservationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `K${Array.from({ length: 7 }, () => alphabet[randomInt(0, alphabet.length)]).join('')}`;
}

const rentalProcessRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const world = state.rentalProcess;
  const facilityParams = stringFields(['facility'], ['facility']);
  const failed = (call: FailableCall) => world.takeFailure(call);

  // -- PROCESSING ---------------------------------------------------------------------------------

  app.post(
    operatorPath('rental'),
    {
      schema: {
        params: facilityParams,
        body: formBody(['space_id', 'tenant_first_name', 'tenant_last_name', 'tenant_email']),
      },
    },
    async (request) => {
      const facilityId = request.params.facility;
      const { settings } = state.facility(facilityId).data;
      const form = request.body;
      const today = state.today();

      // Paid on the payment terminal: the payment the daemon recorded for this rental's total.
      const terminal = terminalPayment(state, form, {
        facilityId,
        purpose: 'rental',
        amountCents: amountInCents(form[TERMINAL_AMOUNT_FIELD]),
        spaceId: text(form.space_id) || undefined,
      });
      if (terminal.paid && terminal.refused) return terminal.refused;
      const card = terminal.paid
        ? { ok: true as const, last4: terminal.last4 }
        : cardOutcome(
            { number: form.cc_number, cvv: form.cvv, exp_month: form.cc_exp_month, exp_year: form.cc_exp_year },
            today,
          );
      if (!card.ok) return fail({ code: card.code, message: card.message });
      const attemptKey = `${facilityId}/${text(form.space_id)}/${text(form.tenant_email).toLowerCase()}`;
      if (failed('rental') || world.serverErrorFor(text(form.tenant_last_name), attemptKey)) return serverError();

      const space = state.findSpace(facilityId, text(form.space_id));
      const refusal = spaceRefusal(space, text(form.hold_token));
      if (refusal || !space) return refusal;
      // Moving into a reservation (found by its code): the rental of the reserved space, on the
      // reservation's move-in date; the reservation is used up.
      const reservationId = text(form.reservation_id);
      const reservation = reservationId ? state.findReservationById(facilityId, reservationId) : undefined;
      if (reservationId && (!reservation || reservation.door_name !== space.door_name))
        return fail({
          code: 'ReservationNotFound',
          message: `Reservation ${reservationId} is not for unit ${space.door_name}.`,
        });
      const moveInDate = reservation ? state.reservationDate(reservation) : formatUsDate(today);

      const gatecode = world.assignGatecode(
        facilityId,
        settings.gatecode_length,
        settings.is_gatecode_selectable ? text(form.gatecode) : '',
      );
      const { tenant_id, rrd_id } = world.newTenant();
      const noke_pin = settings.noke ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
      state.markRented(facilityId, space.door_id);
      if (reservation) state.removeReservation(reservation);
      addTenantAndLease(state, {
        facilityId,
        tenant_id,
        form,
        door_name: space.door_name,
        gatecode,
        rent: space.rental_rate,
      });
      world.addRental({
        facility_id: facilityId,
        tenant_id,
        rrd_id,
        space_id: space.door_id,
        door_name: space.door_name,
        tenant_email: text(form.tenant_email),
        tenant_name: `${text(form.tenant_first_name)} ${text(form.tenant_last_name)}`,
        gatecode,
        insurance_id: text(form.insurance_id),
        item_id: text(form.item_id),
        auto_debit: isTruthy(form.auto_debit),
        card: terminal.paid ? `************${terminal.last4}` : text(form.cc_number),
        noke_pin,
      });
      if (terminal.paid) {
        state.terminalPayments.markUsed(terminal.record, `rental:${tenant_id}`);
        state.terminalPayments.bindToTenant(terminal.record, tenant_id, space.door_id);
      }
      const result: RentalResult = {
        tenant_id,
        rrd_id,
        gatecode,
        access_info: DEMO_RENTAL_PROCESSING.access_info,
        is_new_user: !state.accounts.userByEmail(text(form.tenant_email)),
        unit_door_number: space.door_name,
        space_id: space.door_id,
        move_in_date: moveInDate,
        noke_pin,
      };
      return ok(result);
    },
  );

  app.post(operatorPath('saveFailedRental'), { schema: { body: formBody() } }, async (request) => {
    world.saveFailedRental(request.body ?? {});
    return ok({ saved: true });
  });

  app.post(
    operatorPath('reserveSpace'),
    {
      schema: {
        params: stringFields(['facility', 'spaceId'], ['facility', 'spaceId']),
        body: formBody(['tenant_info']),
      },
    },
    async (request) => {
      const { facility: facilityId, spaceId } = request.params;
      state.facility(facilityId);
      let tenant: Record<string, unknown>;
      try {
        tenant = JSON.parse(text(request.body.tenant_info)) as Record<string, unknown>;
      } catch {
        return fail({
          code: 'ValidationError',
          message: 'tenant_info is not JSON.',
          errors: { tenant_info: ['Not JSON'] },
        });
      }
      const field = (name: string) => (typeof tenant[name] === 'string' ? (tenant[name] as string).trim() : '');
      const missing = ['tenant_first_name', 'tenant_last_name', 'tenant_email'].filter((name) => !field(name));
      if (missing.length > 0) {
        return fail({
          code: 'ValidationError',
          message: 'tenant_info is incomplete.',
          errors: Object.fromEntries(missing.map((name) => [name, ['This field is required.']])),
        });
      }

      const today = state.today();
      const moveIn = text(request.body.move_in_date) ? parseUsDate(text(request.body.move_in_date)) : today;
      if (
        !moveIn ||
        Date.UTC(moveIn.year, moveIn.month - 1, moveIn.day) < Date.UTC(today.year, today.month - 1, today.day)
      ) {
        return fail({
          code: 'ValidationError',
          message: 'Invalid move-in date.',
          errors: { move_in_date: ['Enter a date from today, MM/DD/YYYY.'] },
        });
      }
      const attemptKey = `${facilityId}/${spaceId}/${field('tenant_email').toLowerCase()}`;
      if (failed('reserve') || world.serverErrorFor(field('tenant_last_name'), attemptKey)) return serverError();

      const space = state.findSpace(facilityId, spaceId);
      const refusal = spaceRefusal(space, text(request.body.hold_token));
      if (refusal || !space) return refusal;

      const { tenant_id, rrd_id } = world.newTenant();
      const reservation_code = reservationCode();
      const reservation_id = `res-${rrd_id.slice(4)}`;
      const move_in_date = formatUsDate(moveIn);
      // The hold ends; the space is held back for the reservation (unavailable, holdable at move-in).
      state.setSpaceStatus(facilityId, space.door_id, 'unavailable');
      state.addReservation({
        reservation_id,
        reservation_code,
        facility_id: facilityId,
        door_name: space.door_name,
        reservation_date: move_in_date,
        tenant_first_name: field('tenant_first_name'),
        tenant_last_name: field('tenant_last_name'),
        tenant_email: field('tenant_email'),
        tenant_phone: field('tenant_phone'),
      });
      world.addReservation({
        facility_id: facilityId,
        tenant_id,
        rrd_id,
        reservation_code,
        space_id: space.door_id,
        door_name: space.door_name,
        move_in_date,
        tenant_email: field('tenant_email'),
      });
      const result: ReservationResult = {
        reservation_id,
        reservation_code,
        move_in_date,
        tenant_id,
        rrd_id,
        is_new_user: !state.accounts.userByEmail(field('tenant_email')),
        unit_door_number: space.door_name,
        space_id: space.door_id,
      };
      return ok(result);
    },
  );

  app.post(
    operatorPath('updateConsumerPassword'),
    { schema: { body: formBody(['rrd_id', 'new_password']) } },
    async (request) => {
      const rrdId = text(request.body.rrd_id);
      const password = request.body.new_password ?? '';
      const email = world.emailOfRecord(rrdId);
      if (!email) return fail({ code: 'UpdatePasswordFailed', message: 'No rental with this id.' });
      if (password.length < 6) return fail({ code: 'UpdatePasswordFailed', message: 'The password is too short.' });
      // The visitor can log in with the new account from now on, and sees the new space (users area).
      const user = state.accounts.userByEmail(email) ?? state.accounts.createUser(email, password);
      const rental = world.rentals.find((record) => record.rrd_id === rrdId);
      if (rental) state.accounts.linkTenant(user, rental.facility_id, rental.tenant_id);
      world.recordPasswordUpdate(rrdId);
      return ok({ updated: true });
    },
  );
};

export default rentalProcessRoutes;
