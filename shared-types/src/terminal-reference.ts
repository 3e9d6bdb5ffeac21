import type { ApiRouteName } from './api-routes.js';
import type { TerminalPaymentPurpose } from './payment-terminal.js';
import { isCardNumberKey, namesCardExpiry, namesCardSecurityCode, normaliseKeyName } from './secret-fields.js';

/**
 * How a purpose call says it was paid on the payment terminal (docs/api-paths.md "Terminal
 * payments"): the form field `terminal_transaction_id` names the payment the daemon recorded with
 * the operator, in place of every card field. The daemon (visit check) and the sandbox (the
 * operator's side) read this one rule.
 */
export const TERMINAL_TRANSACTION_FIELD = 'terminal_transaction_id';

/** The calls that may be paid by a terminal payment, and the purpose that payment must have been made for. */
export const TERMINAL_PURPOSE_ROUTES = {
  rental: 'rental',
  payBill: 'bill',
  processMerchandiseSales: 'merchandise',
  enrolAutopay: 'autopay',
} as const satisfies { readonly [N in ApiRouteName]?: TerminalPaymentPurpose };

export type TerminalPurposeRoute = keyof typeof TERMINAL_PURPOSE_ROUTES;

export function isTerminalPurposeRoute(route: ApiRouteName): route is TerminalPurposeRoute {
  return Object.hasOwn(TERMINAL_PURPOSE_ROUTES, route);
}

/** Every purpose call carries its amount in this form field, in dollars (`59.00`). */
export const TERMINAL_AMOUNT_FIELD = 'total_amount';

/** `59.00` (or `59`, `59.5`) in cents; null when it is not an amount of money. */
export function amountInCents(value: string | undefined): number | null {
  const match = /^\s*([0-9]{1,7})(?:\.([0-9]{1,2}))?\s*$/.exec(value ?? '');
  if (match === null) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The name on a card, as the seeds' forms call it. */
const CARD_NAME_FIELDS = new Set(['cardname', 'nameoncard', 'ccname', 'cardholdername', 'cardholder']);

/**
 * The card fields a form carries with a value: a card number, an expiry, a security code or the
 * name on the card, by their names (the rule log masking reads, secret-fields.ts), and a field
 * holding the card swipe. A call paid on the terminal carries none of them.
 */
export function cardFieldsOf(form: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(form)
    .filter(([name, value]) => {
      if (value === undefined || value.trim() === '') return false;
      const normalised = normaliseKeyName(name);
      return (
        isCardNumberKey(name) ||
        namesCardExpiry(name) ||
        namesCardSecurityCode(name) ||
        CARD_NAME_FIELDS.has(normalised) ||
        normalised === 'carddata'
      );
    })
    .map(([name]) => name);
}

/**
 * Calls on the allow-list that only the daemon makes, never the page: the record of a terminal
 * payment goes from the daemon's own outbox once its terminal approved it. The proxy refuses them
 * from the page (403 `daemon-only`), so nothing on the PC can record a payment no terminal took.
 */
export const DAEMON_ONLY_ROUTES = ['recordTerminalPayment'] as const satisfies readonly ApiRouteName[];

export function isDaemonOnlyRoute(route: ApiRouteName): boolean {
  return (DAEMON_ONLY_ROUTES as readonly ApiRouteName[]).includes(route);
}
