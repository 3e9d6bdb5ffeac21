import * as yup from 'yup';
import { emailRule, nameRule, optionalString, requiredString, zipRule } from '../../forms/common';
import {
  formatUsDate,
  isWithin,
  licenceExpiryMin,
  parseUsDate,
  reservationDateRange,
  type Today,
} from '../../utils/dates';
import { keyed, MESSAGES, vkey } from '../../forms/messages';
import { cellPhoneRule, type PhoneContext } from '../../forms/phone';

export interface InfoContext extends PhoneContext {
  /** The reservation list is active: the move-in date field is shown. */
  reservationMode?: boolean;
  /** Facility advanced_dates: how many days ahead a reservation may start. */
  advancedDates?: number;
  today?: Today;
}

/** A required MM/DD/YYYY date ('Invalid date' when it is not one). */
export function usDateRule() {
  return requiredString().test('us-date', MESSAGES.invalidDate, (value) => !value || parseUsDate(value) !== null);
}

/**
 * Reservation move-in date. Left empty it defaults to today (`reservationDateOrDefault`);
 * a chosen date must be from tomorrow up to advanced_dates days ahead. See docs/flow.md.
 */
export function reservationDateRule(ctx: InfoContext) {
  return optionalString().test('reservation-date', MESSAGES.invalidDate, function (value) {
    if (!ctx.reservationMode || !value) return true;
    const date = parseUsDate(value);
    if (!date) return false;
    const range = reservationDateRange(ctx.advancedDates ?? 0, ctx.today);
    if (isWithin(date, range)) return true;
    return this.createError({
      message: keyed('reservation_date_range', { min: formatUsDate(range.min), max: formatUsDate(range.max) }),
    });
  });
}

/** Your information (rental §5): tenant, mailing address, driver licence, reservation date. */
export function infoSchema(ctx: InfoContext = {}) {
  return yup.object({
    tenant_first_name: nameRule(),
    tenant_last_name: nameRule(),
    tenant_email: emailRule(),
    tenant_phone: cellPhoneRule(ctx),
    mailing_address1: requiredString(),
    mailing_address2: optionalString(),
    mailing_city: requiredString(),
    mailing_state: requiredString(),
    mailing_zip: zipRule(),
    driving_lis_no: requiredString(),
    driving_lis_state: requiredString(),
    driving_lis_expiry: usDateRule().test('licence-not-expired', vkey('licence_expired'), (value) => {
      const date = parseUsDate(value);
      return !date || !date.isBefore(licenceExpiryMin(ctx.today), 'day');
    }),
    reservation_date: reservationDateRule(ctx),
  });
}
export type InfoValues = yup.InferType<ReturnType<typeof infoSchema>>;
