/**
 * Masking of card data, secrets and personal details before anything is logged or spooled (spec §7
 * Logging: only the first 4 and last 4 digits of a card number may show; CVV and expiry are
 * replaced): the public entry. Which field holds what is the one rule in secret-fields.ts
 * (`fieldSecrecy`); what each kind of value may show is in a file per subject: card numbers
 * (masking-cards.ts), contact details and licence numbers (masking-personal.ts), configured secret
 * values (masking-secret-values.ts), fields by name, by type and written in text
 * (masking-fields.ts), and a whole value or URL as a log holds it (masking-log.ts: maskSecrets,
 * maskUrlForLog). Used by the UI before it sends an event, and again by the daemon on everything it
 * logs, spools or ships.
 *
 * Re-exports only, no code of its own: a bundle that imports one rule through it (the kiosk's first
 * screen masks card numbers in its error reports) then gets that rule's file alone, not every file
 * this one would import for code of its own.
 */

export * from './secret-fields.js';
export {
  isCardNumberCandidate,
  maskCardNumber,
  maskCardNumbersInText,
  maskPartialCardNumber,
} from './masking-cards.js';
export { maskFieldsInText } from './masking-fields.js';
export { maskSecrets, maskUrlForLog, type MaskOptions } from './masking-log.js';
export {
  maskEmailAddress,
  maskEmailsInText,
  maskLicenceNumber,
  maskPhoneNumber,
  maskPhonesInUrl,
} from './masking-personal.js';
export { MIN_SECRET_VALUE_LENGTH, REMOVED, removeSecretValues } from './masking-secret-values.js';
