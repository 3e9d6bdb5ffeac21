import { isCardNumberCandidate, maskCardNumbersInText } from './masking.js';
import { OUTBOX_CARD_ROUTE, type OutboxCallBase, type OutboxRequest } from './outbox.js';
import { isCardNumberKey, namesCardExpiry, namesCardSecurityCode } from './secret-fields.js';

/**
 * What the daemon's outbox may hold (docs/outbox.md): never a payment, and no card data but the
 * autopay enrolment's `card`, which the daemon keeps in memory only. The page builds its hand-overs
 * to this rule and the daemon refuses (400) a request that breaks it, so both read it from here.
 *
 * Card data is found anywhere in a call: a card number by its field's name or by its shape (13-19
 * digits, a first digit a network issues, a valid Luhn check: maskCardNumbersInText's rule) in any
 * text, key or number; a security code or an expiry by its field's name, when it holds a digit.
 * Text that holds JSON or a form body is read too, at any depth. A masked number
 * (`4111********1111`) is not card data: that is how mails show the card.
 */

/** What was found; `too deep` is text nested past what is read, refused rather than half read. */
export type CardDataKind = 'card number' | 'security code' | 'expiry' | 'too deep';

export interface CardDataFound {
  /** Where it is, as `form.data.request.card_number` (card numbers in it masked). */
  path: string;
  kind: CardDataKind;
}

/** Deeper than any form the kiosk sends. */
const MAX_DEPTH = 32;

/** A card-number field holds a number when it has this many digits or more (a masked one keeps at most 8). */
const CARD_FIELD_MIN_DIGITS = 12;

function holdsDigit(value: unknown): boolean {
  if (typeof value === 'number') return true;
  if (typeof value === 'string') return /[0-9]/.test(value);
  if (value !== null && typeof value === 'object') return /[0-9]/.test(JSON.stringify(value));
  return false;
}

function holdsCardNumber(text: string): boolean {
  return maskCardNumbersInText(text) !== text;
}

/** Text that may hold fields: JSON, or a form body (`a=1&b=2`). */
function parsedText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return undefined;
    }
  }
  if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(trimmed)) return Object.fromEntries(new URLSearchParams(trimmed));
  return undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function search(value: unknown, path: string, depth: number): CardDataFound | null {
  if (depth > MAX_DEPTH) return { path, kind: 'too deep' };
  if (typeof value === 'string') {
    // Inside first, to say where; then the text itself, which also holds what parsing loses (a
    // 19-digit number in JSON).
    const inside = parsedText(value);
    const found = inside === undefined ? null : search(inside, path, depth + 1);
    if (found) return found;
    return holdsCardNumber(value) ? { path, kind: 'card number' } : null;
  }
  if (typeof value === 'number') {
    const digits = String(Math.abs(value));
    return /^[0-9]+$/.test(digits) && isCardNumberCandidate(digits) ? { path, kind: 'card number' } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = search(item, join(path, String(index)), depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const at = join(path, key);
      if (holdsCardNumber(key)) return { path, kind: 'card number' };
      if (namesCardSecurityCode(key) && holdsDigit(child)) return { path: at, kind: 'security code' };
      if (namesCardExpiry(key) && holdsDigit(child)) return { path: at, kind: 'expiry' };
      if (
        isCardNumberKey(key) &&
        (typeof child === 'string' || typeof child === 'number') &&
        String(child).replace(/[^0-9]/g, '').length >= CARD_FIELD_MIN_DIGITS
      )
        return { path: at, kind: 'card number' };
      const found = search(child, at, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** The first card data found in `value`, or null; its path never shows a card number. */
export function findCardData(value: unknown): CardDataFound | null {
  const found = search(value, '', 0);
  return found === null ? null : { ...found, path: maskCardNumbersInText(found.path) };
}

/**
 * The fields of the lock bought with a rental (rental spec §3), already paid by the rental. The
 * same call with anything else (the supplies basket's `items`, `total_amount`, a card) is a card
 * sale, which the page makes itself while the visitor waits.
 */
export const LOCK_SALE_FIELDS: readonly string[] = ['facility_id', 'tenant_id', 'space_id', 'item_id', 'quantity'];

/** Why the outbox refuses a call: a card sale (`payment`) or card data outside the enrolment's card. */
export interface OutboxRefusal {
  reason: 'payment' | 'card-data';
  message: string;
}

function saleRefusal(call: OutboxCallBase): OutboxRefusal | null {
  if (call.route !== 'processMerchandiseSales') return null;
  const other = Object.keys(call.form).find((field) => !LOCK_SALE_FIELDS.includes(field));
  if (other === undefined && call.form.item_id) return null;
  return {
    reason: 'payment',
    message:
      `processMerchandiseSales is a card payment unless it is the lock of a rental (${LOCK_SALE_FIELDS.join(', ')})` +
      `${other === undefined ? '' : `; "${maskCardNumbersInText(other)}" is not one of them`}: the outbox never holds a payment`,
  };
}

/** What the outbox refuses in one call (its `card` aside, which only the enrolment may carry), or null. */
export function outboxCallRefusal(call: OutboxCallBase & { instead?: OutboxCallBase }): OutboxRefusal | null {
  const sale = saleRefusal(call) ?? (call.instead ? saleRefusal(call.instead) : null);
  if (sale) return sale;
  const { card: _card, ...written } = call as typeof call & { card?: unknown };
  const found = findCardData(written);
  if (!found) return null;
  return {
    reason: 'card-data',
    message:
      found.kind === 'too deep'
        ? `${found.path} is nested too deep to be checked for card data`
        : `${found.path} holds a ${found.kind}: card data goes to the outbox only as the card of the ${OUTBOX_CARD_ROUTE} call, which is never written to disk`,
  };
}

/** The first call of a request the outbox refuses, named by its id, or null. */
export function outboxRequestRefusal(request: OutboxRequest): OutboxRefusal | null {
  for (const call of request.calls) {
    const refusal = outboxCallRefusal(call);
    if (refusal) return { ...refusal, message: `${maskCardNumbersInText(call.id)}: ${refusal.message}` };
  }
  return null;
}
