import * as yup from 'yup';
import { moveOutDateRange } from '../move-out';
import { requiredString } from '../../../forms/common';
import { formatUsDate, isWithin, parseUsDate, type Today } from '../../../utils/dates';
import { keyed, MESSAGES } from '../../../forms/messages';

/**
 * The move-out notice (docs/my-storage.md): a unit and a date from tomorrow to a year ahead,
 * with the reservation date's messages ('Invalid date', 'Choose a date from … to …').
 */
export function moveOutSchema(today?: Today) {
  return yup.object({
    unit: requiredString(),
    move_out_date: requiredString().test('move-out-date', MESSAGES.invalidDate, function (value) {
      const date = parseUsDate(value);
      if (!date) return false;
      const range = moveOutDateRange(today);
      if (isWithin(date, range)) return true;
      return this.createError({
        message: keyed('reservation_date_range', { min: formatUsDate(range.min), max: formatUsDate(range.max) }),
      });
    }),
  });
}
export type MoveOutValues = yup.InferType<ReturnType<typeof moveOutSchema>>;
