import { unitDimensions, unitLabelKey } from '../../browse/categories';
import { moveInCostRows } from '../../browse/cost-lines';
import type { RootStore } from '../../../stores/RootStore';
import { formatMoney } from '../../../utils/money';
import type { Translate } from './describe';
import type { RentalFacts } from './summary';

/** The stores the rental's facts are read from (the rental ones once they have arrived). */
export type RentalStores = Pick<RootStore, 'rental' | 'checkout' | 'config'>;

/** The facts of the rental so far, as the side panel, the choices and the confirmation show them. */
export function rentalFacts({ rental, checkout, config }: RentalStores, t: Translate): RentalFacts {
  const money = (amount: number) => formatMoney(amount, { cents: true });
  const unit = rental.pick.unit;
  const rows = moveInCostRows(rental.pick.costLines);
  const total = rows.find((row) => row.kind === 'total');
  const monthlyRent = rental.pick.space?.rental_rate ?? unit?.rental_rate ?? null;
  const inStoreOnly = Boolean(config.facility?.show_instore_only_in_kiosk);
  const plan = checkout.choices.plans.find((candidate) => candidate.insurance_id === rental.model.insurance_id);
  const lock = checkout.choices.lock;
  const result = checkout.rentalResult;
  const showGatecode = Boolean(result?.gatecode) && config.facility?.show_gatecode !== false;
  return {
    unit: unit
      ? [`${unitDimensions(unit)} ${t(unitLabelKey(unit))}`, unit.unit_type].filter(Boolean).join(', ')
      : undefined,
    door: result?.unit_door_number || rental.model.unit_door_number || undefined,
    monthlyRent: !inStoreOnly && monthlyRent !== null ? money(monthlyRent) : undefined,
    total: total && !rental.pick.costLoading ? money(total.amount) : undefined,
    insurance: plan
      ? {
          name: plan.name ?? '',
          premium: money(plan.monthly_premium),
        }
      : undefined,
    lock:
      lock && rental.model.item_id === lock.item_id ? { name: lock.name ?? '', price: money(lock.amount) } : undefined,
    discounts: rows
      .filter((row) => row.kind === 'discount')
      .map((row) => `${row.labelKey ? t(row.labelKey) : row.name} -${money(row.amount)}`),
    gatecode: showGatecode ? (result?.gatecode ?? undefined) : undefined,
    confirmed: result !== null,
  };
}
