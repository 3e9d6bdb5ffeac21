import type { MessageTree } from '../types';

/**
 * The rental from contents insurance on (rental spec §2 "Content insurance" to "Smart access setup", §8), merged into
 * `rental` (keys rental.insurance.*, rental.card.*, ...). The spec's wording is copied exactly;
 * entries marked "wording not shown" are ours because the spec names the thing but not its text.
 */
export const rentalCheckout = {
  insurance: {
    title_insurance: 'Contents Insurance',
    title_protection: 'Contents Protection',
    // wording not shown
    intro: 'Protect what you store. Choose a plan; its monthly premium is added to your rent.',
    coverage: 'Coverage',
    monthly_premium: 'Monthly premium',
    per_month: '{{amount}} / month',
    most_popular: 'Most Popular',
    select_plan: 'Select this plan',
    // wording not shown
    selected: 'Selected',
    own_insurance: 'I have my own insurance',
    // wording not shown
    covered_causes_title: 'Covers loss from (partial list):',
    causes: {
      fire_lightning_explosion: 'fire, lightning, explosion',
      smoke_water: 'smoke or water but not flood',
      vandalism_burglary: 'vandalism, malicious mischief, burglary',
      windstorm_hail: 'windstorm, hail',
      ice_snow_collapse: 'weight of ice, snow or sleet, and building collapse',
    },
    view_brochure: 'View Brochure',
    // wording not shown
    plans_label: 'Protection plans',
  },
  brochure: {
    // wording not shown
    title: 'Protection Brochure',
    back: 'Back',
  },
  convenience: {
    // wording not shown
    title: 'All about convenience',
    add_lock: 'Add a lock',
    // wording not shown
    lock_price: '{{amount}}',
    // wording not shown
    lock_note: 'Pick up your lock at the office: the Facility Manager will hand it to you.',
    // wording not shown
    auto_debit: 'Enroll in AutoPay',
    // wording not shown
    gatecode_label: 'Choose your gate code ({{length}} digits)',
    validating_gatecode: 'Validating gatecode...',
    // wording not shown
    gatecode_available: 'This gate code is yours.',
  },
  card: {
    swipe_title: 'Please swipe your credit card',
    enter_manually: 'Enter credit card manually',
    // wording not shown
    waiting: 'Waiting for your card ...',
    // wording not shown
    reader_down: 'The card reader is not available. Please enter your card manually.',
    /** Why a swipe ended without a card: the daemon's SWIPE_MESSAGES, so both languages say it. */
    swipe_failed: {
      'reader-timeout': 'No card was read in time. Please swipe again or enter your card manually.',
      'reader-garbage': 'The card could not be read. Please swipe again or enter your card manually.',
      'decrypt-failed': 'The card could not be read. Please swipe again or enter your card manually.',
      cancelled: 'The card swipe was cancelled.',
      busy: 'A card swipe is already in progress.',
      'request-failed': 'The card could not be read. Please swipe again or enter your card manually.',
    },
    // wording not shown: after a swipe, what is left to type and where it is on the card
    cvv_prompt: 'Your card was read. Type the 3-digit security code (CVV) from the back of your card.',
    cvv_prompt_amex:
      'Your card was read. Type the 4-digit security code (CVV) printed on the front of your card, above the card number.',
    // wording not shown
    swipe_again: 'Swipe again',
    // wording not shown: the card wait's time limit (WCAG 2.2.1, docs/accessibility.md "Time limits")
    wait_ending_one: 'The card reader stops waiting in {{count}} second.',
    wait_ending_other: 'The card reader stops waiting in {{count}} seconds.',
    // wording not shown: said once, as the warning appears
    wait_warning: 'The card reader stops waiting in {{count}} seconds. To keep waiting, press More time.',
    // wording not shown
    more_time: 'More time',
    // wording not shown
    details_title: 'Payment',
    // wording not shown
    card_title: 'Credit Card',
    // wording not shown
    credit_only: 'Credit Card Payments ONLY',
    // wording not shown: the manager takes the other payment methods (rental §1, §6)
    other_payments: 'For other payment methods, please ask the Facility Manager.',
    billing_same_as_mailing: 'Billing address same as mailing address',
    // wording not shown
    billing_title: 'Billing Address',
    billing_address1: 'Billing Address 1',
    billing_address2: 'Billing Address 2',
    billing_city: 'City',
    billing_zipcode: 'Zip',
    billing_state: 'State',
    // wording not shown
    choose_state: 'Choose a state',
    name_on_card: 'Name on card',
    card_number: 'Card number',
    exp_month: 'Expiry month',
    exp_year: 'Expiry year',
    // wording not shown
    choose_month: 'Month',
    // wording not shown
    choose_year: 'Year',
    cvv: 'CVV',
    // wording not shown
    auto_debit: 'Enroll in AutoPay with this card',
    swipe_different: 'Swipe a different card',
    complete_rental: 'Complete Rental',
  },
  signing: {
    // wording not shown
    fields_title: 'Additional information',
    fields_retry:
      'We are experiencing some problems with additional information. Please try again or ask the Manager for help.',
    // wording not shown
    agreements_title: 'Sign documents',
    agreements_retry: 'We are experiencing some problems with lease agreement.',
    retry: 'Retry',
    // wording not shown
    preparing: 'Preparing your documents ...',
    // wording not shown
    signed: 'Signed',
    // wording not shown
    to_sign: 'To sign',
    // wording not shown
    list_label: 'Documents to sign',
    // wording not shown
    step: 'Document {{current}} of {{total}}',
    /** Read aloud on the signing step (visually hidden): the page in the frame cannot be read by the kiosk. */
    summary_intro: 'The signing page cannot be read aloud. Summary provided by the facility:',
    no_summary:
      'The signing page cannot be read aloud, and the facility gave no summary: ask the staff to read it to you.',
    how_to_sign: 'Press Tab to enter the signing page; its Sign button signs this document with Enter.',
    frame_hint: 'Signing page. Its Sign button signs this document.',
    signed_aloud: '{{document}} signed.',
    // wording not shown
    choose: 'Choose one',
  },
  process: {
    // wording not shown
    title: 'Processing your rental ...',
    // wording not shown
    title_reservation: 'Processing your reservation ...',
    // wording not shown
    wait: 'This takes a moment. Why not try our trivia while you wait?',
  },
  confirm: {
    congratulations: 'Congratulations',
    confirmed_rental: 'Your rental is confirmed!',
    confirmed_reservation: 'Your reservation is confirmed!',
    // wording not shown
    gatecode: 'Your gate code',
    // wording not shown
    reservation_code: 'Your reservation code',
    // wording not shown
    unit: 'Unit {{door}}',
    // wording not shown
    move_in: 'Move-in date: {{date}}',
    // wording not shown
    text_title: 'Send gate code by text',
    // wording not shown
    phone: 'Cell phone',
    // wording not shown
    send: 'Send',
    text_sent: 'message sent successfully to {{phone}}',
    text_failed: 'Error occurred while sending message',
    text_failed_server: '{{message}}. Please try again.',
    oops: 'Oops!',
    rental_failed: 'Your rental did NOT go through.',
    reservation_failed: 'Your reservation did NOT go through.',
    /** A card refusal the kiosk knows, for a visitor whose language the operator's message is not in. */
    card_failure: {
      CardInvalid: 'The card number is not valid.',
      TenantPaymentFailed: 'The payment could not be taken.',
      CardProcessingError: 'The card could not be processed.',
      CardDeclined: 'Your card was declined.',
      CardDeclinedNSF: 'Your card was declined for insufficient funds.',
    },
    /** Names the button that tries again (said with the failure). */
    press_to_retry: 'To try again with another card, press {{button}}.',
    card_failed: 'Your credit card did NOT go through.',
    ask_manager: 'Please ask the Manager for help.',
  },
  new_account: {
    title: 'Create Your Online Account',
    almost_done: 'Almost Done!',
    choose_password: 'Simply choose a password to access your online account.',
    // wording not shown
    email: 'Your account e-mail: {{email}}',
    // wording not shown
    password: 'Password',
    // wording not shown
    confirm_password: 'Confirm password',
    update_failed: 'Update Password Failed. Please try again.',
    // wording not shown
    skip: 'Skip',
  },
  noke: {
    title: 'Setup Access Control',
    // wording not shown
    emailed: 'We have e-mailed and texted you the links to the smart access app and your access PIN.',
    // wording not shown
    pin: 'Your access PIN',
    resend: 'RESEND TEXT',
    // wording not shown
    confirm_title: 'You are all set',
    // wording not shown
    open_from_phone: 'Open your space from your phone with the smart access app.',
    // wording not shown
    show_id: 'Or show your government-issued ID to the Facility Manager and they will open it for you.',
    // wording not shown: key fobs at keyless facilities come from the manager (rental §6)
    key_fob: 'This facility opens with your phone. Would you rather have a key fob? Please ask the Facility Manager.',
  },
} satisfies MessageTree;
