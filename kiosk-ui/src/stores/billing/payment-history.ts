import type { PaymentHistoryEntry, TenantRecord } from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';
import { mergePaymentHistories } from '../../billing/payment-history';

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
