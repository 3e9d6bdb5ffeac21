import { MASKS } from '@kiosk/shared-types';
import * as yup from 'yup';
import {
  emailRule,
  optionalString,
  requiredString,
  requiredYesNo,
  zipRule,
  type StringRule,
} from '../../../forms/common';
import { MESSAGES } from '../../../forms/messages';
import { cellPhoneRule, type PhoneContext } from '../../../forms/phone';

/** imask pattern for the SSN: ###-##-####. */
export const SSN_MASK = MASKS.ssn;
export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;

/** A required SSN in its masked form. */
export function ssnRule() {
  return requiredString().matches(SSN_PATTERN, { message: MESSAGES.invalidSsn, excludeEmptyString: true });
}

function whenActive(rule: StringRule) {
  return optionalString().when('active_military', { is: true, then: () => rule });
}

export type MilitaryContext = PhoneContext;

/**
 * Military information (rental §5). active_military must be answered; when it is Yes, every
 * field but the second address line is required, the email must be valid and the unit phone
 * follows the phone rules.
 */
export function militarySchema(ctx: MilitaryContext = {}) {
  return yup.object({
    active_military: requiredYesNo(),
    military_ssn: whenActive(ssnRule()),
    military_ets_date: whenActive(requiredString()),
    military_email: whenActive(emailRule()),
    military_contact_name: whenActive(requiredString()),
    military_commanding_officer: whenActive(requiredString()),
    military_branch: whenActive(requiredString()),
    /** The unit's name. */
    military_name: whenActive(requiredString()),
    military_unit_phone: whenActive(cellPhoneRule(ctx)),
    military_address1: whenActive(requiredString()),
    military_address2: optionalString(),
    military_city: whenActive(requiredString()),
    military_state: whenActive(requiredString()),
    military_zip: whenActive(zipRule()),
  });
}
export type MilitaryValues = yup.InferType<ReturnType<typeof militarySchema>>;
