import type { AppResponse, InsurancePlan, Promo, RentalCostResult, Unit } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/client';
import { isCancelled } from '../../api/errors';
import { totalAmount } from '../browse/cost-lines';
import type { RentalModel } from '../../models/rental-model';
import type { LogFailure } from '../../shared/failure-log';
import type { RentalStore } from './RentalStore';

/** The move-in cost, or why there is none: superseded by a newer calculation, or failed twice. */
export type CostAnswer = { state: 'ok'; result: RentalCostResult } | { state: 'cancelled' } | { state: 'failed' };

/**
 * The move-in cost of the visitor's pick with their current choices (rental §4 "Cost
 * calculation"), shown in the side panel: recalculated when the pick is held and whenever a choice
 * that prices it changes (promo, discount, military, insurance, lock).
 */
export class MoveInCost {
  constructor(
    private readonly rental: RentalStore,
    private readonly log: LogFailure,
  ) {
    makeAutoObservable<this, 'rental' | 'log'>(this, { rental: false, log: false }, { autoBind: true });
  }

  /**
   * A newer call cancels the one in flight; a failure is retried once; a second failure shows
   * 'Sorry! We are unable to calculate move in cost ...' and goes back to the space list.
   * Resolves true with the cost loaded, false when it failed or was superseded.
   */
  async recalculate(): Promise<boolean> {
    const { rental } = this;
    const pick = rental.pick;
    const unit = pick.unit;
    const facilityId = rental.facilityId;
    if (!unit || !facilityId) return false;
    pick.costLoading = true;
    const answer = await fetchMoveInCost(
      rental.root.api,
      this.log,
      { facilityId, unitId: unit.unit_id, model: rental.model },
      () => rental.pick === pick,
    );
    // Cancelled: a newer calculation owns costLoading now, or the pick was given up.
    if (answer.state === 'cancelled') return false;
    if (answer.state === 'ok') {
      const { result } = answer;
      runInAction(() => {
        pick.costLines = result.costs;
        pick.costRaw = result.gds_raw ?? null;
        rental.model.total_amount = totalAmount(result.costs);
        pick.costLoading = false;
      });
      return true;
    }
    runInAction(() => {
      pick.costLoading = false;
      pick.costLines = [];
      pick.holding = false;
      rental.alert = { key: 'browse.hold.move_in_cost_failed' };
    });
    rental.goTo('detail_page');
    return false;
  }
}

/**
 * The move-in cost of a space type with the visitor's current choices (rental §4 "Cost
 * calculation"): a newer call cancels the one in flight; a failure is retried once. `stillWanted`
 * is asked after each answer: a pick given up meanwhile stops the retry.
 */
export async function fetchMoveInCost(
  api: ApiClient,
  log: LogFailure,
  request: { facilityId: string; unitId: string; model: RentalModel },
  stillWanted: () => boolean,
): Promise<CostAnswer> {
  const { facilityId, model: m } = request;
  const query = {
    available_unit_id: m.space_id,
    promo_id: m.promo_id ?? '',
    insurance_id: m.insurance_id ?? '',
    hold_token: m.hold_token,
    merchandise_item: m.item_id ?? '',
    res_id: m.reservation_id,
    facility_id: facilityId,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    let response: AppResponse<RentalCostResult> | null = null;
    try {
      response = await api.call<RentalCostResult>(
        'rentalCost',
        { facility: facilityId, spaceTypeId: request.unitId },
        { query, latestKey: 'rental-cost' },
      );
    } catch (error) {
      if (isCancelled(error)) return { state: 'cancelled' };
      log('rental cost', error);
    }
    if (!stillWanted()) return { state: 'cancelled' };
    if (response?.status === 'ok' && Array.isArray(response.result?.costs))
      return { state: 'ok', result: response.result };
  }
  return { state: 'failed' };
}

/** The insurance plans offered with a space type (none when the call fails: logged). */
export async function fetchInsurancePlans(
  api: ApiClient,
  log: LogFailure,
  facilityId: string,
  unitId: string,
): Promise<InsurancePlan[]> {
  try {
    const response = await api.call<InsurancePlan[]>(
      'facilityInsurances',
      { facility: facilityId },
      { query: { space_type_id: unitId } },
    );
    return response.status === 'ok' && Array.isArray(response.result) ? response.result : [];
  } catch (error) {
    log('insurance plans', error);
    return [];
  }
}

/**
 * GET /get-unit-promo/ (facility_id, unit_id): the picked unit's promos as the operator has them
 * now. The space list was read earlier and a promo may have started or ended since; the default
 * promo of the first cost and the discounts offered follow this answer. When the call fails the
 * list's own promos stand.
 */
export async function fetchUnitPromos(
  api: ApiClient,
  log: LogFailure,
  facilityId: string,
  unit: Pick<Unit, 'unit_id' | 'promos'>,
): Promise<Promo[]> {
  const listed = unit.promos ?? [];
  try {
    const response = await api.call<Promo[]>(
      'unitPromo',
      {},
      { query: { facility_id: facilityId, unit_id: unit.unit_id } },
    );
    if (response.status === 'ok' && Array.isArray(response.result)) return response.result;
    log('unit promos', response);
  } catch (error) {
    log('unit promos', error);
  }
  return listed;
}
