/*
 * Longer than one sitting's ~350 lines on purpose: processing, its retry rules and the card it
 * charges are one sequence with the choices made before it (insurance, lock, gate code). The parts
 * that stand alone are beside it: checkout/RentalSigning.ts (documents to fill in and sign) and
 * checkout/follow-ups.ts (the calls after success or a final failure).
 */
import type {
  AppResponse,
  DecryptedCardSwipe,
  GatecodeValidation,
  LockItem,
  RentalResult,
  ReservationResult,
  TextGateCodeResult,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../api/errors';
import { rentalForm, reservationForm, type CardData, type ProcessingFailure } from '../checkout/payload';
import { initialPlanId, isChoiceOffered, listedPlans } from '../checkout/insurance';
import { applyAfterSuccess, confirmAreaTitle, isCardFailure, retryAfterError, RENTAL_RETRIES } from '../flow/flow';
import { swipeToRentalCard } from '../forms/card-rules';
import { FAILED, IDLE, LOADING, ready, valueOr, type Loadable, type LoadState } from '../models/loadable';
import { RentalFollowUps } from './checkout/follow-ups';
import { RentalSigning } from './checkout/RentalSigning';
import { failureLogger, type LogFailure } from './failure-log';
import type { RootStore } from './RootStore';

export type { LoadState } from '../models/loadable';
export type GatecodeCheck = 'idle' | 'validating' | 'available' | 'unavailable' | 'failed';
export type ProcessState = 'idle' | 'processing' | 'succeeded' | 'failed';

export interface ProcessingError extends ProcessingFailure {
  /** A card failure code (rental §8): Done goes back to card_details for another card. */
  card: boolean;
}

/** A text message being sent, or its outcome (confirm: the gate code; setup_noke: RESEND TEXT). */
export interface TextStatus {
  state: 'idle' | 'sending' | 'sent' | 'failed';
  phone: string;
  /** The server's message on failure, if it gave one. */
  serverMessage: string | null;
}

const IDLE_TEXT: TextStatus = { state: 'idle', phone: '', serverMessage: null };

/**
 * Checkout of a rental or reservation (rental spec §2 from Content insurance to Smart access
 * setup, §4 "Gate code", "Finalising"): the insurance choice, the lock offer, the live gate-code
 * check, the card until the rental is processed, processing the rental or the reservation with
 * its retry rules, and the confirmation (gate-code text, the new user's password, smart access).
 * The documents to fill in and sign are `signing` (checkout/RentalSigning.ts); the calls after
 * success or a final failure are checkout/follow-ups.ts.
 *
 * Choices the visitor makes go into the rental model through RentalStore (setFields / done);
 * the card never does: it is held in a private field here, sent once to rental/ (and to autopay
 * enrolment), then dropped. It is never observable, stored or logged.
 */
export class CheckoutStore {
  /** The lock offered with the chosen unit (GET merchandise/), empty when none. */
  lockOffer: Loadable<LockItem[]> = IDLE;
  private locksFor: string | null = null;

  gatecodeCheck: GatecodeCheck = 'idle';
  /** The code the last check was for. */
  checkedGatecode = '';

  processState: ProcessState = 'idle';
  processingError: ProcessingError | null = null;
  /** Retries of a failed rental that was not the card's fault (at most RENTAL_RETRIES). */
  retriesDone = 0;
  /** The retry failed too: the error page stays, the failure mail and save-failed-rental went out. */
  gaveUp = false;
  rentalResult: RentalResult | null = null;
  reservationResult: ReservationResult | null = null;

  textStatus: TextStatus = IDLE_TEXT;
  passwordState: 'idle' | 'saving' | 'saved' | 'failed' = 'idle';

  /** The documents to fill in and sign (panda_fields, panda_agreements). */
  readonly signing: RentalSigning;

  #card: CardData | null = null;
  private readonly log: LogFailure;
  private readonly followUps: RentalFollowUps;

  constructor(readonly root: RootStore) {
    this.log = failureLogger(root.api, 'Checkout', () => root.rental.section);
    this.signing = new RentalSigning(root, this.log);
    this.followUps = new RentalFollowUps(
      root.api,
      () => ({ ownerId: root.config.ownerId, facilityId: root.config.facilityId }),
      this.log,
    );
    makeAutoObservable<this, 'log' | 'followUps'>(
      this,
      { root: false, signing: false, log: false, followUps: false },
      { autoBind: true },
    );
  }

  private get facilityId(): string | null {
    return this.root.config.facilityId;
  }

  private get settings() {
    return this.root.config.facility;
  }

  // -- CONTENT INSURANCE --------------------------------------------------------------------------

  /** Entering content_insurance: preselect the facility's default plan when nothing is chosen yet. */
  enterInsurance(): void {
    const { rental } = this.root;
    const current = rental.model.insurance_id;
    const valid = isChoiceOffered(current, rental.pick.insurancePlans, this.settings) ? current : null;
    const chosen = initialPlanId(valid, rental.pick.insurancePlans);
    if (chosen !== current) this.selectInsurance(chosen);
  }

  /** Select this plan (or -2, own insurance): the move-in cost is recalculated with it. */
  selectInsurance(insuranceId: number | null): void {
    if (this.root.rental.model.insurance_id === insuranceId) return;
    this.root.rental.setFields({ insurance_id: insuranceId });
    void this.root.rental.cost.recalculate();
  }

  get plans() {
    return listedPlans(this.root.rental.pick.insurancePlans);
  }

  // -- ALL ABOUT CONVENIENCE ----------------------------------------------------------------------

  get locks(): LockItem[] {
    return valueOr(this.lockOffer, []);
  }

  get locksState(): LoadState {
    return this.lockOffer.state;
  }

  get lock(): LockItem | null {
    return this.locks[0] ?? null;
  }

  /** The lock offered with the chosen unit (once per unit). */
  async loadLocks(): Promise<void> {
    const facilityId = this.facilityId;
    const unitId = this.root.rental.pick.unit?.unit_id ?? null;
    if (!facilityId || !unitId || (this.locksFor === unitId && this.locksState === 'ready')) return;
    this.locksFor = unitId;
    this.lockOffer = LOADING;
    try {
      const response = await this.root.api.call<LockItem[]>(
        'merchandise',
        { facility: facilityId },
        { query: { space_type_id: unitId } },
      );
      runInAction(() => {
        this.lockOffer = ready(response.status === 'ok' && Array.isArray(response.result) ? response.result : []);
      });
    } catch (error) {
      this.log('merchandise', error);
      runInAction(() => (this.lockOffer = FAILED));
    }
  }

  /** 'Add a lock' ticked or not: item_id follows and the cost is recalculated. */
  setLock(on: boolean): void {
    const itemId = on ? (this.lock?.item_id ?? null) : null;
    if (this.root.rental.model.item_id === itemId) return;
    this.root.rental.setFields({ item_id: itemId });
    void this.root.rental.cost.recalculate();
  }

  /**
   * The live gate-code check (rental §4 "Gate code"): once the typed code has gatecode_length
   * digits it is validated with the server; a newer check cancels the one in flight.
   */
  async checkGatecode(code: string): Promise<void> {
    const facilityId = this.facilityId;
    const length = this.settings?.gatecode_length ?? 0;
    this.checkedGatecode = code;
    // Not forms/convenience's helper: that module brings yup into the first screen's bundle.
    if (!facilityId || length <= 0 || !new RegExp(`^\\d{${length}}$`).test(code)) {
      this.gatecodeCheck = 'idle';
      return;
    }
    this.gatecodeCheck = 'validating';
    try {
      const response = await this.root.api.call<GatecodeValidation>(
        'validateGatecodeGet',
        {},
        { query: { facility_id: facilityId, gatecode: code }, latestKey: 'validate-gatecode' },
      );
      runInAction(() => {
        if (this.checkedGatecode !== code) return;
        this.gatecodeCheck = response.status === 'ok' && response.result?.gatecode ? 'available' : 'unavailable';
      });
    } catch (error) {
      if (isCancelled(error)) return;
      this.log('validate gatecode', error);
      runInAction(() => {
        if (this.checkedGatecode === code) this.gatecodeCheck = 'failed';
      });
    }
  }

  // -- CARD ---------------------------------------------------------------------------------------

  /** The card typed or swiped so far (the card form starts from it), null when none. */
  get cardDraft(): Readonly<CardData> | null {
    // Read through the observable swipe counter so the form re-reads it after a swipe.
    void this.cardVersion;
    return this.#card;
  }

  /** Bumped when the private card changes, so screens that read cardDraft re-render. */
  cardVersion = 0;

  /**
   * A swipe arrived (rental §4: "Swiping a card makes CVV required and fills name, number and
   * expiry"): the card form gets them, with an empty CVV to type.
   */
  applySwipe(swipe: DecryptedCardSwipe): void {
    const card = swipeToRentalCard(swipe);
    this.#card = { ...card, cvv: '' };
    this.cardVersion += 1;
    this.root.rental.setCardSwiped(true);
    this.root.rental.setFields({ name_on_card: card.name_on_card });
  }

  /** The card form was submitted: keep the card (in memory) until the rental is processed. */
  setCard(card: CardData): void {
    this.#card = { ...card, cc_number: card.cc_number.replace(/\D/g, '') };
    this.cardVersion += 1;
  }

  /** Forget the card (after use, a card failure, 'Swipe a different card', the end of the session). */
  clearCard(): void {
    this.#card = null;
    this.cardVersion += 1;
    this.root.device.takeSwipe();
  }

  /** 'Swipe a different card': forget this card and go back to the swipe step. */
  swipeDifferentCard(): void {
    this.clearCard();
    this.root.rental.setCardSwiped(false);
    this.root.rental.goTo('swipe_scan');
  }

  // -- PROCESSING (process_rental) ----------------------------------------------------------------

  get isReservation(): boolean {
    return this.root.rental.reservationMode;
  }

  /**
   * Run the rental or the reservation (rental §4 "Finalising"). On success: the follow-ups, the
   * sections that come after (account, smart access) and on to confirm_rental. On failure: the
   * error page (confirm_rental in its error state).
   */
  async process(): Promise<void> {
    const { rental, api } = this.root;
    const facilityId = this.facilityId;
    if (this.processState === 'processing' || this.processState === 'succeeded' || !facilityId) return;
    const reservation = this.isReservation;
    const card = this.#card;
    if (!reservation && !card) {
      // No card to charge (e.g. the page came back here without one): ask for it again.
      rental.goTo('card_details');
      return;
    }
    this.processState = 'processing';
    this.processingError = null;

    let response: AppResponse<RentalResult | ReservationResult> | null = null;
    let failure: ProcessingFailure = { code: null, message: null };
    try {
      response = reservation
        ? await api.call<ReservationResult>(
            'reserveSpace',
            { facility: facilityId, spaceId: rental.model.space_id },
            { form: reservationForm(rental.model) },
          )
        : await api.call<RentalResult>(
            'rental',
            { facility: facilityId },
            { form: rentalForm(rental.model, card!, facilityId) },
          );
      if (response.status === 'error') failure = { code: response.code ?? null, message: response.message ?? null };
    } catch (error) {
      failure = { code: null, message: error instanceof Error ? error.message : String(error) };
    }

    if (response?.status === 'ok' && response.result) {
      this.succeed(response.result, reservation);
    } else {
      this.fail(failure, reservation);
    }
  }

  private succeed(result: RentalResult | ReservationResult, reservation: boolean): void {
    const { rental } = this.root;
    const card = this.#card;
    this.root.ifLoaded('printer')?.rememberCard(card?.cc_number);
    this.processState = 'succeeded';
    this.root.screenHealth.journey(reservation ? 'reservation' : 'rental', 'completed');
    this.processingError = null;
    void rental.settleHeldSpace();
    if (reservation) this.reservationResult = result as ReservationResult;
    else this.rentalResult = result as RentalResult;
    rental.setFields(
      reservation
        ? { reservation_code: (result as ReservationResult).reservation_code }
        : { gatecode: (result as RentalResult).gatecode },
    );
    // The sections that follow confirm_rental (rental §4): new users, smart access.
    const noke = Boolean(this.settings?.noke);
    const pinReturned = !reservation && Boolean((result as RentalResult).noke_pin);
    rental.flow = applyAfterSuccess(rental.flow, {
      noke,
      reservation,
      pinReturned,
      newUser: Boolean(result.is_new_user),
    });
    if (rental.section === 'process_rental') rental.done();
    else rental.goTo('confirm_rental');

    void this.followUp(result, reservation, card);
    // The card was used; nothing of it stays (autopay enrolment got its own copy above).
    this.#card = null;
    this.cardVersion += 1;
    this.signing.clearAgreements();
  }

  /** After success (rental §4): the gate-code text, autopay when auto_debit, the lock sale, the mail. */
  private async followUp(
    result: RentalResult | ReservationResult,
    reservation: boolean,
    card: CardData | null,
  ): Promise<void> {
    const { model } = this.root.rental;
    const tasks: Promise<unknown>[] = [];
    if (!reservation) {
      const rentalResult = result as RentalResult;
      if (this.settings?.show_gatecode !== false && model.tenant_phone)
        tasks.push(this.sendGateCodeText(model.tenant_phone));
      if (model.auto_debit && card) tasks.push(this.followUps.enrolAutopay(rentalResult, model, card));
      if (model.item_id) tasks.push(this.followUps.processLockSale(rentalResult, model.item_id));
    }
    const notified = this.root.config.capabilities?.pmsNotifications;
    const pmsSends = reservation ? notified?.reservation : notified?.rental;
    if (!pmsSends) {
      tasks.push(
        this.followUps.sendMail(reservation ? 'mailReservation' : 'mailRental', result.tenant_id, model, {
          reservationCode: reservation ? (result as ReservationResult).reservation_code : undefined,
        }),
      );
    }
    await Promise.all(tasks);
  }

  private fail(failure: ProcessingFailure, reservation: boolean): void {
    const card = !reservation && isCardFailure(failure.code);
    this.processState = 'failed';
    this.root.screenHealth.journey(reservation ? 'reservation' : 'rental', 'failed');
    this.processingError = { ...failure, card };
    if (!card && this.retriesDone >= RENTAL_RETRIES) void this.giveUp(failure, reservation);
    this.root.rental.goTo('confirm_rental');
  }

  /** The retry failed too: the failure mail and save-failed-rental (rental §4, §8); the card goes. */
  private async giveUp(failure: ProcessingFailure, reservation: boolean): Promise<void> {
    const { model } = this.root.rental;
    const card = this.#card;
    this.gaveUp = true;
    this.#card = null;
    this.cardVersion += 1;
    if (!this.facilityId) return;
    const tasks: Promise<unknown>[] = [
      // No tenant was created: the mail goes out for a guest (the body names the visitor).
      this.followUps.sendMail(reservation ? 'mailReservationFailure' : 'mailRentalFailure', 'guest', model, {
        failure,
      }),
    ];
    if (!reservation) tasks.push(this.followUps.saveFailedRental(model, card, failure));
    await Promise.all(tasks);
  }

  /** The label of the confirm area's Done button (rental §4 "Finalising"). */
  get confirmDoneKey(): string {
    if (this.gaveUp) return 'flow.finish';
    return confirmAreaTitle(this.root.rental.flow, { processingError: this.processState === 'failed' });
  }

  /**
   * Done on the error page ('Retry Payment', rental §4): a card failure goes back to card_details
   * with the card and the agreements cleared; another error is retried once; after that, Finish.
   */
  retry(): void {
    const { rental } = this.root;
    if (this.gaveUp) {
      this.finish();
      return;
    }
    const code = this.processingError?.card ? (this.processingError.code ?? 'CardInvalid') : this.processingError?.code;
    const { state, outcome } = retryAfterError(rental.flow, code, this.retriesDone);
    this.processState = 'idle';
    this.processingError = null;
    if (outcome === 'new_card') {
      this.clearCard();
      this.signing.clearAgreements();
      rental.setCardSwiped(false);
      rental.goTo(state.current);
    } else if (outcome === 'retry') {
      this.retriesDone += 1;
      rental.goTo('process_rental');
    } else {
      this.finish();
    }
  }

  /** Finish: destroy the session and go home (rental §4: "Finishing destroys the session, logs out and returns to home"). */
  finish(): void {
    this.clearCard();
    this.root.session.endSession('finished');
    this.root.account.logout();
    this.root.shell.goHome();
  }

  // -- CONFIRMATION -------------------------------------------------------------------------------

  /** 'send gate code by text' (confirm) and the automatic text after success. */
  async sendGateCodeText(phone: string): Promise<void> {
    const result = this.rentalResult;
    const facilityId = this.facilityId;
    if (!result || !facilityId) return;
    await this.sendText(phone, {
      facility_id: facilityId,
      tenant_id: result.tenant_id,
      phone_number: phone,
      gatecode: result.gatecode,
      unit_door_number: result.unit_door_number,
    });
  }

  /** RESEND TEXT on setup_noke: the app links and the access PIN again, to this phone. */
  async resendAccessText(phone: string): Promise<void> {
    const result = this.rentalResult;
    const facilityId = this.facilityId;
    if (!result || !facilityId) return;
    await this.sendText(phone, {
      facility_id: facilityId,
      tenant_id: result.tenant_id,
      resend_sms: true,
      resend_phone_number: phone,
      unit_door_number: result.unit_door_number,
    });
  }

  clearTextStatus(): void {
    this.textStatus = IDLE_TEXT;
  }

  private async sendText(phone: string, form: Record<string, string | boolean>): Promise<void> {
    this.textStatus = { state: 'sending', phone, serverMessage: null };
    let status: TextStatus;
    try {
      const response = await this.root.api.call<TextGateCodeResult>('textGateCode', {}, { form });
      status =
        response.status === 'ok'
          ? { state: 'sent', phone, serverMessage: null }
          : { state: 'failed', phone, serverMessage: response.message ?? null };
    } catch (error) {
      this.log('text gate code', error);
      status = { state: 'failed', phone, serverMessage: null };
    }
    runInAction(() => {
      this.textStatus = status;
    });
  }

  /** The new user's password (update-consumer-password/); resolves true when it was saved. */
  async updatePassword(password: string): Promise<boolean> {
    const rrdId = (this.rentalResult ?? this.reservationResult)?.rrd_id;
    if (!rrdId) return false;
    this.passwordState = 'saving';
    let saved = false;
    try {
      const response = await this.root.api.call<{ updated: boolean }>(
        'updateConsumerPassword',
        {},
        { form: { rrd_id: rrdId, new_password: password } },
      );
      saved = response.status === 'ok';
    } catch (error) {
      this.log('update consumer password', error);
    }
    runInAction(() => {
      this.passwordState = saved ? 'saved' : 'failed';
    });
    return saved;
  }

  get isNewUser(): boolean {
    return Boolean((this.rentalResult ?? this.reservationResult)?.is_new_user);
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {
    this.#card = null;
    this.cardVersion += 1;
    this.lockOffer = IDLE;
    this.locksFor = null;
    this.gatecodeCheck = 'idle';
    this.checkedGatecode = '';
    this.signing.reset();
    this.processState = 'idle';
    this.processingError = null;
    this.retriesDone = 0;
    this.gaveUp = false;
    this.rentalResult = null;
    this.reservationResult = null;
    this.textStatus = IDLE_TEXT;
    this.passwordState = 'idle';
  }
}
