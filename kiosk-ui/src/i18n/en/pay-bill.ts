import type { MessageTree } from '../types';

/**
 * Pay My Bill, autopay, card entry and payment results (shell spec §2, §4, §8), in the spec's exact
 * wording and case (the result footer buttons really are lower case). Plurals use _one/_other.
 */
export const payBill = {
  loading: 'We are locating your account.',
  title: 'PAY MY BILL',
  make_payment: 'Make a payment',
  swipe: {
    title: 'Payment',
    prompt: 'Please swipe or scan your credit card',
    enter_manually: 'ENTER CREDIT CARD MANUALLY',
  },
  card_form: {
    title: 'Payment information',
    card_name: 'Card Name',
    card_number: 'Card Number',
    // Field labels the spec names only in prose ("expiry month, expiry year, CVV").
    exp_month: 'Expiry Month',
    exp_year: 'Expiry Year',
    cvv: 'CVV',
  },
  result: {
    processing: 'Payment Processing...',
    success_title: 'Congratulations',
    success_message: 'Your payment has been made',
    failure_title: 'Oops!',
    failure_message: 'Some of your payment did not go through',
    make_another_payment: 'make another payment',
    log_out: 'log out',
    cancel: 'cancel',
    use_different_card: 'use a different card',
  },
  /** The rental-side confirm_paybill screen. */
  confirm_paybill: {
    payment_made: 'Your payment has been made',
    make_another_payment: 'Make Another Payment',
    log_out: 'Log out',
    // wording not shown: the payment history below the confirmation
    history: 'Payment History',
    // wording not shown
    date: 'Date',
    // wording not shown
    unit: 'Unit',
    // wording not shown
    amount: 'Amount',
    // wording not shown
    card: 'Card',
    // wording not shown
    card_ending: 'ending in {{last4}}',
    // wording not shown
    history_loading: 'Loading your payment history...',
    // wording not shown
    history_failed: 'Your payment history could not be loaded.',
  },
  side_panel: {
    my_rental: 'My Rental',
    link_a_rental: 'Link a Rental',
    // wording not shown
    units_label: 'Your units',
  },
  sign_documents: 'Sign documents',
  // wording not shown
  signing_progress: 'Document {{current}} of {{total}}',
  // wording not shown
  signing_cancel: 'Cancel',
  /** Per-unit payment panel (shell §4 "Per-unit payment rules"); labels: wording not shown. */
  unit: {
    title: 'Unit {{unit}}',
    size: "{{width}}' x {{length}}'",
    balance_due: 'Balance Due',
    paid_through: 'Paid Through',
    billing_date: 'Next Billing Date',
    pay_my_bill: 'Pay my bill',
    pay_through: 'Pay Through',
    amount: 'Amount to pay',
    /** wording not in the specs: beside a unit whose Pay my bill is not ticked */
    not_included: 'Not included: tick Pay my bill to pay this unit',
    loading_charges: 'Loading charges...',
    charges_unavailable: 'The charges could not be loaded. Please choose the period again.',
    autopay: 'Autopay',
    autopay_on: 'Autopay is on with card {{card}}',
    autopay_on_no_card: 'Autopay is on',
    autopay_off: 'Autopay is off',
    enroll_autopay: 'Enroll in Autopay',
    update_card: 'Update Autopay Card',
    cancel_autopay: 'Cancel Autopay',
    forced_pay_note: 'The balance due is paid with the autopay enrollment.',
  },
  // wording not shown
  grand_total: 'Grand Total',
  // wording not shown
  back: 'Back',
  // wording not shown
  tick_a_unit: 'Choose at least one unit to pay or set up autopay.',
  // wording not shown
  update_card_confirm: {
    title: 'You have a balance due',
    message: 'Updating your autopay card for unit {{unit}} will also pay the balance due of {{amount}} now.',
    confirm: 'Continue',
    cancel: 'Cancel',
  },
  // wording not shown
  cancel_autopay_confirm: {
    title: 'Cancel autopay?',
    message: 'Autopay for unit {{unit}} will stop and you will pay each bill yourself.',
    confirm: 'Cancel Autopay',
    keep: 'Keep Autopay',
  },
  period: {
    balance_due: 'Pay Balance Due',
    months_one: '{{count}} Month',
    months_other: '{{count}} Months',
  },
  status: {
    autopay_cancelled: 'Autopay Cancelled',
    card_update_successful: 'Card Update Successful',
    autopay_enroll_successful: 'Autopay Enroll Successful',
    payment_success: 'Payment Success',
    autopay_cancel_failed: 'Autopay Cancel failed',
    card_update_failed: 'Card Update Failed',
    autopay_enroll_failed: 'Autopay Enroll Failed',
    payment_failed: 'Payment Failed',
  },
  /**
   * A locked-out unit (docs/api-paths.md "Access after a payment"): its mark in the unit list, and
   * what its payment did to access. at_time / until_time carry the hour's plural for languages
   * that say it ("a la 1:00", "a las 9:00").
   */
  access: {
    gate_suspended: 'Locked out — gate access suspended',
    overlocked: 'Locked out — your unit is overlocked',
    restored: 'Your gate access is restored. Your code works now.',
    manager_open_now:
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office is open now, {{until}}.',
    manager_today:
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens {{at}} today.',
    manager_tomorrow:
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens {{at}} tomorrow.',
    manager_weekday:
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens {{at}} on {{weekday}}.',
    manager_unknown:
      'Your payment is in. The lock on your unit is removed by the Facility Manager during office hours.',
    at_time_one: 'at {{time}}',
    at_time_other: 'at {{time}}',
    until_time_one: 'until {{time}}',
    until_time_other: 'until {{time}}',
  },
} satisfies MessageTree;
