import { randomUUID } from 'node:crypto';
import { maskCardNumber, maskSecrets } from '@kiosk/shared-types';
import { DEMO_RENTAL_PROCESSING, type DemoAgreement } from './demo-facility.js';

/**
 * The rental-processing part of the sandbox world (rental spec §4 "Finalising", §7 "Rental"):
 * rentals and reservations made at the kiosk, gate codes handed out, generated agreements and
 * their signing pages, failed rentals saved, password updates and merchandise sales. Lives in
 * SandboxState.rentalProcess and is rebuilt by its reset(). Card numbers are never kept: only
 * the masked form (first 4 and last 4 digits).
 */

export interface RentalRecord {
  at: string;
  facility_id: string;
  tenant_id: string;
  rrd_id: string;
  space_id: string;
  door_name: string;
  tenant_email: string;
  tenant_name: string;
  gatecode: string;
  insurance_id: string;
  item_id: string;
  auto_debit: boolean;
  /** First 4 + last 4 digits only. */
  card: string;
  noke_pin: string | null;
}

export interface ReservationMadeRecord {
  at: string;
  facility_id: string;
  tenant_id: string;
  rrd_id: string;
  reservation_code: string;
  space_id: string;
  door_name: string;
  move_in_date: string;
  tenant_email: string;
}

export interface AgreementPage extends DemoAgreement {
  key: string;
  facility_id: string;
  tenant_name: string;
}

/** Calls a test can make fail once (POST /__sandbox/rental/fail-next). */
export const FAILABLE_CALLS = [
  'generate-tokens',
  'generate-agreements',
  'rental',
  'reserve',
  'text-gate-code',
] as const;
export type FailableCall = (typeof FAILABLE_CALLS)[number];

export class RentalProcessWorld {
  rentals: RentalRecord[] = [];
  reservations: ReservationMadeRecord[] = [];
  /** save-failed-rental/ bodies, masked. */
  failedRentals: unknown[] = [];
  passwordUpdates: { at: string; rrd_id: string }[] = [];
  merchandiseSales: unknown[] = [];
  private agreementPages = new Map<string, AgreementPage>();
  private takenGatecodes = new Map<string, Set<string>>();
  private attempts = new Map<string, number>();
  private failNext = new Map<FailableCall, number>();
  private tenantSequence = 9000;

  constructor(private readonly now: () => number) {
    this.reset();
  }

  reset(): void {
    this.rentals = [];
    this.reservations = [];
    this.failedRentals = [];
    this.passwordUpdates = [];
    this.merchandiseSales = [];
    this.agreementPages = new Map();
    this.takenGatecodes = new Map();
    this.attempts = new Map();
    this.failNext = new Map();
    this.tenantSequence = 9000;
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }

  // -- GATE CODES ---------------------------------------------------------------------------------

  private taken(facilityId: string): Set<string> {
    let codes = this.takenGatecodes.get(facilityId);
    if (!codes) {
      codes = new Set(DEMO_RENTAL_PROCESSING.taken_gatecodes);
      this.takenGatecodes.set(facilityId, codes);
    }
    return codes;
  }

  isGatecodeAvailable(facilityId: string, gatecode: string): boolean {
    return !this.taken(facilityId).has(gatecode);
  }

  /** The chosen code when it is free, else the first free code of `length` digits from a fixed walk. */
  assignGatecode(facilityId: string, length: number, chosen: string): string {
    const taken = this.taken(facilityId);
    let code = chosen;
    if (!new RegExp(`^\\d{${length}}$`).test(code) || taken.has(code)) {
      const modulo = 10 ** length;
      let candidate = 2468 % modulo;
      while (taken.has(String(candidate).padStart(length, '0'))) candidate = (candidate + 7919) % modulo;
      code = String(candidate).padStart(length, '0');
    }
    taken.add(code);
    return code;
  }

  // -- OUTCOMES FOR TESTS -------------------------------------------------------------------------

  /** Make the next call of this kind fail (a server error the kiosk shows its retry screen for). */
  failNextCall(call: FailableCall): void {
    this.failNext.set(call, (this.failNext.get(call) ?? 0) + 1);
  }

  /** True (and consumed) when a test asked this call to fail. */
  takeFailure(call: FailableCall): boolean {
    const left = this.failNext.get(call) ?? 0;
    if (left === 0) return false;
    this.failNext.set(call, left - 1);
    return true;
  }

  /**
   * The special tenant last names: 'Failure' always fails, 'Flaky' fails its first attempt.
   * `attemptKey` tells attempts of the same rental apart from other rentals.
   */
  serverErrorFor(lastName: string, attemptKey: string): boolean {
    const name = lastName.trim().toLowerCase();
    if (name === DEMO_RENTAL_PROCESSING.server_error_last_name.toLowerCase()) return true;
    if (name !== DEMO_RENTAL_PROCESSING.flaky_last_name.toLowerCase()) return false;
    const attempt = (this.attempts.get(attemptKey) ?? 0) + 1;
    this.attempts.set(attemptKey, attempt);
    return attempt === 1;
  }

  // -- TENANTS ------------------------------------------------------------------------------------

  /** A new tenant record: its id and the rental record id (the key of update-consumer-password). */
  newTenant(): { tenant_id: string; rrd_id: string } {
    this.tenantSequence += 1;
    return { tenant_id: `t-${this.tenantSequence}`, rrd_id: `rrd-${this.tenantSequence}` };
  }

  /** The tenant e-mail of a rental or reservation made here. */
  emailOfRecord(rrdId: string): string | undefined {
    return (
      this.rentals.find((rental) => rental.rrd_id === rrdId)?.tenant_email ??
      this.reservations.find((reservation) => reservation.rrd_id === rrdId)?.tenant_email
    );
  }

  addRental(record: Omit<RentalRecord, 'at'>): RentalRecord {
    const full = { at: this.stamp(), ...record, card: maskCardNumber(record.card) };
    this.rentals.push(full);
    return full;
  }

  addReservation(record: Omit<ReservationMadeRecord, 'at'>): ReservationMadeRecord {
    const full = { at: this.stamp(), ...record };
    this.reservations.push(full);
    return full;
  }

  saveFailedRental(body: Record<string, unknown>): void {
    // Whatever a kiosk sends, the sandbox keeps no card number, CVV or expiry.
    this.failedRentals.push({ at: this.stamp(), ...maskSecrets(body, { keepContactDetails: true }) });
  }

  recordPasswordUpdate(rrdId: string): void {
    this.passwordUpdates.push({ at: this.stamp(), rrd_id: rrdId });
  }

  recordMerchandiseSale(body: Record<string, unknown>): void {
    this.merchandiseSales.push({ at: this.stamp(), ...maskSecrets(body, { keepContactDetails: true }) });
  }

  // -- AGREEMENTS ---------------------------------------------------------------------------------

  /** A signing page for one generated document; its key names it in /pages/sign/{key}. */
  createAgreementPage(agreement: DemoAgreement, facilityId: string, tenantName: string): AgreementPage {
    const page: AgreementPage = { ...agreement, key: randomUUID(), facility_id: facilityId, tenant_name: tenantName };
    this.agreementPages.set(page.key, page);
    return page;
  }

  agreementPage(key: string): AgreementPage | undefined {
    return this.agreementPages.get(key);
  }
}
