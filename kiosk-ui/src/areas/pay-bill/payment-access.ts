import type { KioskTimeEntry, PaymentAccess, UnitAccessStatus } from '@kiosk/shared-types';
import type { TFunction } from 'i18next';
import {
  clockHour,
  formatTimeOfDay,
  nextOfficeOpening,
  weekdayName,
  type OfficeOpening,
  type TimeOfDay,
} from './office-opening';

/**
 * A locked-out unit before and after its payment (docs/api-paths.md "Access after a payment"): the
 * mark in the unit list, and the sentence the result screen shows, speech says and the receipt
 * prints. A unit that was not locked out gets neither.
 */

/** What a paid unit is told about access; null when the payment changed nothing about it. */
export type UnitAccessOutcome = { status: 'restored' } | { status: 'manager'; opening: OfficeOpening };

/** The unit list's mark of a locked-out unit; null for a unit the tenant can get into. */
export function lockedOutKey(status: UnitAccessStatus | undefined) {
  if (status === 'gate_suspended') return 'pay_bill.access.gate_suspended' as const;
  if (status === 'overlocked') return 'pay_bill.access.overlocked' as const;
  return null;
}

/**
 * The operator's answer about access, read when the payment went through: 'manager' carries the
 * office's next opening as of `epochMs` in `timeZone` (the facility's); 'unchanged' or no answer
 * is nothing to say.
 */
export function accessOutcome(
  access: PaymentAccess | undefined,
  timings: readonly KioskTimeEntry[],
  epochMs: number,
  timeZone: string,
): UnitAccessOutcome | null {
  if (access?.status === 'restored') return { status: 'restored' };
  if (access?.status === 'manager')
    return { status: 'manager', opening: nextOfficeOpening(timings, epochMs, timeZone) };
  return null;
}

function atTime(t: TFunction, time: TimeOfDay, locale: string): string {
  return t('pay_bill.access.at_time', { count: clockHour(time), time: formatTimeOfDay(time, locale) });
}

/** The sentence, in the language of `t` with times and weekday names written for `locale`. */
export function accessSentence(outcome: UnitAccessOutcome, t: TFunction, locale: string): string {
  if (outcome.status === 'restored') return t('pay_bill.access.restored');
  const { opening } = outcome;
  switch (opening.when) {
    case 'open_now':
      return t('pay_bill.access.manager_open_now', {
        until: t('pay_bill.access.until_time', {
          count: clockHour(opening.until),
          time: formatTimeOfDay(opening.until, locale),
        }),
      });
    case 'today':
      return t('pay_bill.access.manager_today', { at: atTime(t, opening.at, locale) });
    case 'tomorrow':
      return t('pay_bill.access.manager_tomorrow', { at: atTime(t, opening.at, locale) });
    case 'weekday':
      return t('pay_bill.access.manager_weekday', {
        at: atTime(t, opening.at, locale),
        weekday: weekdayName(opening.weekday, locale),
      });
    case 'unknown':
      return t('pay_bill.access.manager_unknown');
  }
}
