import { describe, expect, it } from 'vitest';
import { unitStatusMessageKey, unitStatusMessageKeys } from './status-messages';

describe('unitStatusMessageKey', () => {
  it('names each operation’s success and failure', () => {
    expect(unitStatusMessageKey('cancelAutopay', 'success')).toBe('pay_bill.status.autopay_cancelled');
    expect(unitStatusMessageKey('cancelAutopay', 'error')).toBe('pay_bill.status.autopay_cancel_failed');
    expect(unitStatusMessageKey('updateCard', 'success')).toBe('pay_bill.status.card_update_successful');
    expect(unitStatusMessageKey('updateCard', 'error')).toBe('pay_bill.status.card_update_failed');
    expect(unitStatusMessageKey('enrolAutopay', 'success')).toBe('pay_bill.status.autopay_enroll_successful');
    expect(unitStatusMessageKey('enrolAutopay', 'error')).toBe('pay_bill.status.autopay_enroll_failed');
    expect(unitStatusMessageKey('payment', 'success')).toBe('pay_bill.status.payment_success');
    expect(unitStatusMessageKey('payment', 'error')).toBe('pay_bill.status.payment_failed');
  });
});

describe('unitStatusMessageKeys', () => {
  const paidAndEnrolled = ['pay', 'enrolAutopay', 'mailPayment', 'mailAutopay'] as const;

  it('reports a payment with enrolment as both successes', () => {
    expect(unitStatusMessageKeys(paidAndEnrolled, { failedStep: null }, false)).toEqual([
      'pay_bill.status.payment_success',
      'pay_bill.status.autopay_enroll_successful',
    ]);
  });

  it('tells the tenant the payment went through when only the enrolment failed', () => {
    expect(unitStatusMessageKeys(paidAndEnrolled, { failedStep: 'enrolAutopay' }, false)).toEqual([
      'pay_bill.status.payment_success',
      'pay_bill.status.autopay_enroll_failed',
    ]);
  });

  it('reports only the failed payment when the payment failed', () => {
    expect(unitStatusMessageKeys(paidAndEnrolled, { failedStep: 'pay' }, false)).toEqual([
      'pay_bill.status.payment_failed',
    ]);
  });

  it('speaks of a card update when the card was updated', () => {
    expect(unitStatusMessageKeys(['enrolAutopay', 'mailAutopay'], { failedStep: null }, true)).toEqual([
      'pay_bill.status.card_update_successful',
    ]);
    expect(unitStatusMessageKeys(['enrolAutopay', 'mailAutopay'], { failedStep: 'enrolAutopay' }, true)).toEqual([
      'pay_bill.status.card_update_failed',
    ]);
  });

  it('reports a cancelled autopay', () => {
    expect(unitStatusMessageKeys(['cancelAutopay'], { failedStep: null }, false)).toEqual([
      'pay_bill.status.autopay_cancelled',
    ]);
    expect(unitStatusMessageKeys(['cancelAutopay'], { failedStep: 'cancelAutopay' }, false)).toEqual([
      'pay_bill.status.autopay_cancel_failed',
    ]);
  });
});
