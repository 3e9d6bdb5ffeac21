import {
  BILLING,
  SIGNING_COMPLETED_EVENT,
  type AgreementDocument,
  type AutopayCancelResult,
  type AutopayEnrolResult,
  type DecryptedCardSwipe,
  type GenerateAgreementsResult,
  type GenerateTokensResult,
  type PayBillResult,
  type PrePayDetails,
  type TenantDetail,
  type UserItem,
  type UserItemDetails,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../api/client';
import { DEFAULT_PERIOD, dueBalance, hasBalanceDue, periodChoices, type PeriodChoice } from '../billing/balance';
import {
  autopayMailData,
  billpayDocumentsForm,
  paymentMailData,
  paymentModel,
  withCard,
  type PayableSpace,
  type PayCard,
} from '../billing/payload';
import {
  canMakePayment,
  grandTotal,
  isPayForced,
  isUnitSelected,
  needsSigning,
  needsUpdateCardConfirmation,
  paymentResult,
  paymentSteps,
  resolveUnitPayment,
  runPaymentSteps,
  tickAutopayOption,
  tickPayMyBill,
  type PaymentStep,
  type StepsResult,
  type UnitChoice,
  type UnitOutcome,
  type UnitPaymentFlags,
} from '../billing/payment-plan';
import { unitStatusMessageKeys, type UnitStatusKey } from '../billing/status-messages';
import { afterUserItems, detailRequests, summarizeUserItems, type DetailResponse } from '../billing/user-items';
import { swipeToPayCard } from '../forms/card-rules';
import type { ForgotPasswordValues, LoginValues, RegisterValues } from '../forms/account';
import type { LinkRentalValues } from '../forms/link-rental';
import type { PayCardValues } from '../forms/pay-card';
import type { AccountResult } from './account-errors';
import type { RootStore } from './RootStore';

/** Pay-bill sub-sections (shell spec §2). */
export type PayBillSubSection = 'login' | 'register' | 'link_rental' | 'pay' | 'forgot_password';

/** Where the pay sub-section is (shell spec §2 "Pay My Bill screen states"). */
export type PayStage = 'loading' | 'units' | 'swipe' | 'card_form' | 'result';

const NOTHING_TICKED: UnitChoice = {
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

/** An agreement to sign for one unit's autopay enrolment (shell §3 "Agreement to sign"). */
export interface UnitAgreement {
  agreement: AgreementDocument;
  unitKey: string;
  completed: boolean;
}

/** A pause that tests can shorten (the 2-second minimum of the loading screen). */
const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Pay My Bill and autopay (shell spec §2 "Pay-bill sub-sections", "Pay My Bill screen states",
 * §4 "Loading Pay My Bill", "Make a payment", "Submit", "Per-unit payment rules", "Payment logic").
 *
 * The card typed or swiped is held in a private field, never observable, only while a payment
 * runs, and is dropped once every unit has answered (or the visit ends).
 */
export class BillingStore {
  subSection: PayBillSubSection = 'login';
  /** Create an account succeeded: the login screen says so and has the e-mail filled in. */
  registeredEmail: string | null = null;
  /** The thank-you view of forgot password. */
  resetLinkSent = false;

  stage: PayStage = 'loading';
  units: PayUnit[] = [];
  account: TenantDetail | null = null;
  failedDetails = 0;
  selectedKey: string | null = null;

  /** Swiped card fields for the manual form, taken once by the form. */
  cardPrefill: ReturnType<typeof swipeToPayCard> | null = null;

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
  private signingFrame: MessageEventSource | null = null;
  private stopMessages: (() => void) | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'card' | 'loadGeneration' | 'signingFrame' | 'stopMessages'>(
      this,
      { root: false, card: false, loadGeneration: false, signingFrame: false, stopMessages: false },
      { autoBind: true },
    );
  }

  // -- sub-sections ------------------------------------------------------------------------------------

  /** What the pay-bill area shows: logged out, pay and link a rental fall back to login. */
  get view(): PayBillSubSection {
    if (!this.root.account.loggedIn && (this.subSection === 'pay' || this.subSection === 'link_rental')) return 'login';
    return this.subSection;
  }

  /** Opening PAY MY BILL or Setup autopay: logged in goes to pay, else login (shell spec §2). */
  open(): void {
    this.registeredEmail = null;
    this.resetLinkSent = false;
    if (this.root.account.loggedIn) this.goPay();
    else this.subSection = 'login';
  }

  goTo(subSection: PayBillSubSection): void {
    if (subSection === 'pay') {
      this.goPay();
      return;
    }
    this.leavePayStage();
    this.subSection = subSection;
    this.resetLinkSent = false;
    if (subSection !== 'login') this.registeredEmail = null;
    if (subSection === 'link_rental') void this.root.account.loadOwnerCities();
  }

  goPay(): void {
    this.subSection = 'pay';
    void this.loadAccount();
  }

  async submitLogin(values: LoginValues): Promise<AccountResult> {
    const result = await this.root.account.loginWithEmail(values.username, values.password);
    if (result.ok) runInAction(() => this.goPay());
    return result;
  }

  async submitRegister(values: RegisterValues): Promise<AccountResult> {
    const result = await this.root.account.register(values.username, values.password);
    if (result.ok) {
      runInAction(() => {
        this.subSection = 'login';
        this.registeredEmail = values.username.trim();
      });
    }
    return result;
  }

  async submitForgotPassword(values: ForgotPasswordValues): Promise<AccountResult> {
    const result = await this.root.account.forgotPassword(values.email);
    if (result.ok) runInAction(() => (this.resetLinkSent = true));
    return result;
  }

  async submitLinkRental(values: LinkRentalValues): Promise<AccountResult> {
    const result = await this.root.account.linkRental(values);
    if (result.ok) runInAction(() => this.goPay());
    return result;
  }

  // -- loading -----------------------------------------------------------------------------------------

  /**
   * Loading Pay My Bill (shell §4): user items with at least 2 seconds of 'We are locating your
   * account.'; an error or nothing found goes to link a rental. Then every tenant's details; failed
   * calls are counted and ignored; a space with a lease shows the unit list, else link a rental.
   */
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
    const token = account.userToken ?? '';

    const itemsCall = api
      .call<UserItem[]>('userItems', {}, { query: { user_token: token, user_email: account.email ?? '' } })
      .then((response) =>
        response.status === 'ok' ? { ok: true as const, items: response.result } : { ok: false as const },
      )
      .catch(() => ({ ok: false as const }));
    const [items] = await Promise.all([itemsCall, wait(this.minimumLoadingMs)]);
    if (generation !== this.loadGeneration) return;
    if (afterUserItems(items) === 'link_rental' || !items.ok) {
      runInAction(() => this.goTo('link_rental'));
      return;
    }

    const responses = await Promise.all(
      detailRequests(items.items).map(async (request): Promise<DetailResponse<TenantDetail, PayableSpace>> => {
        try {
          const response = await api.call<UserItemDetails>(
            'userItemDetails',
            { facility: request.facility, tenant: request.tenant },
            { query: { user_token: token } },
          );
          if (response.status !== 'ok') return { ok: false, request };
          return {
            ok: true,
            request,
            tenant_details: response.result.tenant_details ?? [],
            space_details: (response.result.space_details ?? []) as PayableSpace[],
          };
        } catch {
          return { ok: false, request };
        }
      }),
    );
    if (generation !== this.loadGeneration) return;
    const summary = summarizeUserItems(responses);
    runInAction(() => {
      this.failedDetails = summary.failed;
      if (summary.next === 'link_rental') {
        this.goTo('link_rental');
        return;
      }
      this.account = summary.account;
      this.units = summary.units.map((space) => new PayUnit(space));
      this.selectedKey = this.units[0]?.key ?? null;
      this.stage = 'units';
    });
    for (const unit of this.units) void this.loadPrePay(unit);
  }

  /** The charges of the unit's period; a failed fetch clears them (shell §8). */
  async loadPrePay(unit: PayUnit): Promise<void> {
    unit.setPrePay(unit.prePay, true);
    try {
      const response = await this.root.api.call<PrePayDetails>(
        'prePay',
        { tenant: unit.space.tenant_id, spaceId: unit.space.spaceId },
        { query: { period: unit.period }, latestKey: `pre-pay:${unit.key}` },
      );
      unit.setPrePay(response.status === 'ok' ? response.result : null, false);
    } catch (error) {
      if (isCancelled(error)) return;
      unit.setPrePay(null, false);
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
    this.stage = 'card_form';
  }

  enterCardManually(): void {
    this.stage = 'card_form';
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
  private leavePayStage(): void {
    this.cardPrefill = null;
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
   * in autopay (or updating its card) sign first, the others are paid at once.
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
    this.stage = 'result';
    for (const unit of selected.filter((candidate) => !needsSigning(candidate.choice))) void this.processUnit(unit);
    const toSign = selected.filter((unit) => needsSigning(unit.choice));
    if (toSign.length > 0) await this.prepareSigning(toSign);
  }

  /** Signing tokens and agreements (flow billpay) for every unit enrolling; a unit whose documents fail is marked failed. */
  private async prepareSigning(units: PayUnit[]): Promise<void> {
    const card = this.card;
    if (!card) return;
    const prepared = await Promise.all(
      units.map(async (unit): Promise<UnitAgreement[]> => {
        const form = billpayDocumentsForm(this.modelFor(unit), card, this.root.account.email ?? '');
        const facility = unit.space.facility_id || unit.space.facility;
        try {
          const tokens = await this.root.api.call<GenerateTokensResult>('generateTokens', { facility }, { form });
          if (tokens.status !== 'ok') throw new Error('tokens');
          const agreements = await this.root.api.call<GenerateAgreementsResult>(
            'generateAgreements',
            { facility },
            { form: { ...form, dynamic_tokens: { ...tokens.result.dynamic_tokens } } },
          );
          if (agreements.status !== 'ok' || agreements.result.agreements.length === 0) throw new Error('agreements');
          return agreements.result.agreements.map((agreement) => ({ agreement, unitKey: unit.key, completed: false }));
        } catch {
          this.finishUnit(unit, ['enrolAutopay'], { outcome: 'error', failedStep: 'enrolAutopay', done: [] });
          return [];
        }
      }),
    );
    runInAction(() => {
      this.agreements = prepared.flat();
      this.signingIndex = 0;
      if (this.agreements.length > 0) this.listenForSigning();
    });
  }

  /** The embedded frame showing the current agreement (only its messages count). */
  setSigningFrame(frame: MessageEventSource | null): void {
    this.signingFrame = frame;
  }

  private listenForSigning(): void {
    if (this.stopMessages || typeof window === 'undefined') return;
    const onMessage = (event: MessageEvent) => this.onSigningMessage(event);
    window.addEventListener('message', onMessage);
    this.stopMessages = () => window.removeEventListener('message', onMessage);
  }

  /** A completion message from the current agreement's frame and origin. */
  onSigningMessage(event: MessageEvent): void {
    const current = this.currentAgreement;
    if (!current) return;
    const data = event.data as { event?: unknown; data?: { id?: unknown } } | null;
    if (data?.event !== SIGNING_COMPLETED_EVENT || data.data?.id !== current.agreement.key) return;
    if (this.signingFrame && event.source !== this.signingFrame) return;
    try {
      if (new URL(current.agreement.url, window.location.href).origin !== event.origin) return;
    } catch {
      return;
    }
    this.documentSigned(current.agreement.key);
  }

  /**
   * A document was signed: its unit's payment or enrolment runs (with the signed document), and
   * the next agreement shows; after the last the signing screen closes.
   */
  documentSigned(key: string): void {
    const current = this.currentAgreement;
    if (!current || current.agreement.key !== key) return;
    current.completed = true;
    this.signingIndex += 1;
    const unit = this.unit(current.unitKey);
    const unitDone = !this.agreements.some((entry) => entry.unitKey === current.unitKey && !entry.completed);
    if (unit && unitDone) void this.processUnit(unit, { document_id: current.agreement.document_id });
    if (!this.signing) this.closeSigning();
  }

  /**
   * The visitor stops signing: every unit still waiting for its signature is not enrolled (its
   * payment, which comes after the signature, never ran), and the result shows.
   */
  cancelSigning(): void {
    const waiting = this.agreements.slice(this.signingIndex).map((entry) => entry.unitKey);
    this.closeSigning();
    for (const key of new Set(waiting)) {
      const unit = this.unit(key);
      if (unit) this.finishUnit(unit, ['enrolAutopay'], { outcome: 'error', failedStep: 'enrolAutopay', done: [] });
    }
  }

  private closeSigning(): void {
    this.stopMessages?.();
    this.stopMessages = null;
    this.signingFrame = null;
    this.agreements = [];
    this.signingIndex = 0;
  }

  /** The payment model of a unit as it will be paid (shell §3). */
  private modelFor(unit: PayUnit) {
    const resolved = unit.resolved;
    const prePay: PrePayDetails | null =
      resolved.payMyBill && resolved.period !== unit.period
        ? { movein_cost: [], balance: unit.space.balance, tax: 0, total_amt: resolved.total }
        : unit.prePay;
    return paymentModel({
      space: unit.space,
      account: this.account,
      username: this.root.account.email ?? '',
      choice: unit.choice,
      resolved,
      prePay,
    });
  }

  /** Runs the unit's steps (shell §4 Payment logic (a), (b), (c)) and records its outcome. */
  async processUnit(unit: PayUnit, extra: { document_id?: string } = {}): Promise<void> {
    const { api, config } = this.root;
    const steps = paymentSteps(unit.flags, config.capabilities);
    const model = this.modelFor(unit);
    const card = this.card;
    const space = unit.space;
    const owner = config.ownerId ?? '';
    const facility = space.facility_id || space.facility;
    const spaceParams = { tenant: space.tenant_id, spaceId: space.spaceId };
    const prepayTotal = unit.resolved.total;
    let payment: PayBillResult | null = null;
    let enrolment: AutopayEnrolResult | null = null;

    const run = async (step: PaymentStep): Promise<boolean> => {
      switch (step) {
        case 'pay': {
          if (!card) return false;
          const response = await api.call<PayBillResult>('payBill', spaceParams, { form: withCard(model, card) });
          if (response.status === 'ok') payment = response.result;
          return response.status === 'ok';
        }
        case 'enrolAutopay': {
          if (!card) return false;
          const form = withCard(model, card, extra.document_id ? { document_id: extra.document_id } : {});
          const response = await api.call<AutopayEnrolResult>('enrolAutopay', spaceParams, { form });
          if (response.status === 'ok') enrolment = response.result;
          return response.status === 'ok';
        }
        case 'cancelAutopay': {
          const response = await api.call<AutopayCancelResult>('cancelAutopay', spaceParams);
          return response.status === 'ok';
        }
        case 'mailPayment': {
          const paid = payment as PayBillResult | null;
          const response = await api.call(
            'mailPayment',
            { owner, facility, tenant: space.tenant_id },
            {
              form: paymentMailData(space, prepayTotal, paid?.mail_request_data ?? null),
            },
          );
          return response.status === 'ok';
        }
        case 'mailAutopay': {
          if (!card) return false;
          const enrolled = enrolment as AutopayEnrolResult | null;
          const response = await api.call(
            'mailAutopay',
            { owner, facility, tenant: space.tenant_id },
            {
              form: autopayMailData(
                space,
                prepayTotal,
                { card, updateCardDetails: unit.choice.updateCardDetails },
                enrolled?.response ?? null,
              ),
            },
          );
          return response.status === 'ok';
        }
      }
    };

    const result = await runPaymentSteps(steps, run);
    this.finishUnit(unit, steps, result);
  }

  private finishUnit(unit: PayUnit, steps: readonly PaymentStep[], result: StepsResult): void {
    if (!this.processingKeys.includes(unit.key) || unit.outcome !== null) return;
    unit.setResult(result.outcome, unitStatusMessageKeys(steps, result, unit.choice.updateCardDetails));
    this.outcomes.push(result.outcome);
    this.root.screenHealth.journey('bill_payment', result.outcome === 'success' ? 'succeeded' : 'failed');
    if (!this.processing) {
      // Every unit answered: the card is no longer needed.
      this.card = null;
      this.closeSigning();
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
    this.card = null;
    this.subSection = 'login';
    this.registeredEmail = null;
    this.resetLinkSent = false;
    this.stage = 'loading';
    this.units = [];
    this.account = null;
    this.failedDetails = 0;
    this.selectedKey = null;
    this.processingKeys = [];
    this.outcomes = [];
  }
}
