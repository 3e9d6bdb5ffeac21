import type { MessageTree } from '../types';

/**
 * The payment step on the chip and contactless terminal (docs/payment.md), shared by the rental
 * checkout, Pay My Bill, Boxes & Supplies and the autopay card change. The swipe and the card form
 * keep their areas' texts, as the specs word them.
 */
export const payment = {
  terminal: {
    prompt: 'Tap, insert or swipe your card on the terminal',
    amount: 'Amount: {{amount}}',
    amount_card_check: 'Your card is checked; nothing is charged.',
    stage: {
      sending: 'Waking the terminal…',
      'present-card': 'The terminal is ready for your card.',
      reading: 'Reading your card. Please wait…',
      'remove-card': 'Please remove your card from the terminal.',
      approved: 'Approved. Thank you.',
      declined: 'Your credit card did NOT go through.',
      cancelled: 'The payment was cancelled. Nothing was charged.',
      failed: 'Please see the Facility Manager',
    },
    refused: {
      busy: 'The terminal is busy with another payment. Please try again in a moment.',
      other: 'Please see the Facility Manager',
    },
    cancel: 'Cancel payment',
    try_again: 'Try again',
    rental_when: 'You pay {{amount}} on the terminal after signing your documents.',
    pay_on_terminal: 'Pay on the terminal',
    use_card_instead: 'Swipe or type a card instead',
    or: 'or',
  },
  receipt: {
    title: 'Card payment',
    application_label: 'Card',
    aid: 'AID',
    masked_pan: 'Card number',
    entry_mode: 'Entry',
    auth_code: 'Authorization code',
    terminal_id: 'Terminal',
    reference: 'Reference',
    entry_modes: {
      chip: 'Chip',
      contactless: 'Contactless',
      swipe: 'Swiped',
      wallet: 'Mobile wallet',
      manual: 'Keyed',
    },
  },
  autopay: {
    on_terminal: 'Your card on the terminal will pay this unit automatically each month.',
    office: 'Autopay with a card on the terminal is set up by the office. We have let them know.',
  },
} satisfies MessageTree;
