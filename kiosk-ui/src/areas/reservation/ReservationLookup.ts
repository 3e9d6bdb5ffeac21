import type { Reservation } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { attemptsRefusedMessage, type ApiClient } from '../../api/client';
import type { LogFailure } from '../../shared/failure-log';

/** FIND MY RESERVATION (rental §8): the lookup by code and the server's messages, __all__ first. */
export class ReservationLookup {
  errors: string[] = [];
  /** Too many codes tried (docs/security.md): the catalogue's message, shown above the form. */
  refused: NonNullable<ReturnType<typeof attemptsRefusedMessage>> | null = null;
  fieldErrors: Record<string, string[]> = {};
  busy = false;

  constructor(
    private readonly api: ApiClient,
    private readonly log: LogFailure,
  ) {
    makeAutoObservable<this, 'api' | 'log'>(this, { api: false, log: false }, { autoBind: true });
  }

  /** The reservation with this code, or null (its messages are then in `errors` / `fieldErrors`). */
  async find(facilityId: string, code: string): Promise<Reservation | null> {
    if (this.busy) return null;
    this.busy = true;
    this.clearErrors();
    let reservation: Reservation | null = null;
    try {
      const response = await this.api.call<Reservation>(
        'findReservation',
        { facility: facilityId },
        { query: { reservation_code: code.trim(), facility_id: facilityId } },
      );
      if (response.status === 'ok' && response.result) reservation = response.result;
      else if (response.status === 'error') {
        // __all__ first, above the form; a field's own message shows under that field (only the
        // reservation code is a field here, so any other field's message joins the list).
        const { __all__: all = [], ...fields } = response.errors ?? {};
        const others = Object.entries(fields)
          .filter(([field]) => field !== 'reservation_code')
          .flatMap(([, list]) => list ?? []);
        const messages = [...all, ...others];
        if (!messages.length && !fields.reservation_code?.length && response.message) messages.push(response.message);
        runInAction(() => {
          this.errors = [...new Set(messages)];
          this.fieldErrors = fields as Record<string, string[]>;
        });
      }
    } catch (error) {
      const refused = attemptsRefusedMessage(error);
      if (refused === null) this.log('find reservation', error);
      runInAction(() => {
        if (refused !== null) this.refused = refused;
        else this.errors = [error instanceof Error ? error.message : String(error)];
      });
    }
    runInAction(() => {
      this.busy = false;
    });
    return reservation;
  }

  clearErrors(): void {
    this.errors = [];
    this.refused = null;
    this.fieldErrors = {};
  }

  reset(): void {
    this.clearErrors();
    this.busy = false;
  }
}
