import { OWN_INSURANCE_PLAN_ID, type RentalReceipt, type ReservationReceipt } from '@kiosk/shared-types';
import type { TFunction } from 'i18next';
import { costLineLabelKey } from '../browse/cost-lines';
import { receiptFacility } from '../../shared/devices/receipts';
import type { RootStore } from '../../stores/RootStore';
import { formatMoney } from '../../utils/money';

/** The completed rental's receipt; null when there is no rental result or no card to show. */
export function rentalReceipt(
  { rental, checkout, printer, config }: Pick<RootStore, 'rental' | 'checkout' | 'printer' | 'config'>,
  t: TFunction,
): RentalReceipt | null {
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
  const showGatecode = Boolean(result.gatecode) && config.facility?.show_gatecode !== false;
  return {
    kind: 'rental',
    facility: receiptFacility(config.facility),
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
    ...(printer.paidTerminal ? { terminal: printer.paidTerminal } : {}),
    ...(printer.printGatecode && showGatecode ? { gatecode: result.gatecode } : {}),
  };
}

export function reservationReceipt({
  checkout,
  config,
}: Pick<RootStore, 'checkout' | 'config'>): ReservationReceipt | null {
  const result = checkout.reservationResult;
  if (!result) return null;
  return {
    kind: 'reservation',
    facility: receiptFacility(config.facility),
    unit: result.unit_door_number,
    reservation_code: result.reservation_code,
    move_in_date: result.move_in_date,
  };
}
