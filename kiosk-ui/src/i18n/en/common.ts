import type { MessageTree } from '../types';
import { firstScreenCommon } from './first-screen';

/**
 * Texts shared by every area: the generic field messages of both specs' §8 (exact wording and
 * case) and the shared widgets' labels (the first screen's in ./first-screen.ts). Area-specific
 * messages live in the area's own file.
 */
export const common = {
  ...firstScreenCommon,
  field: {
    required: 'This field is required',
    invalid_email: 'Invalid email',
    invalid_cvv: 'Invalid CVV',
    invalid_credit_card: 'Invalid credit card',
    /** Rental card form (rental spec §5, §8). */
    invalid_expiry_date: 'Invalid expiry date',
    /** Pay My Bill card form: the shell spec writes it in lower case (shell spec §5, §8). */
    invalid_expiry_date_pay_bill: 'invalid expiry date',
    invalid_zip_code: 'Invalid zip code',
    invalid_cell_phone_number: 'Invalid Cell Phone Number',
    invalid_phone_number: 'Invalid Phone Number',
    alphabetic_only: 'Must only contain alphabetic characters.',
  },
  close: 'Close',
  /** A screen whose operator data did not arrive (components/LoadFailed.tsx); the visit goes on. */
  /**
   * The daemon stopped taking tries of a code or password for a while (docs/security.md "Guessing
   * is bounded"): a wait in seconds, or none left for this visit or this hour.
   */
  attempts: {
    wait: 'Too many attempts. Please wait {{seconds}} seconds and try again.',
    stopped: 'Too many attempts. Please see the Facility Manager.',
  },
  load_failed: {
    message: 'We could not load this information. Please try again or ask the Manager for help.',
    try_again: 'Try again',
  },
  /** Dates are typed month first, as in the US (DATE_FORMAT). */
  date_placeholder: 'MM/DD/YYYY',
} satisfies MessageTree;
