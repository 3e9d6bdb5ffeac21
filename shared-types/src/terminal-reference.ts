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

/** Why an autopay enrolment from the terminal did not happen: the operator's refusal codes. */
export type TerminalAutopayRefusal = 'TerminalTokenNotAccepted' | 'TerminalTokenMissing';

const OFFICE_REASONS: Record<TerminalAutopayRefusal, string> = {
  TerminalTokenNotAccepted: 'the management system does not take a card kept on file by the payment terminal',
  TerminalTokenMissing: 'the payment terminal did not keep the card on file',
};

/** What the visitor's screen and the office read when autopay could not be set up from the terminal. */
export const TERMINAL_AUTOPAY_REFUSAL_MESSAGES: Record<TerminalAutopayRefusal, string> = {
  TerminalTokenNotAccepted:
    'Autopay cannot be set up with a card from the payment terminal. Please see the Facility Manager.',
  TerminalTokenMissing: 'The payment terminal did not keep your card for autopay. Please see the Facility Manager.',
};

export interface TerminalAutopayOfficeMail {
  tenantId: string;
  /** First and last name, as the rental or the account gave them. */
  tenantName: string;
  unitNo: string;
  spaceId: string;
  /** The terminal payment whose card could not go on file. */
  transactionId: string;
  /** As the receipt shows it (`•••• 0119`). */
  maskedPan: string;
  reason: TerminalAutopayRefusal;
  /** Pay My Bill's "update card" rather than a new enrolment. */
  updateCard?: boolean;
}

/**
 * The autopay mail (`mailAutopay`, the form Pay My Bill and the rental send) for a tenant who chose
 * autopay and paid on the terminal when the enrolment could not take the terminal's card: it names
 * the tenant and the unit and tells the office to set autopay up, with the payment's reference and
 * the masked card only (docs/api-paths.md "Terminal payments").
 */
export function terminalAutopayOfficeMailForm(mail: TerminalAutopayOfficeMail): { data: string } {
  const officeAction =
    `Please set up autopay at the office for ${mail.tenantName} (tenant ${mail.tenantId}), unit ${mail.unitNo}: ` +
    `the tenant chose autopay at the kiosk and paid on the payment terminal, but ${OFFICE_REASONS[mail.reason]}.`;
  return {
    data: JSON.stringify({
      source: 'kiosk',
      unit_no: mail.unitNo,
      space_id: mail.spaceId,
      tenant_id: mail.tenantId,
      tenant_name: mail.tenantName,
      request: {
        unit_no: mail.unitNo,
        card_number: mail.maskedPan,
        update_card: mail.updateCard === true,
        [TERMINAL_TRANSACTION_FIELD]: mail.transactionId,
      },
      response: { status: 'error', code: mail.reason, message: TERMINAL_AUTOPAY_REFUSAL_MESSAGES[mail.reason] },
      office_action: officeAction,
    }),
  };
}
