import type { HoldResult, Space, Unit } from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';
import type { LogFailure } from '../../shared/failure-log';

/** A space this kiosk holds upstream (and registered with the daemon). */
export interface HeldSpace {
  facility_id: string;
  space_id: string;
  hold_token: string;
}

export type HoldOutcome = { ok: true; result: HoldResult } | { ok: false };

/**
 * The space this kiosk holds upstream, kept apart from the visitor's pick so that giving up the
 * pick can still release it. Each release goes through the daemon's hold registry
 * (DELETE /session/holds/:spaceId, which also calls release-space when the session ends).
 */
export class Holds {
  held: HeldSpace | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly log: LogFailure,
  ) {}

  /** Hold the space, or any space of the type when none was chosen. */
  async hold(facilityId: string, unit: Unit, space: Space | null): Promise<HoldOutcome> {
    try {
      const response = space
        ? await this.api.call<HoldResult>(
            'holdSpace',
            { facility: facilityId, spaceId: space.door_id },
            { form: { facility_id: facilityId, space_id: space.door_id } },
          )
        : await this.api.call<HoldResult>(
            'holdSpaceType',
            { facility: facilityId, spaceTypeId: unit.unit_id },
            { form: { facility_id: facilityId } },
          );
      if (response.status === 'ok' && response.result?.token) return { ok: true, result: response.result };
      return { ok: false };
    } catch (error) {
      this.log('hold', error);
      return { ok: false };
    }
  }

  /** The hold went through: remember it and register it with the daemon. */
  async keep(held: HeldSpace): Promise<void> {
    this.held = held;
    await this.api.registerHold(held).catch((error: unknown) => this.log('register hold', error));
  }

  /**
   * The rental or reservation went through: the space is the visitor's now. Tell the daemon to
   * forget the hold (never release it), and forget it here, so neither the session's end nor
   * leaving the rental area hands the space back.
   */
  async settle(): Promise<void> {
    const held = this.held;
    if (!held) return;
    this.held = null;
    try {
      await this.api.settleHold(held.space_id);
    } catch (error) {
      this.log('settle hold', error);
    }
  }

  /** Give the held space back (the visitor left it). */
  async releaseHeld(): Promise<void> {
    const held = this.held;
    if (!held) return;
    this.held = null;
    await this.release(held);
  }

  /** The session ended: the daemon releases every registered hold itself. */
  forget(): void {
    this.held = null;
  }

  /**
   * Release through the daemon's registry (DELETE /session/holds/:spaceId calls release-space
   * upstream, and retries it); if the daemon does not know the hold (its registration failed),
   * release-space directly. Never both: a second release-space would find the hold gone.
   */
  async release(held: HeldSpace): Promise<void> {
    try {
      await this.api.releaseHold(held.space_id);
      return;
    } catch (error) {
      this.log('unregister hold', error);
    }
    try {
      await this.api.call<{ released: boolean }>(
        'releaseSpace',
        { facility: held.facility_id },
        { form: { facility_id: held.facility_id, space_id: held.space_id, hold_token: held.hold_token } },
      );
    } catch (error) {
      this.log('release space', error);
    }
  }
}

/** A space-type hold names the space it picked: find it in the list, or build it from the result. */
export function spaceFromHold(result: HoldResult, unit: Unit, known: readonly Space[]): Space {
  const listed = known.find((s) => s.door_id === result.space_id);
  if (listed) return listed;
  return {
    door_id: result.space_id,
    door_name: result.door_number,
    door_number: result.door_number,
    available_unit_id: result.space_id,
    space_type_id: result.space_type_id || unit.unit_id,
    unit_id: unit.unit_id,
    token: null,
    rental_rate: unit.rental_rate,
    available: false,
    status: 'held',
  };
}
