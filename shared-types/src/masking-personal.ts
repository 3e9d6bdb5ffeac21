/**
 * A tenant's contact details and licence number as logs may show them: only enough to tell them
 * apart (a phone's last four digits, an e-mail's first letter and domain, a licence number's last
 * four characters). Part of the log masking (masking.ts, its public entry).
 */

/** A licence number as logs show it: its last four characters, the rest starred. */
export function maskLicenceNumber(value: string): string {
  const kept = value.replace(/[\s-]/g, '');
  return kept.length <= 4 ? '*'.repeat(kept.length) : `${'*'.repeat(kept.length - 4)}${kept.slice(-4)}`;
}

/** A phone number as logs show it: its last four digits, the rest starred (`***-***-0147`). */
export function maskPhoneNumber(value: string): string {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `***-***-${digits.slice(-4)}`;
}

/** An e-mail address as logs show it: its first character and the domain (`t***@example.com`). */
export function maskEmailAddress(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return value === '' ? '' : '***';
  return `${value[0]}***${value.slice(at)}`;
}

/** An e-mail address in text or in a URL (`@` or `%40`). */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;

/** Every e-mail address in text as maskEmailAddress shows it. */
export function maskEmailsInText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, (address) => maskEmailAddress(address.replace(/%40/i, '@')));
}

/**
 * A US phone number in a URL, raw or URI-encoded: an optional +1 or 1, then 10 digits, optionally
 * split as (217) 555-0147, 217-555-0147 or 217.555.0147. Not part of a longer run of digits.
 */
const URL_PHONE =
  /(?<![0-9])(?:(?:%2B|\+)?1(?:%20|[ .-])?)?(?:%28|\()?[2-9][0-9]{2}(?:%29|\))?(?:%20|[ .-])?[0-9]{3}(?:%20|[ .-])?([0-9]{4})(?![0-9])/gi;

/**
 * A request URL as logs may show it: every phone number in its path or query reduced to its last
 * four digits (`users/phone/%2B12175550147/` -> `users/phone/***-***-0147/`), as the tenant area
 * shows where a text went.
 */
export function maskPhonesInUrl(url: string): string {
  return url.replace(URL_PHONE, (_whole, last4: string) => `***-***-${last4}`);
}
