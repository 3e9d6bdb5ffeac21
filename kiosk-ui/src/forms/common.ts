import { LIMITS } from '@kiosk/shared-types';
import * as yup from 'yup';
import { keyed, MESSAGES } from './messages';

/** Letters and spaces only (rental §5 names, name on card). */
export const LETTERS_AND_SPACES = /^[A-Za-z ]+$/;
export const ZIP_PATTERN = new RegExp(`^\\d{${LIMITS.zipLength}}$`);

/** Any string rule, whatever its default and flags: what conditional helpers take. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StringRule = yup.StringSchema<any, yup.AnyObject, any, any>;

export function requiredString() {
  return yup.string().default('').required(MESSAGES.required);
}

export function optionalString() {
  return yup.string().default('');
}

/** Letters and spaces, at most `max` characters; required. */
export function lettersRule(max: number) {
  return requiredString()
    .matches(LETTERS_AND_SPACES, { message: MESSAGES.alphabeticOnly, excludeEmptyString: true })
    .max(max, keyed('max_length', { max }));
}

/** Tenant and secondary-contact names: required, letters and spaces, at most 45. */
export function nameRule() {
  return lettersRule(LIMITS.nameMaxLength);
}

/** Zip: required, an integer of exactly 5 digits ('Invalid zip code'). */
export function zipRule() {
  return requiredString().matches(ZIP_PATTERN, { message: MESSAGES.invalidZip, excludeEmptyString: true });
}

/** A domain with a dot and a top-level part: 'jo@example' is a typo on a kiosk, not an address. */
const DOMAIN_WITH_TLD = /@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** yup's HTML-style email check plus a top-level domain. */
export function withEmailCheck(rule: StringRule) {
  return rule
    .email(MESSAGES.invalidEmail)
    .test('email-domain', MESSAGES.invalidEmail, (value: string | undefined) => !value || DOMAIN_WITH_TLD.test(value));
}

/** Email: required and valid ('Invalid email'). */
export function emailRule() {
  return withEmailCheck(requiredString());
}

/** Email checked only when given. */
export function optionalEmailRule() {
  return withEmailCheck(optionalString());
}

/** A yes/no question that must be answered (radio Yes/No: undefined until chosen). */
export function requiredYesNo() {
  return yup.boolean().required(MESSAGES.required);
}
