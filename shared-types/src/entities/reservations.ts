import type { Space, Unit } from './units.js';

/** Result of GET find-reservation/: a reservation made earlier (online or at this kiosk). */
export interface Reservation {
  reservation_id: string;
  reservation_code: string;
  /** The move-in date, MM/DD/YYYY. */
  reservation_date: string;
  facility_id: string;
  tenant_first_name: string;
  tenant_last_name: string;
  tenant_email: string;
  tenant_phone: string;
  /** The reserved space type, as GET space-types/ lists it. */
  unit: Unit;
  /** The reserved space; it is held by the usual hold call when the visitor moves in. */
  space: Space;
}
