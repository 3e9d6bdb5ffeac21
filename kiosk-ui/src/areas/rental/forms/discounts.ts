import * as yup from 'yup';
import { optionalString, requiredString } from '../../../forms/common';
import { formatUsDate, isWithin, parseUsDate, seniorBirthdayRange, type Today } from '../../../utils/dates';
import { keyed, MESSAGES, vkey } from '../../../forms/messages';

export interface DiscountsContext {
  /** Facility senior_citizen_age. */
  seniorCitizenAge: number;
  today?: Today;
}

/**
 * Discounts (rental §5): Senior asks for a birthday (MM/DD/YYYY) inside the picker range, which
 * starts senior_citizen_age years ago and spans 60 years back; Student asks for school_name and
 * student_id. Senior and student are exclusive.
 */
export function discountsSchema(ctx: DiscountsContext) {
  return yup.object({
    senior: yup.boolean().default(false),
    student: yup
      .boolean()
      .default(false)
      .test('one-discount', vkey('one_discount_only'), function (student) {
        return !(student === true && (this.parent as { senior?: boolean }).senior === true);
      }),
    birthday: optionalString().when('senior', {
      is: true,
      then: () =>
        requiredString().test('senior-birthday', MESSAGES.invalidDate, function (value) {
          if (!value) return true;
          const date = parseUsDate(value);
          if (!date) return false;
          const range = seniorBirthdayRange(ctx.seniorCitizenAge, ctx.today);
          if (isWithin(date, range)) return true;
          return this.createError({
            message: keyed('birthday_range', { min: formatUsDate(range.min), max: formatUsDate(range.max) }),
          });
        }),
    }),
    school_name: optionalString().when('student', { is: true, then: () => requiredString() }),
    student_id: optionalString().when('student', { is: true, then: () => requiredString() }),
  });
}
export type DiscountsValues = yup.InferType<ReturnType<typeof discountsSchema>>;
