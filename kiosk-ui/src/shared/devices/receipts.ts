import {
  OWN_INSURANCE_PLAN_ID,
  type MerchandiseReceipt,
  type PaymentReceipt,
  type PaymentReceiptUnit,
  type ReceiptFacility,
  type RentalReceipt,
  type ReservationReceipt,
} from '@kiosk/shared-types';
import type { TFunction } from 'i18next';
import { accessSentence } from '../../areas/pay-bill/payment-access';
import { costLineLabelKey } from '../../areas/browse/cost-lines';
import type { RootStore } from '../../stores/RootStore';
import { displayLocale } from '../../utils/locale';
import { formatMoney } from '../../utils/money';

/**
 * The receipts the kiosk asks the daemon to print, read from the stores once the rental, the
 * reservation or the payment is done. A card appears only as its brand and last four digits.
 */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^3[47]/.test(digits)) return 'Amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return '';
}

function facilityOf(root: RootStore): ReceiptFacility {
  const settings = root.config.facility;
  if (!settings) return { name: '', address: '', phone: '' };
  const street = [settings.address1, settings.address2].filter(Boolean).join(', ');
  const place = [settings.city, [settings.state, settings.postal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    name: settings.dba_name || settings.name,
    address: [street, place].filter(Boolean).join(', '),
    phone: settings.phone,
  };
}

/** The completed rental's receipt; null when there is no rental result or no card to show. */
export function rentalReceipt(root: RootStore, t: TFunction): RentalReceipt | null {
  const { rental, checkout, printer } = root;
  const result = checkout.rentalResult;
  const card = printer.paidCard;
  if (!result || !card) return null;
  const { model } = rental;
  const plan = rental.pick.insurancePlans.find((candidate) => candidate.insurance_id === model.insurance_id);
  const insurance =
    model.insurance_id === OWN_INSURANCE_PLAN_ID
      ? t('devices.receipt.own_insurance')
      : plan
        ? t('devices.receipt.plan', { coverage: formatMoney(plan.coverage_amount) })
        : '';
  const lock = model.item_id ? (checkout.choices.locks.find((item) => item.item_id === model.item_id)?.name ?? '') : '';
  const showGatecode = Boolean(result.gatecode) && root.config.facility?.show_gatecode !== false;
  return {
    kind: 'rental',
    facility: facilityOf(root),
    unit: result.unit_door_number,
    move_in_date: result.move_in_date,
    charges: rental.pick.costLines.map((line) => {
      // A line the kiosk knows is printed in the visitor's language, the operator's own as sent.
      const key = costLineLabelKey(line.name);
      return { name: key ? t(key) : line.name, amount: line.total };
    }),
    total_paid: Number(model.total_amount) || 0,
    card_brand: card.brand,
    card_last4: card.last4,
    insurance,
    lock,
    autopay: model.auto_debit,
    ...(printer.printGatecode && showGatecode ? { gatecode: result.gatecode } : {}),
  };
}

export function reservationReceipt(root: RootStore): ReservationReceipt | null {
  const result = root.checkout.reservationResult;
  if (!result) return null;
  return {
    kind: 'reservation',
    facility: facilityOf(root),
    unit: result.unit_door_number,
    reservation_code: result.reservation_code,
    move_in_date: result.move_in_date,
  };
}

function autopayChange(keys: readonly string[]): PaymentReceiptUnit['autopay'] {
  if (keys.includes('billing.status.autopay_enroll_successful')) return 'enrolled';
  if (keys.includes('billing.status.card_update_successful')) return 'card-updated';
  if (keys.includes('billing.status.autopay_cancelled')) return 'cancelled';
  return 'unchanged';
}

/** Each unit of the payment just made, with the statuses (and access sentence) the result screen shows. */
export function paymentReceipt(root: RootStore, t: TFunction): PaymentReceipt | null {
  const { processedUnits: units, paidCard } = root.billing.payment;
  if (units.length === 0) return null;
  return {
    kind: 'payment',
    facility: facilityOf(root),
    // The card the payment used (none for a cancelled autopay alone): brand and last four only.
    ...(paidCard ? { card_brand: paidCard.brand, card_last4: paidCard.last4 } : {}),
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

/** The supplies just bought, with the operator's figures; null when no sale went through. */
export function merchandiseReceipt(root: RootStore): MerchandiseReceipt | null {
  const receipt = root.merchandise.receipt;
  return receipt ? { ...receipt, facility: facilityOf(root) } : null;
}
