import { LIMITS, MASKS } from '@kiosk/shared-types';
import * as yup from 'yup';
import { MESSAGES } from './messages';

/** imask pattern for every phone field: (###) ###-####. */
export const PHONE_MASK = MASKS.phone;

/**
 * Asks the phone validation call (country code 1) whether a number is valid.
 * Receives the 10 national digits; resolves false or rejects when the number is not valid.
 */
export type ValidatePhone = (digits: string) => Promise<boolean>;

export interface PhoneContext {
  /** Omitted: only the shape is checked (e.g. before the API client exists). */
  validatePhone?: ValidatePhone;
}

const TEN_DIGITS_OPTIONAL_ONE = new RegExp(`^1?\\d{${LIMITS.phoneDigits}}$`);

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The 10 national digits, without an optional leading 1. */
export function nationalDigits(value: string): string {
  const digits = phoneDigits(value);
  return digits.length > LIMITS.phoneDigits && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * Shape rule: at least 10 digits, an optional leading 1; a masked value starting '(1' is not a
 * number (no area code starts with 1).
 */
export function isPhoneShapeValid(value: string): boolean {
  if (value.startsWith('(1')) return false;
  return TEN_DIGITS_OPTIONAL_ONE.test(phoneDigits(value));
}

/** Only a complete masked value, '(555) 123-4567', goes to the validation call. */
export function isCompleteMaskedPhone(value: string): boolean {
  return value.length === LIMITS.maskedPhoneLength;
}

/**
 * Tenant, secondary-contact, military-unit and gate-code-text phones (rental §5, shell §5):
 * required; shape as above; a complete masked value must pass the validation call, and
 * 'Invalid Cell Phone Number' shows when the call says not valid or fails.
 */
export function cellPhoneRule(ctx: PhoneContext = {}) {
  return yup
    .string()
    .default('')
    .required(MESSAGES.required)
    .test('phone-shape', MESSAGES.invalidCellPhone, (value) => !value || isPhoneShapeValid(value))
    .test('phone-valid', MESSAGES.invalidCellPhone, async (value) => {
      // Shape failures are reported by the rule above; no call for them.
      if (!value || !ctx.validatePhone || !isPhoneShapeValid(value) || !isCompleteMaskedPhone(value)) {
        return true;
      }
      try {
        return (await ctx.validatePhone(nationalDigits(value))) === true;
      } catch {
        return false;
      }
    });
}

/** OTP login: the phone to send the code to (shell §5). */
export function otpPhoneSchema(ctx: PhoneContext = {}) {
  return yup.object({ phone: cellPhoneRule(ctx) });
}
export type OtpPhoneValues = yup.InferType<ReturnType<typeof otpPhoneSchema>>;
