import type { OutboxCall, OutboxKind, RentalResult, ReservationResult } from '@kiosk/shared-types';
import type { ApiClient } from '../../../api/client';
import { autopayMailData } from '../../pay-bill/payload';
import { failedRentalForm, notificationMailForm, type CardData, type ProcessingFailure } from './payload';
import type { RentalModel } from '../../../models/rental-model';
import type { LogFailure } from '../../../shared/failure-log';
import { formText, handOver, type HandedOver } from '../../../shared/outbox/hand-over';

export type RentalMailRoute = 'mailRental' | 'mailRentalFailure' | 'mailReservation' | 'mailReservationFailure';

/** Where the calls are made for. */
export interface FollowUpPlace {
  ownerId: string | null;
  facilityId: string | null;
}

/** The id of the gate-code text among a rental's follow-ups (its answer shows on confirm_rental). */
export const GATE_CODE_TEXT = 'gate_code_text';

/**
 * What the autopay mail says when the daemon restarted before the enrolment reached the operator
 * (the card is never kept on disk): the facility learns that this unit's tenant is not enrolled.
 */
export const AUTOPAY_NOT_ENROLLED = {
  status: 'error',
  code: 'AutopayNotEnrolled',
  message:
    'The kiosk restarted before the autopay enrolment reached the operator: the tenant chose autopay at the kiosk but is not enrolled.',
} as const;

/** What the calls after success need to know about the rental. */
export interface RentalFollowUpInput {
  result: RentalResult | ReservationResult;
  reservation: boolean;
  model: RentalModel;
  card: CardData | null;
  /** Paid on the terminal: its transaction id, and whether the operator takes its card on file. */
  terminal?: { transactionId: string; autopay: boolean };
  /** The phone to text the gate code to; null = no text (the facility hides gate codes, no phone). */
  textTo: string | null;
  /** The management system sends the rental or reservation mail itself. */
  pmsSends: boolean;
}

/**
 * The calls that follow a processed rental or reservation (rental spec §4 "Finalising"): the
 * gate-code text, autopay with the rental's card and then its mail, the lock sale, the
 * notification mail; after a retry failed too, the failure mail and save-failed-rental. They are
 * handed to the daemon's outbox in one request (stores/outbox/hand-over.ts); each failure is
 * logged; none changes what the visitor sees but the text's answer.
 */
export class RentalFollowUps {
  constructor(
    private readonly api: ApiClient,
    private readonly place: () => FollowUpPlace,
    private readonly log: LogFailure,
  ) {}

  /** After success: every follow-up in one hand-over. */
  afterSuccess(input: RentalFollowUpInput): Promise<HandedOver> | null {
    const calls: OutboxCall[] = [];
    const { result, reservation, model, card, terminal } = input;
    if (!reservation) {
      const rental = result as RentalResult;
      if (input.textTo) calls.push(this.gateCodeText(rental, input.textTo));
      if (model.auto_debit && card) calls.push(...this.autopay(rental, model, card));
      if (model.auto_debit && terminal?.autopay)
        calls.push(this.terminalAutopay(rental, model, terminal.transactionId));
      if (model.item_id) calls.push(this.lockSale(rental, model.item_id));
    }
    if (!input.pmsSends) {
      const mail = this.mail(reservation ? 'mailReservation' : 'mailRental', result.tenant_id, model, {
        reservationCode: reservation ? (result as ReservationResult).reservation_code : undefined,
        autopayByOffice: !reservation && model.auto_debit && terminal !== undefined && !terminal.autopay,
      });
      if (mail) calls.push(mail);
    }
    return this.handOver(reservation ? 'reservation' : 'rental', calls);
  }

  /** The retry failed too (rental §4, §8): the failure mail for a guest, and save-failed-rental for a rental. */
  afterGivingUp(model: RentalModel, card: CardData | null, failure: ProcessingFailure, reservation: boolean) {
    const facilityId = this.place().facilityId;
    if (!facilityId) return null;
    const calls: OutboxCall[] = [];
    // No tenant was created: the mail goes out for a guest (the body names the visitor).
    const mail = this.mail(reservation ? 'mailReservationFailure' : 'mailRentalFailure', 'guest', model, { failure });
    if (mail) calls.push(mail);
    if (!reservation)
      calls.push({
        id: 'save_failed_rental',
        route: 'saveFailedRental',
        params: {},
        form: formText(failedRentalForm(model, card, failure, facilityId)),
      });
    return this.handOver(reservation ? 'failed_reservation' : 'failed_rental', calls);
  }

  private handOver(kind: OutboxKind, calls: OutboxCall[]): Promise<HandedOver> | null {
    return calls.length === 0 ? null : handOver(this.api, { kind, calls }, this.log);
  }

  /**
   * Autopay after a rental paid on the terminal, where the operator takes the terminal's card on
   * file: the enrolment names the rental's approved payment (its recurring token stays with the
   * daemon), never a card.
   */
  private terminalAutopay(result: RentalResult, model: RentalModel, transactionId: string): OutboxCall {
    return this.enrolment(result, model, { terminal_transaction_id: transactionId });
  }

  /** The billing enrol call for the new unit, with how it is paid (a card's billing address or the terminal's payment). */
  private enrolment(result: RentalResult, model: RentalModel, payment: Record<string, string | undefined>): OutboxCall {
    return {
      id: 'enrol_autopay',
      route: 'enrolAutopay',
      params: { tenant: result.tenant_id, spaceId: result.space_id },
      form: formText({
        facility_id: this.place().facilityId ?? '',
        tenant_id: result.tenant_id,
        space_id: result.space_id,
        unit_door_number: result.unit_door_number,
        unit_type_id: model.unit_type_id,
        tenant_first_name: model.tenant_first_name,
        tenant_last_name: model.tenant_last_name,
        ...payment,
        enroll_autopay: true,
      }),
    };
  }

  private gateCodeText(result: RentalResult, phone: string): OutboxCall {
    return {
      id: GATE_CODE_TEXT,
      route: 'textGateCode',
      params: {},
      form: formText({
        facility_id: this.place().facilityId ?? '',
        tenant_id: result.tenant_id,
        phone_number: phone,
        gatecode: result.gatecode,
        unit_door_number: result.unit_door_number,
      }),
    };
  }

  /**
   * Autopay after the rental (docs/api-paths.md): the billing enrol call with the rental's card,
   * then, once enrolled, the autopay notification mail as Pay My Bill sends it (shell §4 (a)) with
   * the enrolment's answer. Should the card be lost before the enrolment is sent (the daemon
   * restarted), the same mail goes out saying the tenant is not enrolled.
   */
  private autopay(result: RentalResult, model: RentalModel, card: CardData): OutboxCall[] {
    const billing = model.billing_same_as_mailing
      ? {
          billing_address1: model.mailing_address1,
          billing_address2: model.mailing_address2,
          billing_city: model.mailing_city,
          billing_state: model.mailing_state,
          billing_zipcode: model.mailing_zip,
        }
      : {
          billing_address1: model.billing_address1,
          billing_address2: model.billing_address2,
          billing_city: model.billing_city,
          billing_state: model.billing_state,
          billing_zipcode: model.billing_zipcode,
        };
    const enrolment: OutboxCall = {
      ...this.enrolment(result, model, billing),
      card: {
        card_name: card.name_on_card,
        card_number: card.cc_number,
        cc_exp_month: String(card.cc_exp_month),
        cc_exp_year: String(card.cc_exp_year),
        cvv: card.cvv,
      },
    };
    const mail = this.autopayMail(result, card, null);
    // Without the owner no mail can be addressed (the configuration never loaded): the daemon
    // refuses a card with nothing to send instead, and the page enrols itself.
    if (!mail) return [enrolment];
    return [
      { ...enrolment, instead: this.autopayMail(result, card, AUTOPAY_NOT_ENROLLED)! },
      { ...mail, id: 'autopay_mail', after: { id: enrolment.id, take: [{ from: 'response', into: 'data.response' }] } },
    ];
  }

  /**
   * The autopay mail of a new rental: nothing is due (the move-in was just paid) and the enrolment
   * charges nothing now; the card shows as its first 4 and last 4 digits only.
   */
  private autopayMail(result: RentalResult, card: CardData, enrolment: unknown) {
    const { ownerId: owner, facilityId: facility } = this.place();
    if (!owner || !facility) return null;
    const payCard = {
      card_name: card.name_on_card,
      card_number: card.cc_number,
      cc_exp_month: card.cc_exp_month,
      cc_exp_year: card.cc_exp_year,
      cvv: '',
    };
    return {
      route: 'mailAutopay' as const,
      params: { owner, facility, tenant: result.tenant_id },
      form: formText(
        autopayMailData(
          { unit_number: result.unit_door_number, balance: [] },
          0,
          { card: payCard, updateCardDetails: false },
          enrolment,
        ),
      ),
    };
  }

  private lockSale(result: RentalResult, itemId: string): OutboxCall {
    return {
      id: 'lock_sale',
      route: 'processMerchandiseSales',
      params: {},
      form: formText({
        facility_id: this.place().facilityId ?? '',
        tenant_id: result.tenant_id,
        space_id: result.space_id,
        item_id: itemId,
        quantity: 1,
      }),
    };
  }

  private mail(
    route: RentalMailRoute,
    tenant: string,
    model: RentalModel,
    details: { failure?: ProcessingFailure; reservationCode?: string; autopayByOffice?: boolean },
  ): OutboxCall | null {
    const { ownerId: owner, facilityId } = this.place();
    if (!owner || !facilityId || !model.unit_type_id) return null;
    return {
      id: route === 'mailRental' || route === 'mailReservation' ? 'notification_mail' : 'failure_mail',
      route,
      params: { owner, facility: facilityId, tenant, spaceTypeId: model.unit_type_id },
      form: formText(notificationMailForm(model, details)),
    };
  }
}
