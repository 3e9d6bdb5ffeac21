import {
  maskCardNumber,
  type MailRequestData,
  type PrePayDetails,
  type SpaceDetails,
  type TenantDetail,
} from '@kiosk/shared-types';
import type { FieldValue } from '../../api/encode';
import { toTotalAmount } from '../../utils/money';
import { dueBalance, type ChargeLineLike } from './balance';
import type { ResolvedUnitPayment, UnitChoice } from './payment-plan';
import type { PayCard } from '../payment/CardStep';

/**
 * What the Pay My Bill calls send (shell §3 "Payment model", §7 "Billing"). Pure functions, so
 * what leaves the kiosk — and where the card never goes — is unit-tested.
 */

/** The card as the payment step's card form gives it (payment/CardStep.ts); held only while a payment runs. */
export type { PayCard } from '../payment/CardStep';

/** A unit of the list as the payment needs it: its space details plus the tenant and facility. */
export type PayableSpace = SpaceDetails & { tenant_id: string; facility: string };

export interface PaymentModelInput {
  space: PayableSpace;
  account: TenantDetail | null;
  /** The logged-in e-mail (username). */
  username: string;
  choice: UnitChoice;
  resolved: ResolvedUnitPayment;
  /** The charges of the resolved period. */
  prePay: PrePayDetails | null;
}

/** The per-unit payment model without the card (shell §3). */
export function paymentModel({ space, account, username, choice, resolved, prePay }: PaymentModelInput) {
  const address = account?.address;
  return {
    period: resolved.period,
    space_id: space.spaceId,
    total_amount: toTotalAmount(resolved.total),
    username,
    facility_gds_id: space.gds_id,
    facility_id: space.facility_id || space.facility,
    tenant_id: space.tenant_id,
    billing_address1: address?.address1 ?? '',
    billing_address2: address?.address2 ?? '',
    billing_city: address?.city ?? '',
    billing_state: address?.stateCode ?? '',
    billing_zipcode: address?.postalCode ?? '',
    unit_door_number: space.unit_number,
    unit_type_id: space.unit_id,
    tenant_first_name: account?.name.first ?? '',
    tenant_last_name: account?.name.last ?? '',
    prePayDetails: prePay ? { ...prePay } : null,
    autoPayChecked: choice.enroll_autopay || choice.updateCardDetails,
    payMyBill: resolved.payMyBill,
    enroll_autopay: choice.enroll_autopay,
    updateCardDetails: choice.updateCardDetails,
  } satisfies Record<string, FieldValue>;
}

export type PaymentModel = ReturnType<typeof paymentModel>;

/** The payment model merged with the card: only pay and autopay enrolment ever get this. */
export function withCard(
  model: PaymentModel,
  card: PayCard,
  extra: Record<string, FieldValue> = {},
): Record<string, FieldValue> {
  return {
    ...model,
    ...extra,
    card_name: card.card_name.trim(),
    card_number: card.card_number.replace(/\D/g, ''),
    cc_exp_month: card.cc_exp_month,
    cc_exp_year: card.cc_exp_year,
    cvv: card.cvv,
  };
}

/**
 * Signing tokens and agreements for an autopay enrolment (flow billpay): the tenant, the unit's
 * payment data and the card as the agreement shows it — name, expiry and the masked number. The
 * full number and the CVV never go to the document service.
 */
export function billpayDocumentsForm(model: PaymentModel, card: PayCard, email: string): Record<string, FieldValue> {
  return {
    ...model,
    prePayDetails: undefined,
    flow: 'billpay',
    tenant_email: email,
    no_secondary_contact: true,
    auto_debit: true,
    card_name: card.card_name.trim(),
    card_number: maskCardNumber(card.card_number.replace(/\D/g, '')),
    cc_exp_month: card.cc_exp_month,
    cc_exp_year: card.cc_exp_year,
  };
}

/** The unit a notification mail is about: its number and the balance it had. */
export interface MailUnit {
  unit_number: string;
  balance: readonly ChargeLineLike[] | null | undefined;
}

/** Notification mail data (shell §7): source desktop, balance, prepay, the payment or request/response, unit_no. */
export function paymentMailData(space: MailUnit, prepayTotal: number, payment: MailRequestData | null) {
  return {
    data: {
      source: 'desktop',
      balance: dueBalance(space.balance),
      prepay: prepayTotal,
      payment,
      unit_no: space.unit_number,
    },
  };
}

export function autopayMailData(
  space: MailUnit,
  prepayTotal: number,
  request: { card: PayCard; updateCardDetails: boolean },
  response: unknown,
) {
  return {
    data: {
      source: 'desktop',
      balance: dueBalance(space.balance),
      prepay: prepayTotal,
      request: {
        unit_no: space.unit_number,
        card_name: request.card.card_name.trim(),
        card_number: maskCardNumber(request.card.card_number.replace(/\D/g, '')),
        update_card: request.updateCardDetails,
      },
      response,
      unit_no: space.unit_number,
    },
  };
}
