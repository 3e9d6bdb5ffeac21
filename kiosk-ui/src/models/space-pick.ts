import type { CostLine, GdsRawCost, InsurancePlan, Reservation, Space, Unit } from '@kiosk/shared-types';

/**
 * The space the visitor picked and what came with it (rental spec §4 "Selection and hold"): the
 * space type, the space the hold got, its token, the insurance plans and the move-in cost of that
 * type, the dossier opened for the visit, and whether a card was swiped for it.
 *
 * A pick is replaced as a whole, never field by field: a new pick starts with `newSpacePick`, and
 * giving it up (back to the space list, Find my reservation, the end of the session) puts
 * `emptySpacePick()` in its place. A hold sequence that finds another pick in place when its
 * answer arrives knows it was abandoned.
 *
 * What is not part of the pick, and why the two ways of giving it up differ there:
 * - the alert: going back to the space list after a refused hold or a failed cost keeps the
 *   alert that says why ('Unit ... is not available', 'unable to calculate move in cost'); only
 *   the end of the session clears it;
 * - a reservation lookup in flight: going back keeps its busy flag until its answer arrives, so a
 *   second FIND MY RESERVATION cannot run beside it; only the end of the session clears it;
 * - the hold upstream: going back releases it; at the end of the session the daemon does.
 */
export interface SpacePick {
  /** The chosen space type. */
  unit: Unit | null;
  /** The chosen (then held) space; for a space-type hold, the space the hold picked. */
  space: Space | null;
  holdToken: string | null;
  /** Insurance plans for the chosen unit (they decide content_insurance). */
  insurancePlans: InsurancePlan[];
  costLines: CostLine[];
  costRaw: GdsRawCost | null;
  costLoading: boolean;
  /** The dossier created after the hold (null when its creation failed: logged and ignored). */
  dossierId: string | null;
  /** The hold sequence is running (hold_unit). */
  holding: boolean;
  /** A card was swiped (card_details keeps the swiped name instead of first + last). */
  cardSwiped: boolean;
  /** The reservation found by code that the visitor is moving into (null: a space picked from the list). */
  reservation: Reservation | null;
}

export function emptySpacePick(): SpacePick {
  return {
    unit: null,
    space: null,
    holdToken: null,
    insurancePlans: [],
    costLines: [],
    costRaw: null,
    costLoading: false,
    dossierId: null,
    holding: false,
    cardSwiped: false,
    reservation: null,
  };
}

/** The pick the hold sequence starts with: the unit and space chosen, the hold on its way. */
export function newSpacePick(unit: Unit, space: Space | null, reservation: Reservation | null = null): SpacePick {
  return { ...emptySpacePick(), unit, space, reservation, holding: true };
}
