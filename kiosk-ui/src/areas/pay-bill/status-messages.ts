import type { PaymentStep, StepsResult } from './payment-plan';

export type UnitOperation = 'cancelAutopay' | 'updateCard' | 'enrolAutopay' | 'payment';

/** Unit status messages (shell §4), by operation and outcome. */
export const UNIT_STATUS_KEYS = {
  cancelAutopay: { success: 'pay_bill.status.autopay_cancelled', error: 'pay_bill.status.autopay_cancel_failed' },
  updateCard: { success: 'pay_bill.status.card_update_successful', error: 'pay_bill.status.card_update_failed' },
  enrolAutopay: {
    success: 'pay_bill.status.autopay_enroll_successful',
    error: 'pay_bill.status.autopay_enroll_failed',
  },
  payment: { success: 'pay_bill.status.payment_success', error: 'pay_bill.status.payment_failed' },
} as const;

export type UnitStatusKey = (typeof UNIT_STATUS_KEYS)[UnitOperation][keyof (typeof UNIT_STATUS_KEYS)[UnitOperation]];

export function unitStatusMessageKey(operation: UnitOperation, outcome: 'success' | 'error'): UnitStatusKey {
  return UNIT_STATUS_KEYS[operation][outcome];
}

/** The operation a step performs; mails are not operations the tenant sees a status for. */
export function operationOfStep(step: PaymentStep, updateCardDetails: boolean): UnitOperation | null {
  switch (step) {
    case 'pay':
      return 'payment';
    case 'enrolAutopay':
      return updateCardDetails ? 'updateCard' : 'enrolAutopay';
    case 'cancelAutopay':
      return 'cancelAutopay';
    default:
      return null;
  }
}

/**
 * The status messages a unit shows after processing, in step order: each operation that went
 * through, then the one that failed. A payment taken before a failed enrolment still says
 * 'Payment Success' beside 'Autopay Enroll Failed', so the tenant knows the money was taken.
 */
export function unitStatusMessageKeys(
  steps: readonly PaymentStep[],
  result: Pick<StepsResult, 'failedStep'>,
  updateCardDetails: boolean,
): UnitStatusKey[] {
  const keys: UnitStatusKey[] = [];
  for (const step of steps) {
    const operation = operationOfStep(step, updateCardDetails);
    if (!operation) continue;
    if (step === result.failedStep) {
      keys.push(unitStatusMessageKey(operation, 'error'));
      break;
    }
    keys.push(unitStatusMessageKey(operation, 'success'));
  }
  return keys;
}
