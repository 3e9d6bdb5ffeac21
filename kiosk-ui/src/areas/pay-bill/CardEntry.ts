import { BILLING } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import type { swipeToPayCard } from '../../forms/card-rules';

/** The fields a card read gives the manual form (month as a number, year prefixed 20). */
export type CardPrefill = ReturnType<typeof swipeToPayCard>;

/**
 * Pay My Bill's card form while it is open (shell spec §2 state 4, §9 "Scroll to card form"): the
 * swiped card's fields, handed to the form once, and BILLING.scrollToCardFormMs after it opened
 * the call to bring it into view, so a visitor who came from the bottom of a long unit list is not
 * left looking at its end.
 */
export class CardEntry {
  /** Swiped card fields for the manual form, taken once by the form. */
  cardPrefill: CardPrefill | null = null;

  /** The card form has been open BILLING.scrollToCardFormMs: it brings itself into view (cardFormScrolled). */
  cardFormScrollDue = false;

  private scrollTimer: ReturnType<typeof setTimeout> | undefined;

  /** `stillOpen` says whether the card form is still the one on screen when the time is up. */
  constructor(private readonly stillOpen: () => boolean) {
    makeAutoObservable<this, 'stillOpen' | 'scrollTimer'>(
      this,
      { stillOpen: false, scrollTimer: false },
      { autoBind: true },
    );
  }

  /** The card form opens, filled from the card read if there was one; the scroll is due later. */
  open(swiped?: CardPrefill): void {
    if (swiped) this.cardPrefill = swiped;
    this.stopScroll();
    this.scrollTimer = setTimeout(
      () => runInAction(() => (this.cardFormScrollDue = this.stillOpen())),
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

  /** The card form is left (or submitted): no swiped card is kept and no scroll is due. */
  close(): void {
    this.cardPrefill = null;
    this.stopScroll();
  }

  private stopScroll(): void {
    clearTimeout(this.scrollTimer);
    this.scrollTimer = undefined;
    this.cardFormScrollDue = false;
  }

  reset(): void {
    this.close();
  }
}
