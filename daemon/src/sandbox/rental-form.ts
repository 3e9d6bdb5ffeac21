import { Type } from 'typebox';
import { DEMO_RENTAL_PROCESSING } from './demo-facility.js';
import { fail } from './respond.js';

/**
 * How the rental-processing routes read the operator's rental model and answer its server error.
 * The models are wide forms: every field arrives as a string, the `required` ones must be there,
 * and the fields a route does not read pass through unchecked.
 */

export type Form = Record<string, string | undefined>;

/** A form field, trimmed; absent is ''. */
export const text = (value: string | undefined): string => (value ?? '').trim();

/** The schema of a rental-model form body with these fields required. */
export const formBody = (required: readonly string[] = []) =>
  Type.Unsafe<Form>({ type: 'object', required: [...required] });

/** The operator's answer when the rental system fails (DEMO_RENTAL_PROCESSING.server_error). */
export function serverError(message?: string) {
  return fail({
    code: DEMO_RENTAL_PROCESSING.server_error.code,
    message: message ?? DEMO_RENTAL_PROCESSING.server_error.message,
  });
}
