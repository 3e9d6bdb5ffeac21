import type { MessageTree } from '../types';

/**
 * MY STORAGE, the tenants' own area (docs/my-storage.md). The specs do not show these screens:
 * every text is ours, but the one-time-code and gate-code-text messages, which are the specs'
 * (shell §8 "OTP", rental §8 "Gate-code text").
 */
export const myStorage = {
  title: 'MY STORAGE',
  login: {
    prompt: 'Type the cell phone number you gave us. We will text you a code to log in. No password needed.',
    modes: 'How would you like to log in?',
  },
  loading: 'We are locating your account.',
  unreachable: 'We could not reach the office right now. Please try again.',
  retry: 'Try again',
  no_units: 'No rented unit is linked to this account yet.',
  link_rental: 'Link a Rental',
  units: {
    title: 'Your units',
    unit: 'Unit {{door}}',
    balance: 'Balance due',
    locked_out: 'Locked out: pay the balance due to get your gate access back.',
  },
  actions: {
    title: 'What else can we do for you?',
    gate_code: 'My gate code',
    contact: 'Contact details',
    move_out: 'Move out',
    pay_bill: 'Pay my bill',
    merchandise: 'Buy supplies',
  },
  gate_code: {
    hint: 'We text your gate code to the cell phone on file. It is never shown on this screen.',
    sending: 'Sending your gate code …',
    // The spec's gate-code text messages (rental §8).
    sent: 'message sent successfully to {{phone}}',
    failed: 'Error occurred while sending message',
    failed_server: '{{message}}. Please try again.',
    no_phone: 'There is no cell phone number on file for this account. Please ask the Facility Manager to add one.',
  },
  move_out: {
    title: 'Move out',
    prompt: 'Choose the unit and the day you move out. The office confirms your notice by email.',
    unit: 'Unit',
    choose_unit: 'Select a unit',
    date: 'Move-out date',
    submit: 'Send my move-out notice',
    sending: 'Sending your move-out notice …',
    accepted: 'Your move-out notice for unit {{door}} is in.',
    move_out_date: 'Move-out date',
    notice_days: 'Notice the office asks for',
    notice_days_value: '{{count}} days',
    balance: 'Still owed at move-out',
    refund: 'Refund',
    confirmation: 'A confirmation was sent to {{email}}.',
    refused_title: 'Your move-out notice was not accepted.',
    back: 'Back to MY STORAGE',
  },
  /**
   * The tenant's contact details screen (docs/contact-details.md). Not in the specs: the wording is
   * ours; field labels and field messages are the rental's (rental.fields.*, validation.*).
   */
  contact_details: {
    title: 'Contact details',
    prompt: 'Check the details we use to reach you, change what is out of date, then tap Save.',
    entry: 'My contact details',
    loading: 'We are loading your contact details.',
    load_failed: 'We could not load your contact details.',
    no_rental: 'There is no rental on your account at this facility, so there are no contact details to change.',
    mailing_address: 'Mailing address',
    phone_and_email: 'Cell phone and e-mail',
    secondary_contact: 'Secondary contact',
    secondary_intro: 'This person receives lien notices about your unit when we cannot reach you.',
    save: 'Save',
    saving: 'Saving…',
    back: 'Back',
    details: {
      mailing_address: 'mailing address',
      cell_phone: 'cell phone',
      email: 'e-mail',
      secondary_contact: 'secondary contact',
    },
    saved_one: 'Your {{details}} was updated.',
    saved_other: 'Your {{details}} were updated.',
    unchanged: 'Nothing was changed: your contact details were already up to date.',
    mail_sent: 'We sent a confirmation to {{email}}.',
    text_sent: 'We also sent a text to your previous cell phone number.',
    refused: 'Some details were not accepted. Please check the fields marked below.',
    save_failed: 'Your details could not be saved. Please try again.',
  },
} satisfies MessageTree;
