import type { PaymentHistoryEntry, TenantRecord } from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';

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

/**
 * The payment history of the tenants just paid for (GET tenant/{tenant}/ with the account's
 * token). A tenant whose call fails is left out; null when every call failed.
 */
export async function loadPaymentHistory(
  api: ApiClient,
  tenants: readonly string[],
  userToken: string,
): Promise<PaymentHistoryEntry[] | null> {
  const answers = await Promise.all(
    tenants.map(async (tenant) => {
      try {
        const response = await api.call<TenantRecord>('tenant', { tenant }, { query: { user_token: userToken } });
        return response.status === 'ok' && Array.isArray(response.result.payment_history)
          ? response.result.payment_history
          : null;
      } catch {
        return null;
      }
    }),
  );
  const found = answers.filter((history): history is PaymentHistoryEntry[] => history !== null);
  return found.length > 0 || tenants.length === 0 ? mergePaymentHistories(found) : null;
}
