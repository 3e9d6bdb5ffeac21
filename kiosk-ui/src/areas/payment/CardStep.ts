import { BILLING, cardDigits, type DecryptedCardSwipe } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { swipeToForm } from '../../forms/card-rules';
import type { PayCardValues } from '../../forms/pay-card';

/** The card as the operator's calls take it (pre-pay, the supplies sale, the rental's in its own names). */
export interface PayCard {
  card_name: string;
  /** Digits only: the form's mask spaces never leave the kiosk. */
  card_number: string;
  cc_exp_month: number;
  cc_exp_year: number;
  cvv: string;
}

/** What a card read gives the card form: everything but the CVV, which the visitor types. */
export type CardPrefill = Omit<PayCard, 'cvv'>;

/** The card step's own screens: the swipe (or the reader's typed-entry link) and the card form. */
export type CardStepStage = 'swipe' | 'card_form';

/**
 * A card read, as the card form takes it (shell §4, rental §4): the month as a number, the year
 * prefixed 20, a LAST/FIRST track name turned round.
 */
export function cardPrefill(swipe: DecryptedCardSwipe): CardPrefill {
  const card = swipeToForm(swipe);
  return {
    card_name: card.name,
    card_number: card.card_number,
    cc_exp_month: card.cc_exp_month,
    cc_exp_year: card.cc_exp_year,
  };
}

/**
 * The card form's values as the calls take them: the number without the mask's spaces, the expiry
 * as numbers (the form's selects give text), the CVV as text (a leading 0 counts).
 */
export function normaliseCard(values: Pick<PayCardValues, keyof PayCard>): PayCard {
  return {
    card_name: values.card_name,
    card_number: cardDigits(String(values.card_number)),
    cc_exp_month: Number(values.cc_exp_month),
    cc_exp_year: Number(values.cc_exp_year),
    cvv: String(values.cvv),
  };
}

/**
 * The seeds' card step of a payment (docs/payment.md), for Pay My Bill and Boxes & Supplies: the
 * swipe, then the card form, filled from the card read if there was one (shell spec §2 state 4),
 * and back to the swipe for another card after a decline. What is paid and what follows Submit
 * stay the area's.
 *
 * `stage` is null while the area shows a screen of its own (the list, the result): the area's
 * screen is the card step's while it is set. The swiped fields are handed to the form once and
 * then forgotten. BILLING.scrollToCardFormMs after the form opened, `cardFormScrollDue` asks it
 * to come into view (shell §9 "Scroll to card form"), so a visitor who came from the bottom of a
 * long list is not left looking at its end.
 *
 * A small observable of its own: the card form and the swipe panel follow it without the area's
 * whole screen following each of its changes.
 */
export class CardStep {
  stage: CardStepStage | null = null;
  /** Swiped card fields for the card form, taken once by the form. */
  cardPrefill: CardPrefill | null = null;
  /** The card form has been open BILLING.scrollToCardFormMs: it brings itself into view (cardFormScrolled). */
  cardFormScrollDue = false;

  private scrollTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    makeAutoObservable<this, 'scrollTimer'>(this, { scrollTimer: false }, { autoBind: true });
  }

  /** The swipe shows: the payment starts, or another card is wanted after a decline. */
  openSwipe(): void {
    this.close();
    this.stage = 'swipe';
  }

  /**
   * The reader read a card: the card form opens with its fields. A read that arrives once the
   * swipe is no longer on screen is ignored (false).
   */
  cardSwiped(swipe: DecryptedCardSwipe): boolean {
    if (this.stage !== 'swipe') return false;
    this.openForm(cardPrefill(swipe));
    return true;
  }

  /** 'Enter credit card manually': the card form, empty. */
  enterCardManually(): void {
    this.openForm();
  }

  /** Submit: the card form's values as the call takes them; the step is left, nothing of the card kept here. */
  submit(values: Pick<PayCardValues, keyof PayCard>): PayCard {
    this.close();
    return normaliseCard(values);
  }

  private openForm(swiped?: CardPrefill): void {
    this.stopScroll();
    if (swiped) this.cardPrefill = swiped;
    this.stage = 'card_form';
    this.scrollTimer = setTimeout(
      () => runInAction(() => (this.cardFormScrollDue = this.stage === 'card_form')),
      BILLING.scrollToCardFormMs,
    );
  }

  /** The card form has been brought into view (or the visitor is already in it). */
  cardFormScrolled(): void {
    this.cardFormScrollDue = false;
  }

  /** The swiped fields, handed to the form once. */
  takeCardPrefill(): CardPrefill | null {
    const prefill = this.cardPrefill;
    this.cardPrefill = null;
    return prefill;
  }

  /** The area shows a screen of its own again: no swiped card is kept and no scroll is due. */
  close(): void {
    this.stage = null;
    this.cardPrefill = null;
    this.stopScroll();
  }

  private stopScroll(): void {
    clearTimeout(this.scrollTimer);
    this.scrollTimer = undefined;
    this.cardFormScrollDue = false;
  }
}
