import type { PaymentReceipt, PaymentReceiptUnit } from '@kiosk/shared-types';
import type { TFunction } from 'i18next';
import { accessSentence } from './payment-access';
import { receiptFacility, receiptTerminalPayment } from '../../shared/devices/receipts';
import type { RootStore } from '../../stores/RootStore';
import { displayLocale } from '../../utils/locale';

function autopayChange(keys: readonly string[]): PaymentReceiptUnit['autopay'] {
  if (keys.includes('pay_bill.status.autopay_enroll_successful')) return 'enrolled';
  if (keys.includes('pay_bill.status.card_update_successful')) return 'card-updated';
  if (keys.includes('pay_bill.status.autopay_cancelled')) return 'cancelled';
  return 'unchanged';
}

/** Each unit of the payment just made, with the statuses (and access sentence) the result screen shows. */
export function paymentReceipt(
  { payBill, config }: Pick<RootStore, 'payBill' | 'config'>,
  t: TFunction,
): PaymentReceipt | null {
  const { processedUnits: units, paidCard, terminalReceipt } = payBill.payment;
  if (units.length === 0) return null;
  return {
    kind: 'payment',
    facility: receiptFacility(config.facility),
    // The card the payment used (none for a cancelled autopay alone): brand and last four only.
    ...(paidCard ? { card_brand: paidCard.brand, card_last4: paidCard.last4 } : {}),
    // Paid on the terminal: the EMV fields of its (last) approved payment.
    ...(terminalReceipt ? { terminal: receiptTerminalPayment(terminalReceipt) } : {}),
    units: units.map((unit) => {
      // What the unit tried to pay (period 0: the balance due); its outcome says whether it went through.
      const { payMyBill, period, total } = unit.resolved;
      return {
        unit: unit.space.unit_number,
        period: payMyBill ? period : 0,
        amount: payMyBill ? total : 0,
        outcome: unit.statusKeys.map((key) => t(key)),
        autopay: autopayChange(unit.statusKeys),
        ...(unit.access ? { access: accessSentence(unit.access, t, displayLocale()) } : {}),
      };
    }),
  };
}
