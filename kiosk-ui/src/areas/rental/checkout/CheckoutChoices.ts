import type { GatecodeValidation, LockItem } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../../../api/errors';
import { initialPlanId, isChoiceOffered, listedPlans } from './insurance';
import { FAILED, IDLE, LOADING, ready, valueOr, type Loadable } from '../../../models/loadable';
import type { LogFailure } from '../../../shared/failure-log';
import type { RootStore } from '../../../stores/RootStore';

export type GatecodeCheck = 'idle' | 'validating' | 'available' | 'unavailable' | 'failed';

/**
 * The choices made before paying (rental spec §2 content_insurance and about_convenience, §4
 * "Gate code"): the insurance plan, the lock offered with the unit and the live gate-code check.
 * Each choice goes into the rental model through RentalStore, and the move-in cost follows it.
 */
export class CheckoutChoices {
  /** The lock offered with the chosen unit (GET merchandise/), empty when none. */
  lockOffer: Loadable<LockItem[]> = IDLE;
  private locksFor: string | null = null;

  gatecodeCheck: GatecodeCheck = 'idle';
  /** The code the last check was for. */
  checkedGatecode = '';

  constructor(
    private readonly root: RootStore,
    private readonly log: LogFailure,
  ) {
    makeAutoObservable<this, 'root' | 'log'>(this, { root: false, log: false }, { autoBind: true });
  }

  private get facilityId(): string | null {
    return this.root.config.facilityId;
  }

  private get settings() {
    return this.root.config.facility;
  }

  // -- CONTENT INSURANCE --------------------------------------------------------------------------

  /** Entering content_insurance: preselect the facility's default plan when nothing is chosen yet. */
  enterInsurance(): void {
    const { rental } = this.root;
    const current = rental.model.insurance_id;
    const valid = isChoiceOffered(current, rental.pick.insurancePlans, this.settings) ? current : null;
    const chosen = initialPlanId(valid, rental.pick.insurancePlans);
    if (chosen !== current) this.selectInsurance(chosen);
  }

  /** Select this plan (or -2, own insurance): the move-in cost is recalculated with it. */
  selectInsurance(insuranceId: number | null): void {
    if (this.root.rental.model.insurance_id === insuranceId) return;
    this.root.rental.setFields({ insurance_id: insuranceId });
    void this.root.rental.cost.recalculate();
  }

  get plans() {
    return listedPlans(this.root.rental.pick.insurancePlans);
  }

  // -- ALL ABOUT CONVENIENCE ----------------------------------------------------------------------

  get locks(): LockItem[] {
    return valueOr(this.lockOffer, []);
  }

  get lock(): LockItem | null {
    return this.locks[0] ?? null;
  }

  /** The lock offered with the chosen unit (once per unit). */
  async loadLocks(): Promise<void> {
    const facilityId = this.facilityId;
    const unitId = this.root.rental.pick.unit?.unit_id ?? null;
    if (!facilityId || !unitId || (this.locksFor === unitId && this.lockOffer.state === 'ready')) return;
    this.locksFor = unitId;
    this.lockOffer = LOADING;
    try {
      const response = await this.root.api.call<LockItem[]>(
        'merchandise',
        { facility: facilityId },
        { query: { space_type_id: unitId } },
      );
      runInAction(() => {
        this.lockOffer = ready(response.status === 'ok' && Array.isArray(response.result) ? response.result : []);
      });
    } catch (error) {
      this.log('merchandise', error);
      runInAction(() => (this.lockOffer = FAILED));
    }
  }

  /** 'Add a lock' ticked or not: item_id follows and the cost is recalculated. */
  setLock(on: boolean): void {
    const itemId = on ? (this.lock?.item_id ?? null) : null;
    if (this.root.rental.model.item_id === itemId) return;
    this.root.rental.setFields({ item_id: itemId });
    void this.root.rental.cost.recalculate();
  }

  /**
   * The live gate-code check (rental §4 "Gate code"): once the typed code has gatecode_length
   * digits it is validated with the server; a newer check cancels the one in flight.
   */
  async checkGatecode(code: string): Promise<void> {
    const facilityId = this.facilityId;
    const length = this.settings?.gatecode_length ?? 0;
    this.checkedGatecode = code;
    // Not forms/convenience's helper: that module brings yup into the first screen's bundle.
    if (!facilityId || length <= 0 || !new RegExp(`^\\d{${length}}$`).test(code)) {
      this.gatecodeCheck = 'idle';
      return;
    }
    this.gatecodeCheck = 'validating';
    try {
      const response = await this.root.api.call<GatecodeValidation>(
        'validateGatecodeGet',
        {},
        { query: { facility_id: facilityId, gatecode: code }, latestKey: 'validate-gatecode' },
      );
      runInAction(() => {
        if (this.checkedGatecode !== code) return;
        this.gatecodeCheck = response.status === 'ok' && response.result?.gatecode ? 'available' : 'unavailable';
      });
    } catch (error) {
      if (isCancelled(error)) return;
      this.log('validate gatecode', error);
      runInAction(() => {
        if (this.checkedGatecode === code) this.gatecodeCheck = 'failed';
      });
    }
  }

  reset(): void {
    this.lockOffer = IDLE;
    this.locksFor = null;
    this.gatecodeCheck = 'idle';
    this.checkedGatecode = '';
  }
}
