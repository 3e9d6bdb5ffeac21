import { LIMITS } from '@kiosk/shared-types';
import * as yup from 'yup';
import { emailRule, requiredString } from '../../../forms/common';
import { keyed, vkey } from '../../../forms/messages';
import { cellPhoneRule, type PhoneContext } from '../../../forms/phone';

/** What the strength checker (zxcvbn, loaded on demand by the screen) says about a password. */
export interface PasswordScore {
  score: number;
  suggestions: string[];
}
export type ScorePassword = (password: string) => Promise<PasswordScore>;

export interface PasswordContext {
  /** Omitted: no strength check (e.g. while the checker is still loading). */
  scorePassword?: ScorePassword;
}

/** Shown under the register password (shell §5) and the new password after a rental (rental §5). */
export const PASSWORD_NOTE = keyed('password_note', { min: LIMITS.passwordMinLength });
export const PASSWORD_HINT = vkey('password_hint');

/**
 * A new password: required, at least 6 characters, and the strength check must score above 0,
 * else 'Password is too weak. ' plus the checker's first suggestion.
 */
export function newPasswordRule(ctx: PasswordContext = {}) {
  return requiredString()
    .min(LIMITS.passwordMinLength, keyed('password_min_length', { min: LIMITS.passwordMinLength }))
    .test('password-strength', vkey('password_too_weak'), async function (value) {
      if (!ctx.scorePassword || !value || value.length < LIMITS.passwordMinLength) return true;
      let result: PasswordScore;
      try {
        result = await ctx.scorePassword(value);
      } catch {
        // A checker that failed to load must not lock the visitor out of their account.
        return true;
      }
      if (result.score > 0) return true;
      return this.createError({ message: keyed('password_too_weak', { suggestion: result.suggestions[0] ?? '' }) });
    });
}

/** Re-entered password: required and equal to `field`. */
export function matchingPasswordRule(field: string) {
  return requiredString().oneOf([yup.ref(field)], vkey('passwords_must_match'));
}

/** Login (shell §5) and the rental login popup (rental §5): email required and valid, password required. */
export const loginSchema = yup.object({
  username: emailRule(),
  password: requiredString(),
});
export type LoginValues = yup.InferType<typeof loginSchema>;

/** Create an account (shell §5). */
export function registerSchema(ctx: PasswordContext = {}) {
  return yup.object({
    username: emailRule(),
    password: newPasswordRule(ctx),
    password1: matchingPasswordRule('password'),
  });
}
export type RegisterValues = yup.InferType<ReturnType<typeof registerSchema>>;

/** Forgot password (shell §5). */
export const forgotPasswordSchema = yup.object({ email: emailRule() });
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;

/** One-time code (shell §5, rental §5). */
export const otpSchema = yup.object({ otp: requiredString() });
export type OtpValues = yup.InferType<typeof otpSchema>;

/** Find reservation (rental §5). */
export const reservationCodeSchema = yup.object({ reservation_code: requiredString() });
export type ReservationCodeValues = yup.InferType<typeof reservationCodeSchema>;

/** Space-number search on the detail page (rental §5). */
export const spaceSearchSchema = yup.object({ keyword: requiredString() });
export type SpaceSearchValues = yup.InferType<typeof spaceSearchSchema>;

/** New password after a rental, for new users (rental §5). */
export function newPasswordSchema(ctx: PasswordContext = {}) {
  return yup.object({
    newpassword: newPasswordRule(ctx),
    newpassword1: matchingPasswordRule('newpassword'),
  });
}
export type NewPasswordValues = yup.InferType<ReturnType<typeof newPasswordSchema>>;

/** Texting the gate code (confirm) or resending the access PIN (setup_noke): a phone is required. */
export function gateCodeTextSchema(ctx: PhoneContext = {}) {
  return yup.object({ phonenumber: cellPhoneRule(ctx) });
}
export type GateCodeTextValues = yup.InferType<ReturnType<typeof gateCodeTextSchema>>;
