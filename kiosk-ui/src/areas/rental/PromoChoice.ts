import { makeAutoObservable } from 'mobx';
import { setMilitary as flowSetMilitary } from './flow/flow';
import { chooseDiscount, type DiscountChoice } from './flow/promos';
import type { RentalStore } from './RentalStore';

/**
 * The promo the move-in cost is priced with (rental §4 "Conditional sections"): the unit's default
 * promo, a senior or student discount, or the military promo. Each choice recalculates the cost at
 * once, so the side panel shows the price of what the visitor just answered.
 */
export class PromoChoice {
  constructor(private readonly rental: RentalStore) {
    makeAutoObservable<this, 'rental'>(this, { rental: false }, { autoBind: true });
  }

  /** Choose a promo and recompute the move-in cost with it. */
  select(promoId: string | null): void {
    this.rental.model.promo_id = promoId;
    void this.rental.cost.recalculate();
  }

  /**
   * 'Are you active military?' Yes inserts military_info after the current section, drops
   * discounts (and a senior/student choice) and selects the military promo; No takes
   * military_info out, brings discounts back when the unit has such promos and goes back to the
   * default promo. Either way the move-in cost is recalculated.
   */
  setMilitary(active: boolean): void {
    const { rental } = this;
    rental.model.active_military = active;
    if (rental.flow.militaryActive === active) return;
    const change = flowSetMilitary(rental.flow, active);
    rental.flow = change.state;
    if (active) {
      rental.model.senior = false;
      rental.model.student = false;
    }
    this.selectIfChanged(change.promoId);
  }

  /** Senior, Student or None on discounts: the flags exclude each other; the promo follows. */
  selectDiscount(kind: DiscountChoice): void {
    const { model } = this.rental;
    const selection = chooseDiscount(kind, this.rental.flow.promos);
    model.senior = selection.senior;
    model.student = selection.student;
    this.selectIfChanged(selection.promoId);
  }

  private selectIfChanged(promoId: string | null): void {
    if (this.rental.model.promo_id === promoId && this.rental.pick.costLines.length > 0) return;
    this.select(promoId);
  }
}
