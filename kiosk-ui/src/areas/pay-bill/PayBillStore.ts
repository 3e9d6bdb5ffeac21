import { BILLING, type PaymentHistoryEntry, type PrePayDetails, type TenantDetail } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../../api/client';
import { loadPaymentHistory, paidTenants } from './payment-history';
import {
  canMakePayment,
  grandTotal,
  needsUpdateCardConfirmation,
  tickAutopayOption,
  tickPayMyBill,
} from './payment-plan';
import type { PayCardValues } from '../../forms/pay-card';
import { FAILED, IDLE, LOADING, ready, UNREACHABLE, valueOr, type Loadable } from '../../models/loadable';
import { CardStep } from '../payment/CardStep';
import { BillPayment } from './BillPayment';
import { loadPayableAccount } from './payable-account';
import { NOTHING_TICKED, PayUnit, payUnitKey } from './PayUnit';
import type { RootStore } from '../../stores/RootStore';

export { PayUnit } from './PayUnit';
export type { UnitAgreement } from './autopay-agreements';

/**
 * Where the pay sub-section is once the unit list is here (shell spec §2 "Pay My Bill screen
 * states"): the swipe and the card form are the payment module's card step (CardStep).
 */
export type PayStage = 'units' | 'swipe' | 'card_form' | 'result';

/**
 * Pay My Bill and autopay (shell spec §2 "Pay My Bill screen states", §4 "Loading Pay My Bill",
 * "Make a payment", "Per-unit payment rules"): which stage shows, the account's unit list with
 * each unit's choices and their confirmation dialogs, and the payment history after a payment
 * inside the rental. Which account screen the area shows (login, register, link a rental, pay) is
 * AccountStore's.
 *
 * Its parts that stand alone are sub-objects: the swipe and the card form are `cardStep`
 * (payment/CardStep.ts, as Boxes & Supplies'), the payment from Submit to every unit's answer,
 * with the autopay signing, is `payment` (BillPayment.ts).
 */
export class PayBillStore {
  /**
   * The account's units to pay; failed 'unreachable' when the account could not be loaded (no
   * answer: the screen offers to try again).
   */
  unitList: Loadable<PayUnit[]> = LOADING;
  /** The area's own screens; while the card step shows, its stage is the one on screen. */
  private ownStage: 'units' | 'result' = 'units';
  /** The visitor chose the reader or typed entry over the terminal (the kiosk offers both). */
  cardChosen = false;
  account: TenantDetail | null = null;
  failedDetails = 0;
  selectedKey: string | null = null;

  /** Confirmation dialogs: update card with a balance due, cancel autopay. */
  pendingUpdateCardKey: string | null = null;
  pendingCancelKey: string | null = null;

  minimumLoadingMs: number = BILLING.minimumLoadingMs;

  /** The payment history shown after a payment made inside the rental (confirm_paybill). */
  paymentHistory: Loadable<PaymentHistoryEntry[]> = IDLE;

  /** The swipe and the card form: a swiped card's fields, bringing the form into view. */
  readonly cardStep = new CardStep();
  /** The running payment: the card, the autopay agreements to sign, each unit's outcome. */
  readonly payment: BillPayment;

  private loadGeneration = 0;

  constructor(readonly root: RootStore) {
    this.payment = new BillPayment(root, this);
    makeAutoObservable<this, 'loadGeneration'>(
      this,
      { root: false, cardStep: false, payment: false, loadGeneration: false },
      { autoBind: true },
    );
  }

  get stage(): PayStage {
    return this.cardStep.stage ?? this.ownStage;
  }

  /** One of the area's own screens (the card step is left). */
  private show(stage: 'units' | 'result'): void {
    this.cardStep.close();
    this.ownStage = stage;
  }

  get units(): PayUnit[] {
    return valueOr(this.unitList, []);
  }

  // -- loading -----------------------------------------------------------------------------------------

  /** The list of units to pay (AccountStore opens the pay sub-section with it); see loadPayableAccount. */
  async loadAccount(): Promise<void> {
    // Known before Make a payment is tapped, so the payment step shows at once.
    void this.root.ifLoaded('payment')?.loadMethods();
    const generation = ++this.loadGeneration;
    const { api, account } = this.root;
    this.leavePayStage();
    this.unitList = LOADING;
    this.show('units');
    this.cardChosen = false;
    this.account = null;
    this.failedDetails = 0;
    this.selectedKey = null;
    this.payment.clearResults();
    this.paymentHistory = IDLE;
    this.root.trivia.restart();
    const user = { token: account.userToken ?? '', email: account.email ?? '' };
    const loaded = await loadPayableAccount(api, user, this.minimumLoadingMs, () => generation === this.loadGeneration);
    if (!loaded) return;
    runInAction(() => {
      if (loaded.next === 'unreachable') {
        this.unitList = UNREACHABLE;
        return;
      }
      this.failedDetails = loaded.failed;
      if (loaded.next === 'link_rental') {
        this.root.account.goTo('link_rental');
        return;
      }
      this.account = loaded.account;
      // A space the management system lists twice for one tenant is shown twice, each with its own key.
      const seen = new Map<string, number>();
      const units = loaded.spaces.map((space) => {
        const key = payUnitKey(space);
        const count = (seen.get(key) ?? 0) + 1;
        seen.set(key, count);
        return new PayUnit(space, count === 1 ? key : `${key}#${count}`);
      });
      this.unitList = ready(units);
      this.selectedKey = units[0]?.key ?? null;
      this.show('units');
    });
    for (const unit of this.units) void this.loadPrePay(unit);
  }

  /** The charges of the unit's period; a failed fetch clears them and the balance (shell §8). */
  async loadPrePay(unit: PayUnit): Promise<void> {
    unit.setPrePay(unit.prePay, true);
    try {
      const response = await this.root.api.call<PrePayDetails>(
        'prePay',
        { tenant: unit.space.tenant_id, spaceId: unit.space.spaceId },
        { query: { period: unit.period }, latestKey: `pre-pay:${unit.key}` },
      );
      if (response.status === 'ok') unit.prePayLoaded(response.result);
      else unit.prePayFailed();
    } catch (error) {
      if (isCancelled(error)) return;
      unit.prePayFailed();
    }
  }

  // -- the unit list -------------------------------------------------------------------------------------

  get grandTotal(): number {
    return grandTotal(this.units.map((unit) => unit.flags));
  }

  /** At least one unit ticked, and every amount to pay known. */
  get canMakePayment(): boolean {
    return canMakePayment(this.units.map((unit) => unit.choice)) && !this.units.some((unit) => unit.missingCharges);
  }

  get selectedUnit(): PayUnit | null {
    return this.units.find((unit) => unit.key === this.selectedKey) ?? null;
  }

  unit(key: string | null): PayUnit | null {
    return this.units.find((unit) => unit.key === key) ?? null;
  }

  selectUnit(key: string): void {
    this.selectedKey = key;
  }

  tickPay(unit: PayUnit, checked: boolean): void {
    unit.setChoice(tickPayMyBill(unit.choice, checked, unit.hasBalance));
  }

  tickEnrol(unit: PayUnit, checked: boolean): void {
    unit.setChoice(tickAutopayOption(unit.choice, 'enroll_autopay', checked, unit.hasBalance));
  }

  /** Updating the card while enrolled with a balance due asks first (shell §4). */
  tickUpdateCard(unit: PayUnit, checked: boolean): void {
    if (needsUpdateCardConfirmation(unit.autoPayEnabled, unit.hasBalance, checked)) {
      this.pendingUpdateCardKey = unit.key;
      return;
    }
    unit.setChoice(tickAutopayOption(unit.choice, 'updateCardDetails', checked, unit.hasBalance));
  }

  confirmUpdateCard(): void {
    const unit = this.unit(this.pendingUpdateCardKey);
    this.pendingUpdateCardKey = null;
    if (unit) unit.setChoice(tickAutopayOption(unit.choice, 'updateCardDetails', true, unit.hasBalance));
  }

  /** Cancelling the confirmation leaves update card unticked. */
  dismissUpdateCard(): void {
    this.pendingUpdateCardKey = null;
  }

  setPeriod(unit: PayUnit, period: number): void {
    if (unit.period === period) return;
    unit.setPeriod(period);
    void this.loadPrePay(unit);
  }

  requestCancelAutopay(unit: PayUnit): void {
    this.pendingCancelKey = unit.key;
  }

  dismissCancelAutopay(): void {
    this.pendingCancelKey = null;
  }

  /** Cancel autopay after the confirmation: straight to the result screen (shell §4). */
  confirmCancelAutopay(): void {
    const unit = this.unit(this.pendingCancelKey);
    this.pendingCancelKey = null;
    if (!unit) return;
    for (const other of this.units) other.clearResult();
    unit.setChoice({ ...NOTHING_TICKED, isCancelAutoPay: true });
    this.show('result');
    this.payment.processAlone(unit);
  }

  // -- card entry ------------------------------------------------------------------------------------------

  /**
   * Make a payment (shell §4): needs a ticked unit; opens the swipe or scan screen, which checks
   * the reader first. A card read fills the manual form (month as a number, year prefixed 20).
   */
  makePayment(): void {
    if (!this.canMakePayment) return;
    this.cardStep.openSwipe();
  }

  /** The payment step offers the terminal (and the visitor has not chosen the card instead). */
  get paysOnTerminal(): boolean {
    const payment = this.root.payment;
    return payment.terminalOffered && !(this.cardChosen && payment.cardOffered);
  }

  /** 'Swipe or type a card instead' (the kiosk offers both). */
  useCardInstead(): void {
    this.cardChosen = true;
  }

  /** The terminal step opens: each selected unit is paid there in turn (BillPayment.startOnTerminal). */
  startOnTerminal(): void {
    const selected = this.units.filter((unit) => unit.selected);
    if (selected.length === 0 || !this.canMakePayment) return;
    for (const unit of this.units) unit.clearResult();
    this.payment.startOnTerminal(selected);
    if (!this.payment.terminalUnit) this.show('result');
  }

  /** The terminal approved the current unit: its steps run; after the last unit, the result. */
  terminalApproved(approved: Parameters<BillPayment['terminalApproved']>[0]): void {
    this.payment.terminalApproved(approved);
    if (!this.payment.terminalUnit) this.show('result');
  }

  backToUnits(): void {
    this.leavePayStage();
    this.payment.stopTerminal();
    this.cardChosen = false;
    this.show('units');
  }

  /** Leaving card entry or signing: no swiped card, dialog or agreement is kept. */
  leavePayStage(): void {
    this.cardStep.close();
    this.pendingCancelKey = null;
    this.pendingUpdateCardKey = null;
    this.payment.closeSigning();
  }

  /** Submit (shell §4): the validated card goes to the result screen's processing (BillPayment.ts). */
  async submitPayment(values: PayCardValues): Promise<void> {
    const selected = this.units.filter((unit) => unit.selected);
    if (selected.length === 0 || !this.canMakePayment) return;
    for (const unit of this.units) unit.clearResult();
    const card = this.cardStep.submit(values);
    this.show('result');
    await this.payment.start(selected, card);
  }

  /** The history of the tenants whose units were just processed (the rental's confirm_paybill). */
  async loadPaymentHistory(): Promise<void> {
    const generation = this.loadGeneration;
    const tenants = paidTenants(this.payment.processedUnits.map((unit) => unit.space));
    this.paymentHistory = LOADING;
    const history = await loadPaymentHistory(this.root.api, tenants, this.root.account.userToken ?? '');
    runInAction(() => {
      if (generation !== this.loadGeneration) return;
      this.paymentHistory = history ? ready(history) : FAILED;
    });
  }

  // -- result buttons ----------------------------------------------------------------------------------------

  /** make another payment, cancel and use a different card reload the list (shell §4). */
  reloadList(): void {
    void this.loadAccount();
  }

  /** log out: the shell's logout (end the session, clear the user, home). */
  logOut(): void {
    this.root.shell.confirmLogout();
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {
    this.loadGeneration += 1;
    this.leavePayStage();
    this.payment.reset();
    this.unitList = LOADING;
    this.show('units');
    this.cardChosen = false;
    this.account = null;
    this.failedDetails = 0;
    this.selectedKey = null;
    this.paymentHistory = IDLE;
  }
}
