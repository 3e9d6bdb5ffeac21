import type { ChargeLine, PrePayDetails } from '@kiosk/shared-types';
import { makeAutoObservable } from 'mobx';
import { DEFAULT_PERIOD, dueBalance, hasBalanceDue, periodChoices, type PeriodChoice } from './balance';
import type { PayableSpace } from './payload';
import {
  isPayForced,
  isUnitSelected,
  resolveUnitPayment,
  type UnitChoice,
  type UnitOutcome,
  type UnitPaymentFlags,
} from './payment-plan';
import { lockedOutKey, type UnitAccessOutcome } from './payment-access';
import type { UnitStatusKey } from './status-messages';

export const NOTHING_TICKED: UnitChoice = {
  payMyBill: false,
  enroll_autopay: false,
  updateCardDetails: false,
  isCancelAutoPay: false,
  payForced: false,
};

/** The unit's key in the list: its facility, tenant and space. */
export const payUnitKey = (space: PayableSpace) => `${space.facility}/${space.tenant_id}/${space.spaceId}`;

export type UnitAmountView =
  { kind: 'not-included' } | { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'amount'; value: number };

/** One unit of the list and its payment panel (shell §4 "Per-unit payment rules"). */
export class PayUnit {
  choice: UnitChoice = { ...NOTHING_TICKED };
  /** The balance lines as loaded; a failed pre-pay fetch clears them with the charges (shell §8). */
  balance: readonly ChargeLine[];
  period: number = DEFAULT_PERIOD;
  prePay: PrePayDetails | null = null;
  prePayLoading = false;
  /** The last pre-pay fetch failed: the panel says so whether or not the unit is ticked. */
  chargesFailed = false;
  /** After processing: success or error, and the status messages to show. */
  outcome: UnitOutcome | null = null;
  statusKeys: UnitStatusKey[] = [];
  /** After a payment of a locked-out unit: what it did to access (null: nothing to say). */
  access: UnitAccessOutcome | null = null;

  /** `key` defaults to payUnitKey; a space listed twice for one tenant gets its own. */
  constructor(
    readonly space: PayableSpace,
    readonly key: string = payUnitKey(space),
  ) {
    this.balance = space.balance ?? [];
    makeAutoObservable(this, { space: false, key: false }, { autoBind: true });
  }

  get balanceDue(): number {
    return dueBalance(this.balance);
  }

  get hasBalance(): boolean {
    return hasBalanceDue(this.balance);
  }

  /** The unit list's mark of a unit the tenant is locked out of, before payment. */
  get lockedOutKey() {
    return lockedOutKey(this.space.access_status);
  }

  get autoPayEnabled(): boolean {
    return Boolean(this.space.autoPay?.enabled);
  }

  get autoPayCard(): string | null {
    return this.space.autoPay?.paymentInstrument?.card?.number ?? null;
  }

  get periodChoices(): PeriodChoice[] {
    return periodChoices(this.hasBalance);
  }

  /** The pay checkbox is ticked and disabled while autopay needs the balance paid. */
  get payForced(): boolean {
    return isPayForced(this.choice, this.hasBalance);
  }

  get flags(): UnitPaymentFlags {
    return { ...this.choice, balance: this.balance, prepayTotal: this.prePay?.total_amt, period: this.period };
  }

  /**
   * The pay-through choice the panel shows: while autopay locks the payment to the balance, that
   * is 'Pay Balance Due' (0), matching the amount; otherwise the tenant's own choice.
   */
  get shownPeriod(): number {
    return this.payForced ? this.resolved.period : this.period;
  }

  get resolved() {
    return resolveUnitPayment(this.flags);
  }

  /**
   * The panel's 'Amount to pay', agreeing with the grand total: a unit the payment leaves out
   * (Pay my bill not ticked) shows no amount, so no figure sits beside a unit the total does not count.
   */
  get amountToPay(): UnitAmountView {
    // Charges that could not be loaded are said first: the cleared balance ($0.00) needs its reason.
    if (this.chargesFailed && !this.payForced) return { kind: 'unavailable' };
    if (!this.choice.payMyBill && !this.payForced) return { kind: 'not-included' };
    // Forced to the balance, or enrolling with nothing due: the figure is known without the charges.
    if (this.payForced || !this.resolved.payMyBill) return { kind: 'amount', value: this.resolved.total };
    if (this.prePayLoading) return { kind: 'loading' };
    return this.prePay ? { kind: 'amount', value: this.resolved.total } : { kind: 'unavailable' };
  }

  get selected(): boolean {
    return isUnitSelected(this.choice);
  }

  /** Paying a period whose charges are not known: the amount cannot be sent yet. */
  get missingCharges(): boolean {
    const resolved = this.resolved;
    return resolved.payMyBill && resolved.period === this.period && (this.prePayLoading || !this.prePay);
  }

  setChoice(choice: UnitChoice): void {
    this.choice = choice;
  }

  setPeriod(period: number): void {
    this.period = period;
  }

  setPrePay(prePay: PrePayDetails | null, loading: boolean): void {
    this.prePay = prePay;
    this.prePayLoading = loading;
    this.chargesFailed = false;
  }

  /** The charges arrived: the balance is the one loaded with the unit. */
  prePayLoaded(prePay: PrePayDetails): void {
    this.setPrePay(prePay, false);
    this.balance = this.space.balance ?? [];
  }

  /** The pre-pay fetch failed: charges and balance are cleared (shell §8). */
  prePayFailed(): void {
    this.setPrePay(null, false);
    this.chargesFailed = true;
    this.balance = [];
  }

  setResult(outcome: UnitOutcome, keys: UnitStatusKey[], access: UnitAccessOutcome | null = null): void {
    this.outcome = outcome;
    this.statusKeys = keys;
    this.access = access;
  }

  clearResult(): void {
    this.outcome = null;
    this.statusKeys = [];
    this.access = null;
  }
}
