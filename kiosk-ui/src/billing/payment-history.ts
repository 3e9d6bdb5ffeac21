import type { PaymentHistoryEntry } from '@kiosk/shared-types';

/**
 * The payment history the rental's confirm_paybill screen shows: the histories of every tenant
 * the visitor just paid for, as one list, newest first. A payment listed under two tenants shows
 * once; `limit` keeps the screen to the latest few.
 */
export function mergePaymentHistories(
  histories: readonly (readonly PaymentHistoryEntry[])[],
  limit = PAYMENT_HISTORY_LIMIT,
): PaymentHistoryEntry[] {
  const seen = new Set<string>();
  const all: PaymentHistoryEntry[] = [];
  for (const entry of histories.flat()) {
    if (seen.has(entry.transaction_id)) continue;
    seen.add(entry.transaction_id);
    all.push(entry);
  }
  return all.sort((a, b) => Date.parse(b.paid_at) - Date.parse(a.paid_at)).slice(0, limit);
}

/** How many payments confirm_paybill lists (ours: the spec shows a history, not its length). */
export const PAYMENT_HISTORY_LIMIT = 10;

/** The tenants whose units were just paid, each once, in the order the units were listed. */
export function paidTenants(units: readonly { tenant_id: string }[]): string[] {
  return [...new Set(units.map((unit) => unit.tenant_id))];
}
