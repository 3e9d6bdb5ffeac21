import type {
  AgreementDocument,
  AppResponse,
  DecryptedCardSwipe,
  DynamicTokens,
  GatecodeValidation,
  GenerateAgreementsResult,
  GenerateTokensResult,
  LockItem,
  RentalResult,
  ReservationResult,
  TextGateCodeResult,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../api/errors';
import {
  documentsForm,
  failedRentalForm,
  notificationMailForm,
  rentalForm,
  reservationForm,
  type CardData,
  type ProcessingFailure,
} from '../checkout/payload';
import { initialPlanId, isChoiceOffered, listedPlans } from '../checkout/insurance';
import { applyAfterSuccess, confirmAreaTitle, isCardFailure, retryAfterError, RENTAL_RETRIES } from '../flow/flow';
import { swipeToRentalCard } from '../forms/card-rules';
import type { DynamicSection, DynamicValues } from '../forms/dynamic-fields';
import type { RootStore } from './RootStore';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';
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
 * Rental part 2 (rental spec §2 from Content insurance to Smart access setup, §4 "Gate code",
 * "Signing", "Finalising"): the lock offer, the live gate-code check, the card until the rental is
 * processed, the additional-information fields and the agreements to sign, processing the rental
 * or the reservation with its retry rules, and the confirmation's follow-ups (gate-code text,
 * autopay, lock sale, notification mails, the new user's password, smart access).
 *
 * Choices the visitor makes go into the rental model through RentalStore (setFields / done);
 * the card never does: it is held in a private field here, sent once to rental/ (and to autopay
 * enrolment), then dropped. It is never observable, stored or logged.
 */
export class CheckoutStore {
  /** The lock offered with the chosen unit (GET merchandise/), empty when none. */
  locks: LockItem[] = [];
  locksState: LoadState = 'idle';
  private locksFor: string | null = null;

  gatecodeCheck: GatecodeCheck = 'idle';
  /** The code the last check was for. */
  checkedGatecode = '';

  dynamicTokens: DynamicTokens | null = null;
  tokensState: LoadState = 'idle';
  agreements: AgreementDocument[] = [];
  agreementsState: LoadState = 'idle';

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

  #card: CardData | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
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
    const valid = isChoiceOffered(current, rental.insurancePlans, this.settings) ? current : null;
    const chosen = initialPlanId(valid, rental.insurancePlans);
    if (chosen !== current) this.selectInsurance(chosen);
  }

  /** Select this plan (or -2, own insurance): the move-in cost is recalculated with it. */
  selectInsurance(insuranceId: number | null): void {
    if (this.root.rental.model.insurance_id === insuranceId) return;
    this.root.rental.setFields({ insurance_id: insuranceId });
    void this.root.rental.recalculateCost();
  }

  get plans() {
    return listedPlans(this.root.rental.insurancePlans);
  }

  // -- ALL ABOUT CONVENIENCE ----------------------------------------------------------------------

  get lock(): LockItem | null {
    return this.locks[0] ?? null;
  }

  /** The lock offered with the chosen unit (once per unit). */
  async loadLocks(): Promise<void> {
    const facilityId = this.facilityId;
    const unitId = this.root.rental.unit?.unit_id ?? null;
    if (!facilityId || !unitId || (this.locksFor === unitId && this.locksState === 'ready')) return;
    this.locksFor = unitId;
    this.locksState = 'loading';
    try {
      const response = await this.root.api.call<LockItem[]>(
        'merchandise',
        { facility: facilityId },
        { query: { space_type_id: unitId } },
      );
      runInAction(() => {
        this.locks = response.status === 'ok' && Array.isArray(response.result) ? response.result : [];
        this.locksState = 'ready';
      });
    } catch (error) {
      this.log('merchandise', error);
      runInAction(() => {
        this.locks = [];
        this.locksState = 'failed';
      });
    }
  }

  /** 'Add a lock' ticked or not: item_id follows and the cost is recalculated. */
  setLock(on: boolean): void {
    const itemId = on ? (this.lock?.item_id ?? null) : null;
    if (this.root.rental.model.item_id === itemId) return;
    this.root.rental.setFields({ item_id: itemId });
    void this.root.rental.recalculateCost();
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

  // -- ADDITIONAL INFORMATION (panda_fields) ------------------------------------------------------

  get sections(): DynamicSection[] {
    return (this.dynamicTokens?.sections ?? []) as DynamicSection[];
  }

  /** POST pandadocs/generate-tokens/ with the model (flow rental): the sections to fill in. */
  async loadTokens(): Promise<void> {
    const facilityId = this.facilityId;
    if (!facilityId || this.tokensState === 'loading') return;
    this.tokensState = 'loading';
    try {
      const response = await this.root.api.call<GenerateTokensResult>(
        'generateTokens',
        { facility: facilityId },
        { form: documentsForm(this.root.rental.model, facilityId) },
      );
      runInAction(() => {
        if (response.status === 'ok' && response.result?.dynamic_tokens) {
          this.dynamicTokens = {
            sections: response.result.dynamic_tokens.sections ?? [],
            tokens: response.result.dynamic_tokens.tokens ?? {},
          };
          this.tokensState = 'ready';
        } else {
          this.tokensState = 'failed';
        }
      });
    } catch (error) {
      this.log('generate tokens', error);
      runInAction(() => {
        this.tokensState = 'failed';
      });
    }
  }

  /** Done on panda_fields: the values go into the model's dynamic_tokens (sent to generate-agreements). */
  submitAdditionalInformation(values: DynamicValues): void {
    const tokens = this.dynamicTokens ?? { sections: [], tokens: {} };
    // The agreements are generated from these values: any earlier ones are stale.
    this.clearAgreements();
    this.root.rental.done({ dynamic_tokens: { ...tokens, values } });
  }

  // -- SIGN DOCUMENTS (panda_agreements) ----------------------------------------------------------

  /** The document on screen: the first one not signed yet. */
  get currentAgreement(): AgreementDocument | null {
    return this.agreements.find((doc) => !doc.completed) ?? null;
  }

  get allSigned(): boolean {
    return this.agreements.length > 0 && this.agreements.every((doc) => doc.completed);
  }

  /** POST pandadocs/generate-agreements/ (flow rental); kept until the card changes or the rental ends. */
  async loadAgreements(): Promise<void> {
    const facilityId = this.facilityId;
    if (!facilityId || this.agreementsState === 'loading') return;
    if (this.agreementsState === 'ready' && this.agreements.length > 0) return;
    this.agreementsState = 'loading';
    try {
      const response = await this.root.api.call<GenerateAgreementsResult | AgreementDocument[]>(
        'generateAgreements',
        { facility: facilityId },
        { form: documentsForm(this.root.rental.model, facilityId) },
      );
      runInAction(() => {
        const list = response.status === 'ok' ? agreementList(response.result) : null;
        if (list && list.length > 0) {
          this.agreements = list;
          this.agreementsState = 'ready';
        } else {
          this.agreementsState = 'failed';
        }
      });
    } catch (error) {
      this.log('generate agreements', error);
      runInAction(() => {
        this.agreementsState = 'failed';
      });
    }
  }

  /**
   * The signing frame said the document on screen is signed: mark it completed and show the next;
   * after the last one the rental runs (rental §4 "Signing").
   */
  completeAgreement(key: string): void {
    const doc = this.agreements.find((candidate) => candidate.key === key && !candidate.completed);
    if (!doc) return;
    doc.completed = true;
    if (this.allSigned && this.root.rental.section === 'panda_agreements') this.root.rental.done();
  }

  clearAgreements(): void {
    this.agreements = [];
    this.agreementsState = 'idle';
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
    rental.flow = applyAfterSuccess(rental.flow, { noke, pinReturned, newUser: Boolean(result.is_new_user) });
    if (rental.section === 'process_rental') rental.done();
    else rental.goTo('confirm_rental');

    void this.followUp(result, reservation, card);
    // The card was used; nothing of it stays (autopay enrolment got its own copy above).
    this.#card = null;
    this.cardVersion += 1;
    this.clearAgreements();
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
      if (model.auto_debit && card) tasks.push(this.enrolAutopay(rentalResult, card));
      if (model.item_id) tasks.push(this.processLockSale(rentalResult, model.item_id));
    }
    const notified = this.root.config.capabilities?.pmsNotifications;
    const pmsSends = reservation ? notified?.reservation : notified?.rental;
    if (!pmsSends) {
      tasks.push(
        this.sendMail(reservation ? 'mailReservation' : 'mailRental', result.tenant_id, {
          reservationCode: reservation ? (result as ReservationResult).reservation_code : undefined,
        }),
      );
    }
    await Promise.all(tasks);
  }

  private fail(failure: ProcessingFailure, reservation: boolean): void {
    const card = !reservation && isCardFailure(failure.code);
    this.processState = 'failed';
    this.processingError = { ...failure, card };
    if (!card && this.retriesDone >= RENTAL_RETRIES) void this.giveUp(failure, reservation);
    this.root.rental.goTo('confirm_rental');
  }

  /** The retry failed too: the failure mail and save-failed-rental (rental §4, §8); the card goes. */
  private async giveUp(failure: ProcessingFailure, reservation: boolean): Promise<void> {
    const { model } = this.root.rental;
    const facilityId = this.facilityId;
    const card = this.#card;
    this.gaveUp = true;
    this.#card = null;
    this.cardVersion += 1;
    if (!facilityId) return;
    const tasks: Promise<unknown>[] = [
      // No tenant was created: the mail goes out for a guest (the body names the visitor).
      this.sendMail(reservation ? 'mailReservationFailure' : 'mailRentalFailure', 'guest', { failure }),
    ];
    if (!reservation) {
      tasks.push(
        this.root.api
          .call('saveFailedRental', {}, { form: failedRentalForm(model, card, failure, facilityId) })
          .catch((error: unknown) => this.log('save failed rental', error)),
      );
    }
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
      this.clearAgreements();
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

  // -- FOLLOW-UP CALLS ----------------------------------------------------------------------------

  /** Autopay after the rental (docs/api-paths.md): the billing enrol call with the rental's card. */
  private async enrolAutopay(result: RentalResult, card: CardData): Promise<void> {
    const { model } = this.root.rental;
    try {
      const response = await this.root.api.call(
        'enrolAutopay',
        { tenant: result.tenant_id, spaceId: result.space_id },
        {
          form: {
            facility_id: this.facilityId ?? '',
            tenant_id: result.tenant_id,
            space_id: result.space_id,
            unit_door_number: result.unit_door_number,
            unit_type_id: model.unit_type_id,
            tenant_first_name: model.tenant_first_name,
            tenant_last_name: model.tenant_last_name,
            billing_address1: model.billing_same_as_mailing ? model.mailing_address1 : model.billing_address1,
            billing_address2: model.billing_same_as_mailing ? model.mailing_address2 : model.billing_address2,
            billing_city: model.billing_same_as_mailing ? model.mailing_city : model.billing_city,
            billing_state: model.billing_same_as_mailing ? model.mailing_state : model.billing_state,
            billing_zipcode: model.billing_same_as_mailing ? model.mailing_zip : model.billing_zipcode,
            enroll_autopay: true,
            card_name: card.name_on_card,
            card_number: card.cc_number,
            cc_exp_month: card.cc_exp_month,
            cc_exp_year: card.cc_exp_year,
            cvv: card.cvv,
          },
        },
      );
      if (response.status === 'error') this.log('enrol autopay', { code: response.code, message: response.message });
    } catch (error) {
      this.log('enrol autopay', error);
    }
  }

  private async processLockSale(result: RentalResult, itemId: string): Promise<void> {
    try {
      await this.root.api.call(
        'processMerchandiseSales',
        {},
        {
          form: {
            facility_id: this.facilityId ?? '',
            tenant_id: result.tenant_id,
            space_id: result.space_id,
            item_id: itemId,
            quantity: 1,
          },
        },
      );
    } catch (error) {
      this.log('process merchandise sales', error);
    }
  }

  private async sendMail(
    route: 'mailRental' | 'mailRentalFailure' | 'mailReservation' | 'mailReservationFailure',
    tenant: string,
    details: { failure?: ProcessingFailure; reservationCode?: string },
  ): Promise<void> {
    const owner = this.root.config.ownerId;
    const facilityId = this.facilityId;
    const { model } = this.root.rental;
    if (!owner || !facilityId || !model.unit_type_id) return;
    try {
      await this.root.api.call(
        route,
        { owner, facility: facilityId, tenant, spaceTypeId: model.unit_type_id },
        { form: notificationMailForm(model, details) },
      );
    } catch (error) {
      this.log(route, error);
    }
  }

  private log(action: string, detail: unknown): void {
    const message = detail instanceof Error ? detail.message : detail;
    this.root.api
      .postLog({
        event_name: `Checkout ${action} failed`,
        action,
        active_section: this.root.rental.section,
        log_level: 'warn',
        data: { detail: message as unknown },
      })
      .catch(() => undefined);
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {
    this.#card = null;
    this.cardVersion += 1;
    this.locks = [];
    this.locksState = 'idle';
    this.locksFor = null;
    this.gatecodeCheck = 'idle';
    this.checkedGatecode = '';
    this.dynamicTokens = null;
    this.tokensState = 'idle';
    this.agreements = [];
    this.agreementsState = 'idle';
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

/** generate-agreements answers `{ agreements: [...] }`; a bare list is accepted too (rental §7 "returns a list"). */
function agreementList(result: GenerateAgreementsResult | AgreementDocument[] | undefined): AgreementDocument[] | null {
  if (Array.isArray(result)) return result.map((doc) => ({ ...doc, completed: Boolean(doc.completed) }));
  if (result && Array.isArray(result.agreements)) {
    return result.agreements.map((doc) => ({ ...doc, completed: Boolean(doc.completed) }));
  }
  return null;
}
