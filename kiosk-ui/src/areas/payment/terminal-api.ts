import {
  isTerminalPaymentState,
  type PaymentMethods,
  type TerminalPaymentStart,
  type TerminalPaymentState,
} from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';

/**
 * The payment terminal's daemon calls (docs/payment-terminal.md), kept with the payment step's
 * store rather than in ApiClient and DAEMON_ENDPOINTS: only the payment screens need them, not the
 * first screen (docs/performance.md, its budget).
 */
export const PAYMENT_ENDPOINTS = {
  /** The ways to pay this kiosk offers (shared-types payment-terminal.ts PaymentMethods). */
  methods: '/device/payment/methods',
  /** POST a terminal payment; GET /:transactionId its state; POST /:transactionId/cancel the Abort. */
  terminal: '/device/payment/terminal',
} as const;

function isPaymentMethods(body: unknown): body is PaymentMethods {
  if (typeof body !== 'object' || body === null) return false;
  const methods = body as Record<string, unknown>;
  return ['terminal', 'reader', 'typed', 'terminalAutopay'].every((key) => typeof methods[key] === 'boolean');
}

/** The ways to pay this kiosk offers (KIOSK_PAYMENT): the terminal, the reader, typed entry. */
export function paymentMethods(api: ApiClient): Promise<PaymentMethods> {
  return api.answer('GET', PAYMENT_ENDPOINTS.methods, { fresh: true }, isPaymentMethods);
}

/**
 * Start a payment on the terminal (202 with the stage `sending`); its stages arrive as
 * payment-terminal events. Rejects with ApiError (body.reason: busy, not-this-visit...) when the
 * daemon refuses it.
 */
export function startTerminalPayment(api: ApiClient, start: TerminalPaymentStart): Promise<TerminalPaymentState> {
  return api.answer('POST', PAYMENT_ENDPOINTS.terminal, { json: start }, isTerminalPaymentState);
}

/** A terminal payment's state as the daemon knows it now (after a reconnect: it may have restarted). */
export function terminalPayment(api: ApiClient, transactionId: string): Promise<TerminalPaymentState> {
  const path = `${PAYMENT_ENDPOINTS.terminal}/${encodeURIComponent(transactionId)}`;
  return api.answer('GET', path, { fresh: true }, isTerminalPaymentState);
}

/** The visitor cancels on the screen: the daemon sends the terminal an Abort; the end comes as an event. */
export async function cancelTerminalPayment(api: ApiClient, transactionId: string): Promise<boolean> {
  const path = `${PAYMENT_ENDPOINTS.terminal}/${encodeURIComponent(transactionId)}/cancel`;
  const answer = (await api.request('POST', path, { json: {} })) as { cancelled?: unknown } | null;
  return answer?.cancelled === true;
}
