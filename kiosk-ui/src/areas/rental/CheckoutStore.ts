import type {
  AppResponse,
  DecryptedCardSwipe,
  RentalResult,
  ReservationResult,
  TerminalPaymentState,
  TerminalReceipt,
} from '@kiosk/shared-types';
import { makeAutoObservable } from 'mobx';
import {
  rentalAmountCents,
  rentalForm,
  reservationForm,
  terminalRentalForm,
  type CardData,
  type ProcessingFailure,
} from './checkout/payload';
import { applyAfterSuccess, confirmAreaTitle, isCardFailure, retryAfterError, RENTAL_RETRIES } from './flow/flow';
import { cardPrefill, normaliseCard } from '../payment/CardStep';
import { CheckoutChoices } from './checkout/CheckoutChoices';
import { GATE_CODE_TEXT, RentalFollowUps } from './checkout/RentalFollowUps';
import { RentalConfirmation } from './checkout/RentalConfirmation';
import { RentalSigning } from './checkout/RentalSigning';
import { failureLogger, type LogFailure } from '../../shared/failure-log';
import type { RootStore } from '../../stores/RootStore';

export type ProcessState = 'idle' | 'processing' | 'succeeded' | 'failed';

export interface ProcessingError extends ProcessingFailure {
  /** A card failure code (rental §8): Done goes back to card_details for another card. */
  card: boolean;
}

/**
 * Checkout of a rental or reservation (rental spec §2 from Content insurance to Smart access
 * setup, §4 "Finalising"): the card until the rental is processed, and processing the rental or
 * the reservation with its retry rules. Its parts that stand alone are sub-objects: the insurance,
 * lock and gate-code choices are `choices` (checkout/CheckoutChoices.ts), the documents to fill in
 * and sign `signing` (checkout/RentalSigning.ts), the texts and the new user's password after
 * success `confirmation` (checkout/RentalConfirmation.ts); the calls after success or a final
 * failure are checkout/RentalFollowUps.ts.
 *
 * Choices the visitor makes go into the rental model through RentalStore (setFields / done);
 * the card never does: it is held in a private field here, sent once to rental/ (and to autopay
 * enrolment), then dropped. It is never observable, stored or logged.
 */
export class CheckoutStore {
  processState: ProcessState = 'idle';
  processingError: ProcessingError | null = null;
  /** Retries of a failed rental that was not the card's fault (at most RENTAL_RETRIES). */
  retriesDone = 0;
  /** The retry failed too: the error page stays, the failure mail and save-failed-rental went out. */
  gaveUp = false;
  rentalResult: RentalResult | null = null;
  reservationResult: ReservationResult | null = null;
  /** The visitor chose the reader or typed entry over the terminal (the kiosk offers both). */
  cardChosen = false;
  /**
   * The rental's payment approved on the terminal (and recorded with the operator by the daemon):
   * the rental call carries its transaction id; a retry sends the same one, never a new payment.
   */
  terminalPayment: (TerminalPaymentState & { receipt: TerminalReceipt }) | null = null;

  /** The insurance plan, the lock and the gate code (content_insurance, about_convenience). */
  readonly choices: CheckoutChoices;
  /** The documents to fill in and sign (panda_fields, panda_agreements). */
  readonly signing: RentalSigning;
  /** The gate-code text, RESEND TEXT and the new user's password (confirm_rental and after). */
  readonly confirmation: RentalConfirmation;

  #card: CardData | null = null;
  private readonly log: LogFailure;
  private readonly followUps: RentalFollowUps;

  constructor(readonly root: RootStore) {
    this.log = failureLogger(root.api, 'Checkout', () => root.rental.section);
    this.choices = new CheckoutChoices(root, this.log);
    this.signing = new RentalSigning(root, this.log);
    this.confirmation = new RentalConfirmation(root, this.log);
    this.followUps = new RentalFollowUps(
      root.api,
      () => ({ ownerId: root.config.ownerId, facilityId: root.config.facilityId }),
      this.log,
    );
    // The ways to pay are asked now, long before the card step, so it shows at once.
    void root.ifLoaded('payment')?.loadMethods();
    makeAutoObservable<this, 'log' | 'followUps'>(
      this,
      { root: false, choices: false, signing: false, confirmation: false, log: false, followUps: false },
      { autoBind: true },
    );
  }

  private get facilityId(): string | null {
    return this.root.config.facilityId;
  }

  private get settings() {
    return this.root.config.facility;
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
   * expiry"): the card form gets them, read as every payment's card step reads a card
   * (payment/CardStep.ts), with an empty CVV to type.
   */
  applySwipe(swipe: DecryptedCardSwipe): void {
    const { card_name, card_number, cc_exp_month, cc_exp_year } = cardPrefill(swipe);
    this.#card = { name_on_card: card_name, cc_number: card_number, cc_exp_month, cc_exp_year, cvv: '' };
    this.cardVersion += 1;
    this.root.rental.setCardSwiped(true);
    this.root.rental.setFields({ name_on_card: card_name });
  }

  /**
   * The card form was submitted: keep the card (in memory) until the rental is processed, in the
   * form every payment's card takes for its call (payment/CardStep.ts), under the rental's names.
   */
  setCard(card: CardData): void {
    const { card_name, card_number, ...expiryAndCvv } = normaliseCard({
      ...card,
      card_name: card.name_on_card,
      card_number: card.cc_number,
    });
    this.#card = { name_on_card: card_name, cc_number: card_number, ...expiryAndCvv };
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

  // -- THE TERMINAL (docs/payment.md) -------------------------------------------------------------

  /**
   * The rental is paid on the terminal: the kiosk has one, and the visitor did not choose the
   * reader or typed entry instead. The card is then charged on process_rental, once the documents
   * are signed, and never reaches the page.
   */
  get paysOnTerminal(): boolean {
    const { payment } = this.root;
    return !this.isReservation && payment.terminalOffered && !(this.cardChosen && payment.cardOffered);
  }

  /** What the terminal charges: the rental's total. */
  get terminalAmountCents(): number {
    return rentalAmountCents(this.root.rental.model);
  }

  /** process_rental waits for the terminal before the rental runs. */
  get awaitingTerminal(): boolean {
    return this.paysOnTerminal && this.terminalPayment === null && this.processState === 'idle';
  }

  /** 'Swipe or type a card instead': the seeds' swipe step (the kiosk offers both). */
  useCardInstead(): void {
    this.cardChosen = true;
    this.root.rental.goTo('swipe_scan');
  }

  /**
   * 'Complete Rental' on the terminal's card step: autopay as asked, card_details has nothing to
   * ask (the terminal reads the card), so the documents come next and the charge after them.
   */
  completeOnTerminal(patch: { auto_debit?: boolean }): void {
    const { rental } = this.root;
    rental.done(patch);
    if (rental.section === 'card_details') rental.done();
  }

  /** The terminal approved the rental's total: the rental runs with its transaction id. */
  paidOnTerminal(payment: TerminalPaymentState & { receipt: TerminalReceipt }): void {
    if (this.terminalPayment) return;
    this.root.payment.markUsed(payment.transactionId);
    this.terminalPayment = payment;
    void this.process();
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
    const terminal = reservation ? null : this.terminalPayment;
    // Paid on the terminal: nothing runs until it approved (process_rental shows the terminal).
    if (!reservation && !terminal && this.paysOnTerminal) return;
    if (!reservation && !card && !terminal) {
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
            {
              form: terminal
                ? terminalRentalForm(rental.model, terminal.transactionId, facilityId)
                : rentalForm(rental.model, card!, facilityId),
            },
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
    const printer = this.root.ifLoaded('printer');
    if (this.terminalPayment) printer?.rememberTerminalCard(this.terminalPayment.receipt);
    else printer?.rememberCard(card?.cc_number);
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

  /**
   * After success (rental §4): the gate-code text, autopay when auto_debit, the lock sale, the
   * mail, handed to the daemon's outbox in one request; the text's answer shows on confirm_rental.
   */
  private async followUp(
    result: RentalResult | ReservationResult,
    reservation: boolean,
    card: CardData | null,
  ): Promise<void> {
    const { model } = this.root.rental;
    const notified = this.root.config.capabilities?.pmsNotifications;
    const textTo =
      !reservation && this.settings?.show_gatecode !== false && model.tenant_phone ? model.tenant_phone : null;
    if (textTo) this.confirmation.textSending(textTo);
    const terminal = this.terminalPayment;
    const handed = await this.followUps.afterSuccess({
      result,
      reservation,
      model,
      card,
      ...(terminal && !reservation
        ? { terminal: { transactionId: terminal.transactionId, autopay: this.root.payment.offered.terminalAutopay } }
        : {}),
      textTo,
      pmsSends: Boolean(reservation ? notified?.reservation : notified?.rental),
    });
    if (textTo && handed) await this.confirmation.showTextOutcome(textTo, handed.outcome(GATE_CODE_TEXT));
  }

  private fail(failure: ProcessingFailure, reservation: boolean): void {
    // Paid on the terminal, the card was charged: no operator answer makes it a card failure (a
    // retry sends the same payment again, never a new one).
    const card = !reservation && !this.terminalPayment && isCardFailure(failure.code);
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
    await this.followUps.afterGivingUp(model, card, failure, reservation);
  }

  /** The label of the confirm area's Done button (rental §4 "Finalising"). */
  get confirmDoneKey(): string {
    if (this.gaveUp) return 'rental.flow.finish';
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
    // Paid on the terminal, the charge stands: a retry resends the rental with the same payment.
    const code = this.terminalPayment
      ? null
      : this.processingError?.card
        ? (this.processingError.code ?? 'CardInvalid')
        : this.processingError?.code;
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

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {
    this.#card = null;
    this.cardVersion += 1;
    this.choices.reset();
    this.signing.reset();
    this.processState = 'idle';
    this.processingError = null;
    this.retriesDone = 0;
    this.gaveUp = false;
    this.rentalResult = null;
    this.reservationResult = null;
    this.cardChosen = false;
    this.terminalPayment = null;
    this.confirmation.reset();
  }
}
