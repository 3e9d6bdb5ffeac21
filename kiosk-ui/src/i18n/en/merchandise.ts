import type { MessageTree } from '../types';

/**
 * Boxes & Supplies (docs/merchandise.md): the supplies list, the basket, paying by card and the
 * sale's answer. Card refusals are worded here, in the visitor's language, from the operator's
 * code; plurals use _one/_other.
 */
export const merchandise = {
  title: 'Boxes & Supplies',
  intro: 'Boxes, tape and locks for your move. Add what you need to your basket and pay by card.',
  loading: 'Loading supplies...',
  none: 'Supplies are not sold at this kiosk. Please ask the Facility Manager.',
  list_label: 'Supplies',
  each: '{{price}} each',
  add: 'Add one {{name}}',
  remove: 'Remove one {{name}}',
  in_basket: '{{count}} in basket',
  basket: {
    title: 'Your basket',
    empty: 'Your basket is empty. Tap + to add an item.',
    count_one: '{{count}} item',
    count_other: '{{count}} items',
    line: '{{quantity}} × {{name}}',
    subtotal: 'Subtotal',
    tax: 'Tax',
    total: 'Total',
    pay: 'Pay by card',
  },
  sold_out_one: 'Sorry! {{names}} is sold out. It has been taken out of your basket; the rest is still in it.',
  sold_out_other: 'Sorry! {{names}} are sold out. They have been taken out of your basket; the rest is still in it.',
  /** Joins sold-out names: "Tape and Wrap", "Tape, Wrap and Bag". */
  and: '{{first}} and {{last}}',
  swipe: {
    title: 'Pay for your supplies',
    prompt: 'Please swipe your credit card',
    enter_manually: 'Enter credit card manually',
  },
  card_form: {
    title: 'Payment information',
    total: 'Total',
    submit: 'Pay now',
  },
  processing: 'Payment Processing...',
  result: {
    success_title: 'Thank you!',
    success_message:
      'Your purchase is complete. Show your receipt or sale number at the office to pick up your supplies.',
    sale: 'Sale number {{id}}',
    paid_with: 'Paid with card ending in {{last4}}',
    failure_title: 'Oops!',
    basket_kept: 'Your basket is kept: you can pay with another card.',
    declined: 'Your card was declined.',
    insufficient_funds: 'Your card was declined for insufficient funds.',
    invalid_card: 'The card details are not valid. Please check them or use a different card.',
    failed: 'Your purchase did not go through. Please try again or ask the Facility Manager for help.',
    no_answer: 'We did not get an answer about your payment. Please ask the Facility Manager before you try again.',
    charged: 'Your card was charged on the terminal, but the sale did not go through. Please see the Facility Manager.',
    use_different_card: 'Use a different card',
    back_to_basket: 'Back to basket',
    buy_more: 'Buy more supplies',
    done: 'Done',
  },
} satisfies MessageTree;
