import type { PaymentHistoryEntry } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { mergePaymentHistories, paidTenants } from './payment-history';

const entry = (transaction_id: string, paid_at: string, unit_number = 'A102'): PaymentHistoryEntry => ({
  transaction_id,
  paid_at,
  unit_number,
  amount: 59,
  card_last4: '1111',
});

describe('the payment history on confirm_paybill', () => {
  it('lists the payments of every tenant paid for, newest first', () => {
    const merged = mergePaymentHistories([
      [entry('t1', '2026-11-25T08:00:00Z'), entry('t3', '2026-09-01T10:00:00Z')],
      [entry('t2', '2026-10-15T09:00:00Z', 'B-13')],
    ]);
    expect(merged.map((payment) => payment.transaction_id)).toEqual(['t1', 't2', 't3']);
  });

  it('shows a payment listed under two tenants once', () => {
    const twice = entry('t1', '2026-11-25T08:00:00Z');
    expect(mergePaymentHistories([[twice], [twice]])).toHaveLength(1);
  });

  it('keeps to the latest payments', () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      entry(`t${index}`, new Date(Date.UTC(2026, 0, index + 1)).toISOString()),
    );
    const merged = mergePaymentHistories([many], 10);
    expect(merged).toHaveLength(10);
    expect(merged[0]!.transaction_id).toBe('t11');
    expect(merged[9]!.transaction_id).toBe('t2');
  });

  it('asks once per tenant, in the order the units were listed', () => {
    expect(paidTenants([{ tenant_id: 't-5001' }, { tenant_id: 't-5009' }, { tenant_id: 't-5001' }])).toEqual([
      't-5001',
      't-5009',
    ]);
  });
});
