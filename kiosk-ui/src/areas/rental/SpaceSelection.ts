import { HOLD, type Promo, type Reservation, type Space, type Unit } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { createFlowState, type FlowContext } from './flow/flow';
import { promoIdOfType } from './flow/promos';
import type { SectionName } from './flow/sections';
import { IdentityClient } from './identity/identity-client';
import type { RentalModel } from '../../models/rental-model';
import { newSpacePick } from '../../models/space-pick';
import type { LogFailure } from '../../shared/failure-log';
import type { RentalStore } from './RentalStore';
import { spaceFromHold, type HeldSpace } from './Holds';
import { fetchInsurancePlans, fetchUnitPromos } from './MoveInCost';

export interface ChooseOptions {
  /** Picked from the space-number search: rent_this_space comes after HOLD.searchPickDelayMs. */
  fromSearch?: boolean;
  /** A reservation found by code: the visitor moves in, so the flow continues as a rental. */
  reservation?: Reservation;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Selection and hold (rental spec §4): a space chosen from the list, or the space of a reservation
 * found by code, becomes the visitor's pick, is held, and opens the rental steps. Each step of the
 * sequence moves the rental section, so it works on the rental store's pick, model and flow.
 */
export class SpaceSelection {
  private readonly identity: IdentityClient;

  constructor(
    private readonly rental: RentalStore,
    private readonly log: LogFailure,
  ) {
    const { root } = rental;
    this.identity = new IdentityClient(
      root.api,
      () => ({ ownerId: root.config.ownerId, facilityId: root.config.facilityId, traceId: root.session.traceId }),
      log,
    );
    makeAutoObservable<this, 'rental' | 'log' | 'identity'>(
      this,
      { rental: false, log: false, identity: false },
      { autoBind: true },
    );
  }

  /**
   * FIND MY RESERVATION: look the code up; a found reservation holds its space and continues as
   * the rental of that space, the move-in (a refused hold keeps the visitor on find_reservation).
   */
  async findReservation(code: string): Promise<boolean> {
    const { lookup } = this.rental;
    const facilityId = this.rental.facilityId;
    if (!facilityId || lookup.busy) return false;
    const reservation = await lookup.find(facilityId, code);
    if (!reservation) return false;
    return this.chooseUnit(reservation.unit, reservation.space, { reservation });
  }

  /**
   * The hold sequence (rental §4 "Selection and hold"): store the unit, show hold_unit, release
   * any earlier hold, hold the space (or any space of the type), store and register the token,
   * read the unit's plans and its current promos (get-unit-promo), compute the move-in cost with
   * its default promo, create a dossier, then rent_this_space (info when logged in).
   * Resolves true when the visitor is in the flow; a step that finds another pick in place (the
   * visitor gave this one up meanwhile) stops there.
   */
  async chooseUnit(unit: Unit, space: Space | null = null, options: ChooseOptions = {}): Promise<boolean> {
    const { rental } = this;
    const { root, holds } = rental;
    const facilityId = rental.facilityId;
    if (!facilityId || rental.pick.holding) return false;
    const origin: SectionName = rental.section === 'find_reservation' ? 'find_reservation' : 'detail_page';
    const reservation = options.reservation;
    rental.pick = newSpacePick(unit, space, reservation ?? null);
    // The observable copy MobX keeps, not the object handed to it.
    const pick = rental.pick;
    const abandoned = () => rental.pick !== pick;
    rental.goTo('hold_unit');
    rental.setFields({
      unit_type_id: unit.unit_id,
      space_id: space?.door_id ?? '',
      unit_door_number: space?.door_number ?? '',
      promo_id: promoIdOfType(unit.promos, 'default'),
      ...(reservation ? reservationFields(reservation) : {}),
    });

    await holds.releaseHeld();
    const hold = await holds.hold(facilityId, unit, space);
    if (abandoned()) {
      if (hold.ok)
        await holds.release({
          facility_id: facilityId,
          space_id: hold.result.space_id,
          hold_token: hold.result.token,
        });
      return false;
    }
    if (!hold.ok) {
      const door = space?.door_number ?? '';
      runInAction(() => {
        pick.holding = false;
        rental.alert = door
          ? { key: 'browse.hold.unit_not_available', values: { door_number: door } }
          : { key: 'browse.hold.unit_not_available_no_number' };
      });
      rental.goTo(origin);
      return false;
    }

    const held: HeldSpace = { facility_id: facilityId, space_id: hold.result.space_id, hold_token: hold.result.token };
    runInAction(() => {
      pick.holdToken = held.hold_token;
      rental.setFields({
        hold_token: held.hold_token,
        space_id: held.space_id,
        unit_door_number: hold.result.door_number || rental.model.unit_door_number,
      });
      pick.space = space ?? spaceFromHold(hold.result, unit, root.units.spaces);
    });
    await holds.keep(held);

    const [plans, promos] = await Promise.all([
      fetchInsurancePlans(root.api, this.log, facilityId, unit.unit_id),
      fetchUnitPromos(root.api, this.log, facilityId, unit),
    ]);
    if (abandoned()) return false;
    runInAction(() => {
      pick.insurancePlans = plans;
      rental.model.promo_id = promoIdOfType(promos, 'default');
      rental.flow = createFlowState(this.flowContext(unit, promos), { loggedIn: root.account.loggedIn });
    });

    const costed = await rental.cost.recalculate();
    if (abandoned()) return false;
    if (!costed) {
      runInAction(() => (pick.holding = false));
      return false;
    }

    const dossierId = await this.identity.createDossier();
    if (dossierId && !abandoned()) runInAction(() => (pick.dossierId = dossierId));
    if (options.fromSearch) await delay(HOLD.searchPickDelayMs);
    if (abandoned()) return false;
    runInAction(() => {
      pick.holding = false;
      rental.goTo(rental.flow.start);
    });
    return true;
  }

  private flowContext(unit: Unit, promos: Promo[]): FlowContext {
    const settings = this.rental.settings;
    return {
      settings: {
        enable_storing_vehicle: settings?.enable_storing_vehicle ?? false,
        enable_parking_type_fields: settings?.enable_parking_type_fields ?? false,
      },
      unit: { parking: unit.parking, promos },
      insurancePlans: this.rental.pick.insurancePlans,
    };
  }
}

/** The reservation's tenant and move-in date, carried into the rental of its space. */
function reservationFields(reservation: Reservation): Partial<RentalModel> {
  return {
    reservation_id: reservation.reservation_id,
    reservation_code: reservation.reservation_code,
    reservation_date: reservation.reservation_date,
    tenant_first_name: reservation.tenant_first_name,
    tenant_last_name: reservation.tenant_last_name,
    tenant_email: reservation.tenant_email,
    tenant_phone: reservation.tenant_phone,
  };
}
