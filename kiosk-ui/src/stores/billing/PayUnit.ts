import type { PrePayDetails } from '@kiosk/shared-types';
import { makeAutoObservable } from 'mobx';
import { DEFAULT_PERIOD, dueBalance, hasBalanceDue, periodChoices, type PeriodChoice } from '../../billing/balance';
import type { PayableSpace } from '../../billing/payload';
import {
  isPayForced,
  isUnitSelected,
  resolveUnitPayment,
  type UnitChoice,
  type UnitOutcome,
  type UnitPaymentFlags,
} from '../../billing/payment-plan';
import type { UnitStatusKey } from '../../billing/status-messages';

export const NOTHING_TICKED: UnitChoice = {
  payMyBill: false,
  enroll_autopay: false,
  updateCardDetails: false,
  isCancelAutoPay: false,
  payForced: false,
};

/** One unit of the list and its payment panel (shell §4 "Per-unit payment rules"). */
export class PayUnit {
  choice: UnitChoice = { ...NOTHING_TICKED };
  period: number = DEFAULT_PERIOD;
  prePay: PrePayDetails | null = null;
  prePayLoading = false;
  /** After processing: success or error, and the status messages to show. */
  outcome: UnitOutcome | null = null;
  statusKeys: UnitStatusKey[] = [];

  constructor(readonly space: PayableSpace) {
    makeAutoObservable(this, { space: false }, { autoBind: true });
  }

  get key(): string {
    return `${this.space.facility}/${this.space.tenant_id}/${this.space.spaceId}`;
  }

  get balanceDue(): number {
    return dueBalance(this.space.balance);
  }

  get hasBalance(): boolean {
    return hasBalanceDue(this.space.balance);
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
    return { ...this.choice, balance: this.space.balance, prepayTotal: this.prePay?.total_amt, period: this.period };
  }

  get resolved() {
    return resolveUnitPayment(this.flags);
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
  }

  setResult(outcome: UnitOutcome, keys: UnitStatusKey[]): void {
    this.outcome = outcome;
    this.statusKeys = keys;
  }

  clearResult(): void {
    this.outcome = null;
    this.statusKeys = [];
  }
}
