import { maskCardNumber } from '@kiosk/shared-types';
import type { FieldValue } from '../../../api/encode';
import { reservationDateOrDefault, type Today } from '../../../utils/dates';
import type { RentalModel } from '../../../models/rental-model';

/**
 * What the processing calls send (rental §7 "Rental": most bodies are the form-encoded model).
 * Pure functions, so what leaves the kiosk — and what never does — is unit-tested.
 */

/** The card as the card form gives it; kept by CheckoutStore only until the rental is processed. */
export interface CardData {
  name_on_card: string;
  /** Digits only. */
  cc_number: string;
  cc_exp_month: number;
  cc_exp_year: number;
  cvv: string;
}

/** Model fields that never go into a form: account passwords, the card (sent only to rental/), raw images. */
const NEVER_IN_MODEL_FORMS = new Set<keyof RentalModel>([
  'newpassword',
  'newpassword1',
  'password',
  'show_password',
  'name_on_card',
  'cc_number',
  'cc_exp_month',
  'cc_exp_year',
  'cvv',
  'mailing_zip',
]);

/** The model as form fields: mailing_zip sent as mailing_zipcode, images only as URLs (never data URLs). */
export function modelFields(model: RentalModel): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  for (const [key, value] of Object.entries(model) as [keyof RentalModel, RentalModel[keyof RentalModel]][]) {
    if (NEVER_IN_MODEL_FORMS.has(key)) continue;
    if ((key === 'dl_front' || key === 'selfie') && (typeof value !== 'string' || value.startsWith('data:'))) continue;
    fields[key] = value as FieldValue;
  }
  fields.mailing_zipcode = model.mailing_zip;
  return fields;
}

/** POST rental/: the model plus the card. */
export function rentalForm(model: RentalModel, card: CardData, facilityId: string): Record<string, FieldValue> {
  return {
    ...modelFields(model),
    facility_id: facilityId,
    name_on_card: card.name_on_card,
    cc_number: card.cc_number.replace(/\D/g, ''),
    cc_exp_month: card.cc_exp_month,
    cc_exp_year: card.cc_exp_year,
    cvv: card.cvv,
  };
}

/**
 * POST rental/ paid on the terminal: the model and the approved payment's transaction id, no card
 * field at all (the daemon lets it pass only for this kiosk's approved rental payment of this amount).
 */
export function terminalRentalForm(
  model: RentalModel,
  transactionId: string,
  facilityId: string,
): Record<string, FieldValue> {
  return { ...modelFields(model), facility_id: facilityId, terminal_transaction_id: transactionId };
}

/** What the terminal charges for the rental: the model's total_amount ("126.00"), in cents. */
export function rentalAmountCents(model: Pick<RentalModel, 'total_amount'>): number {
  return Math.round(Number(model.total_amount) * 100) || 0;
}

/** POST pandadocs/generate-tokens/ and generate-agreements/: the model and the flow, never the card. */
export function documentsForm(model: RentalModel, facilityId: string, flow = 'rental'): Record<string, FieldValue> {
  return { ...modelFields(model), facility_id: facilityId, flow };
}

/** tenant_info of POST space/{space}/reserve/ (JSON inside the form). */
export function tenantInfo(model: RentalModel): Record<string, string> {
  return {
    tenant_first_name: model.tenant_first_name,
    tenant_last_name: model.tenant_last_name,
    tenant_email: model.tenant_email,
    tenant_phone: model.tenant_phone,
    mailing_address1: model.mailing_address1,
    mailing_address2: model.mailing_address2,
    mailing_city: model.mailing_city,
    mailing_state: model.mailing_state,
    mailing_zipcode: model.mailing_zip,
  };
}

/** POST space/{space}/reserve/. */
export function reservationForm(model: RentalModel, today?: Today): Record<string, FieldValue> {
  return {
    tenant_info: tenantInfo(model),
    move_in_date: reservationDateOrDefault(model.reservation_date, today),
    hold_token: model.hold_token,
  };
}

export interface ProcessingFailure {
  code: string | null;
  message: string | null;
}

/** POST save-failed-rental/: the model and what went wrong; of the card only its masked number. */
export function failedRentalForm(
  model: RentalModel,
  card: CardData | null,
  failure: ProcessingFailure,
  facilityId: string,
): Record<string, FieldValue> {
  return {
    ...modelFields(model),
    facility_id: facilityId,
    name_on_card: card?.name_on_card ?? '',
    cc_number: card ? maskCardNumber(card.cc_number) : '',
    error_code: failure.code ?? '',
    error_message: failure.message ?? '',
  };
}

/** The notification mail (bodies "not shown"): what the facility needs to know, no card data. */
export function notificationMailForm(
  model: RentalModel,
  details: { failure?: ProcessingFailure; reservationCode?: string; autopayByOffice?: boolean },
): Record<string, FieldValue> {
  return {
    source: 'kiosk',
    unit_no: model.unit_door_number,
    space_id: model.space_id,
    unit_type_id: model.unit_type_id,
    tenant_first_name: model.tenant_first_name,
    tenant_last_name: model.tenant_last_name,
    tenant_email: model.tenant_email,
    tenant_phone: model.tenant_phone,
    move_in_date: reservationDateOrDefault(model.reservation_date),
    total_amount: model.total_amount,
    ...(details.reservationCode ? { reservation_code: details.reservationCode } : {}),
    ...(details.failure
      ? { error_code: details.failure.code ?? '', error_message: details.failure.message ?? '' }
      : {}),
    // Paid on the terminal, autopay asked, and the operator takes no terminal card on file: the
    // office sets autopay up with the tenant (docs/payment.md "Autopay").
    ...(details.autopayByOffice ? { autopay_requested: 'office' } : {}),
  };
}
