/*
 * Longer than one sitting's ~350 lines on purpose: the unit list, card entry, signing and the
 * result screen are the stages of one payment and share its units and card. The parts that stand
 * alone are beside it: billing/PayUnit.ts, billing/payable-account.ts (loading the account),
 * billing/unit-payment.ts (one unit's calls) and billing/autopay-agreements.ts.
 */
import { BILLING, type DecryptedCardSwipe, type PrePayDetails, type TenantDetail } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../api/client';
import type { PayCard } from '../billing/payload';
import {
  canMakePayment,
  grandTotal,
  needsSigning,
  needsUpdateCardConfirmation,
  paymentResult,
  tickAutopayOption,
  tickPayMyBill,
  type PaymentStep,
  type StepsResult,
  type UnitOutcome,
} from '../billing/payment-plan';
import { unitStatusMessageKeys } from '../billing/status-messages';
import { swipeToPayCard } from '../forms/card-rules';
import type { PayCardValues } from '../forms/pay-card';
import { SigningWatch } from '../signing/signing-watch';
import { autopayAgreements, type UnitAgreement } from './billing/autopay-agreements';
import { loadPayableAccount } from './billing/payable-account';
import { NOTHING_TICKED, PayUnit, payUnitKey } from './billing/PayUnit';
import { payUnit, unitPaymentModel } from './billing/unit-payment';
import type { RootStore } from './RootStore';

export { PayUnit } from './billing/PayUnit';
export type { UnitAgreement } from './billing/autopay-agreements';

/** Where the pay sub-section is (shell spec §2 "Pay My Bill screen states"). */
export type PayStage = 'loading' | 'units' | 'swipe' | 'card_form' | 'result';

/**
 * Pay My Bill and autopay (shell spec §2 "Pay My Bill screen states", §4 "Loading Pay My Bill",
 * "Make a payment", "Submit", "Per-unit payment rules", "Payment logic"). Which account screen
 * the area shows (login, register, link a rental, pay) is AccountStore's.
 *
 * The card typed or swiped is held in a private field, never observable, only while a payment
 * runs, and is dropped once every unit has answered (or the visit ends).
 */
export class BillingStore {
  stage: PayStage = 'loading';
  units: PayUnit[] = [];
  account: TenantDetail | null = null;
  failedDetails = 0;
  selectedKey: string | null = null;

  /** Swiped card fields for the manual form, taken once by the form. */
  cardPrefill: ReturnType<typeof swipeToPayCard> | null = null;

  /** The card form has been open BILLING.scrollToCardFormMs: it brings itself into view (cardFormScrolled). */
  cardFormScrollDue = false;

  /** Units processed by the last payment (or cancel), and their outcomes as they arrive. */
  processingKeys: string[] = [];
  outcomes: UnitOutcome[] = [];
  agreements: UnitAgreement[] = [];
  signingIndex = 0;

  /** Confirmation dialogs: update card with a balance due, cancel autopay. */
  pendingUpdateCardKey: string | null = null;
  pendingCancelKey: string | null = null;

  minimumLoadingMs: number = BILLING.minimumLoadingMs;

  private card: PayCard | null = null;
  private loadGeneration = 0;
  private readonly watch: SigningWatch;
  private scrollTimer: ReturnType<typeof setTimeout> | undefined;
  /** Units of the running payment whose steps have started (a unit is paid or enrolled once). */
  private readonly startedKeys = new Set<string>();

  constructor(readonly root: RootStore) {
    this.watch = new SigningWatch(
      () => this.currentAgreement?.agreement ?? null,
      (key, signedId) => this.documentSigned(key, signedId),
    );
    makeAutoObservable<this, 'card' | 'loadGeneration' | 'watch' | 'scrollTimer' | 'startedKeys'>(
      this,
      { root: false, card: false, loadGeneration: false, watch: false, scrollTimer: false, startedKeys: false },
      { autoBind: true },
    );
  }

  // -- loading -----------------------------------------------------------------------------------------

  /** The list of units to pay (AccountStore opens the pay sub-section with it); see loadPayableAccount. */
  async loadAccount(): Promise<void> {
    const generation = ++this.loadGeneration;
    const { api, account } = this.root;
    this.leavePayStage();
    this.stage = 'loading';
    this.units = [];
    this.account = null;
    this.failedDetails = 0;
    this.selectedKey = null;
    this.processingKeys = [];
    this.outcomes = [];
    this.root.trivia.restart();
    const user = { token: account.userToken ?? '', email: account.email ?? '' };
    const loaded = await loadPayableAccount(api, user, this.minimumLoadingMs, () => generation === this.loadGeneration);
    if (!loaded) return;
    runInAction(() => {
      this.failedDetails = loaded.failed;
      if (loaded.next === 'link_rental') {
        this.root.account.goTo('link_rental');
        return;
      }
      this.account = loaded.account;
      // A space the management system lists twice for one tenant is shown twice, each with its own key.
      const seen = new Map<string, number>();
      this.units = loaded.spaces.map((space) => {
        const key = payUnitKey(space);
        const count = (seen.get(key) ?? 0) + 1;
        seen.set(key, count);
        return new PayUnit(space, count === 1 ? key : `${key}#${count}`);
      });
      this.selectedKey = this.units[0]?.key ?? null;
      this.stage = 'units';
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
    this.processingKeys = [unit.key];
    this.outcomes = [];
    this.stage = 'result';
    void this.processUnit(unit);
  }

  // -- card entry ------------------------------------------------------------------------------------------

  /**
   * Make a payment (shell §4): needs a ticked unit; opens the swipe or scan screen, which checks
   * the reader first. A card read fills the manual form (month as a number, year prefixed 20).
   */
  makePayment(): void {
    if (!this.canMakePayment) return;
    this.cardPrefill = null;
    this.stage = 'swipe';
  }

  /** The swipe panel read a card (the panel checks the reader, asks for the swipe and cancels it when left). */
  cardSwiped(card: DecryptedCardSwipe): void {
    if (this.stage !== 'swipe') return;
    this.cardPrefill = swipeToPayCard(card);
    this.openCardForm();
  }

  enterCardManually(): void {
    this.openCardForm();
  }

  /**
   * The card form opens; BILLING.scrollToCardFormMs later it is brought into view (shell §9), so a
   * visitor who came from the bottom of a long unit list is not left looking at its end.
   */
  private openCardForm(): void {
    this.stage = 'card_form';
    this.stopCardFormScroll();
    this.scrollTimer = setTimeout(
      () => runInAction(() => (this.cardFormScrollDue = this.stage === 'card_form')),
      BILLING.scrollToCardFormMs,
    );
  }

  /** The card form has been brought into view (or the visitor is already in it). */
  cardFormScrolled(): void {
    this.cardFormScrollDue = false;
  }

  private stopCardFormScroll(): void {
    clearTimeout(this.scrollTimer);
    this.scrollTimer = undefined;
    this.cardFormScrollDue = false;
  }

  backToUnits(): void {
    this.leavePayStage();
    this.stage = 'units';
  }

  /** The swiped fields, handed to the form once. */
  takeCardPrefill(): ReturnType<typeof swipeToPayCard> | null {
    const prefill = this.cardPrefill;
    this.cardPrefill = null;
    return prefill;
  }

  /** Leaving card entry or signing: no swiped card, dialog or agreement is kept. */
  leavePayStage(): void {
    this.cardPrefill = null;
    this.stopCardFormScroll();
    this.pendingCancelKey = null;
    this.pendingUpdateCardKey = null;
    this.closeSigning();
  }

  // -- submit and processing ----------------------------------------------------------------------------------

  get processing(): boolean {
    return this.stage === 'result' && paymentResult(this.processingKeys.length, this.outcomes).processing;
  }

  get succeeded(): boolean {
    return paymentResult(this.processingKeys.length, this.outcomes).success;
  }

  get processedUnits(): PayUnit[] {
    return this.processingKeys.map((key) => this.unit(key)).filter((unit): unit is PayUnit => unit !== null);
  }

  /** A payment step failed (as opposed to only an autopay enrolment, update or cancel). */
  get paymentFailed(): boolean {
    return this.processedUnits.some((unit) => unit.statusKeys.includes('billing.status.payment_failed'));
  }

  /** At least one payment went through. */
  get paymentMade(): boolean {
    return this.processedUnits.some((unit) => unit.statusKeys.includes('billing.status.payment_success'));
  }

  get signing(): boolean {
    return this.stage === 'result' && this.signingIndex < this.agreements.length;
  }

  get currentAgreement(): UnitAgreement | null {
    return this.signing ? (this.agreements[this.signingIndex] ?? null) : null;
  }

  /**
   * Submit (shell §4): the validated card goes to the result screen's processing; units enrolling
   * in autopay sign first, the others (a card update of a unit already enrolled too) go at once.
   */
  async submitPayment(values: PayCardValues): Promise<void> {
    const selected = this.units.filter((unit) => unit.selected);
    if (selected.length === 0 || !this.canMakePayment) return;
    this.card = {
      card_name: values.card_name,
      card_number: String(values.card_number).replace(/\D/g, ''),
      cc_exp_month: Number(values.cc_exp_month),
      cc_exp_year: Number(values.cc_exp_year),
      cvv: String(values.cvv),
    };
    for (const unit of this.units) unit.clearResult();
    this.processingKeys = selected.map((unit) => unit.key);
    this.outcomes = [];
    this.agreements = [];
    this.signingIndex = 0;
    this.startedKeys.clear();
    this.stopCardFormScroll();
    this.stage = 'result';
    for (const unit of selected.filter((candidate) => !needsSigning(candidate.choice))) this.startUnit(unit);
    const toSign = selected.filter((unit) => needsSigning(unit.choice));
    if (toSign.length > 0) await this.prepareSigning(toSign);
  }

  /** The agreements of every unit enrolling; a unit whose documents fail is marked failed. */
  private async prepareSigning(units: PayUnit[]): Promise<void> {
    const card = this.card;
    if (!card) return;
    const email = this.root.account.email ?? '';
    const prepared = await Promise.all(
      units.map((unit) =>
        autopayAgreements(this.root.api, unit, this.modelFor(unit), card, email).catch(() => {
          this.finishUnit(unit, ['enrolAutopay'], { outcome: 'error', failedStep: 'enrolAutopay', done: [] });
          return [];
        }),
      ),
    );
    runInAction(() => {
      this.agreements = prepared.flat();
      this.signingIndex = 0;
    });
  }

  /** The embedded frame showing the current agreement (only its messages count: signing/signing-watch.ts). */
  setSigningFrame(frame: MessageEventSource | null): void {
    this.watch.setFrame(frame);
  }

  /** A window message: completes the current agreement when its own frame says it was signed. */
  onSigningMessage(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>): void {
    this.watch.receive(event);
  }

  /**
   * A document was signed (shell §4 Submit): its completion triggers the payment or enrolment of
   * its unit as it arrives, the enrolment carrying the id the completion message gave, and the
   * next agreement shows; after the last the signing screen closes. A unit with several
   * documents is paid and enrolled once, on the first one signed.
   */
  documentSigned(key: string, signedId: string = key): void {
    const current = this.currentAgreement;
    if (!current || current.agreement.key !== key) return;
    current.completed = true;
    this.signingIndex += 1;
    const unit = this.unit(current.unitKey);
    if (unit) this.startUnit(unit, { document_id: signedId });
    if (!this.signing) this.closeSigning();
  }

  /**
   * The visitor stops signing: every unit that has not signed yet is not enrolled (its payment,
   * which comes after the signature, never ran), and the result shows.
   */
  cancelSigning(): void {
    const waiting = this.agreements.slice(this.signingIndex).map((entry) => entry.unitKey);
    this.closeSigning();
    for (const key of new Set(waiting)) {
      const unit = this.unit(key);
      if (unit && !this.startedKeys.has(unit.key))
        this.finishUnit(unit, ['enrolAutopay'], { outcome: 'error', failedStep: 'enrolAutopay', done: [] });
    }
  }

  /** Runs a unit's steps, once per payment. */
  private startUnit(unit: PayUnit, extra: { document_id?: string } = {}): void {
    if (this.startedKeys.has(unit.key)) return;
    this.startedKeys.add(unit.key);
    void this.processUnit(unit, extra);
  }

  private closeSigning(): void {
    this.watch.stop();
    this.agreements = [];
    this.signingIndex = 0;
  }

  private modelFor(unit: PayUnit) {
    return unitPaymentModel(unit, this.account, this.root.account.email ?? '');
  }

  /** Runs the unit's steps (billing/unit-payment.ts) and records its outcome. */
  async processUnit(unit: PayUnit, extra: { document_id?: string } = {}): Promise<void> {
    const { api, config } = this.root;
    const { steps, result } = await payUnit(unit, {
      api,
      capabilities: config.capabilities,
      ownerId: config.ownerId,
      account: this.account,
      username: this.root.account.email ?? '',
      card: this.card,
      documentId: extra.document_id,
    });
    this.finishUnit(unit, steps, result);
  }

  private finishUnit(unit: PayUnit, steps: readonly PaymentStep[], result: StepsResult): void {
    if (!this.processingKeys.includes(unit.key) || unit.outcome !== null) return;
    unit.setResult(result.outcome, unitStatusMessageKeys(steps, result, unit.choice.updateCardDetails));
    this.outcomes.push(result.outcome);
    this.root.screenHealth.journey('bill_payment', result.outcome === 'success' ? 'succeeded' : 'failed');
    if (!this.processing) {
      // Every unit answered: the card is no longer needed. Documents still to sign (a unit's later
      // ones, its payment already made on the first) stay on screen until signed or stopped.
      this.card = null;
      if (!this.signing) this.closeSigning();
    }
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
    this.startedKeys.clear();
    this.card = null;
    this.stage = 'loading';
    this.units = [];
    this.account = null;
    this.failedDetails = 0;
    this.selectedKey = null;
    this.processingKeys = [];
    this.outcomes = [];
  }
}
