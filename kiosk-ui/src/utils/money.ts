import { displayLocale, type DisplayLocale } from './locale';

/**
 * Currency as the kiosk shows it (shell spec §9): dollar sign, comma thousands separator and no
 * fraction digits by default; `{ cents: true }` shows two (e.g. a grand total being paid). In the
 * visitor's locale (utils/locale.ts): US Spanish writes dollars the same way.
 */
const formats = new Map<string, Intl.NumberFormat>();

function format(locale: DisplayLocale, digits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}:${digits}`;
  let numberFormat = formats.get(key);
  if (!numberFormat) {
    numberFormat = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, numberFormat);
  }
  return numberFormat;
}

export function formatMoney(amount: number, options: { cents?: boolean; locale?: DisplayLocale } = {}): string {
  if (!Number.isFinite(amount)) return '';
  // -0 would print as "-$0".
  const value = Object.is(roundTo(amount, options.cents ? 2 : 0), -0) ? 0 : amount;
  return format(options.locale ?? displayLocale(), options.cents ? 2 : 0).format(value);
}

/** `total_amount` as the operator API takes it: two decimals, no symbol (rental spec §9). */
export function toTotalAmount(amount: number): string {
  return roundTo(amount, 2).toFixed(2);
}

/** Rounds half away from zero at `digits` decimals, without the 1.005 -> 1.00 binary surprise. */
function roundTo(amount: number, digits: number): number {
  const factor = 10 ** digits;
  return (Math.sign(amount) * Math.round(Math.abs(amount) * factor + Number.EPSILON * factor)) / factor;
}
