/**
 * The tenant's contact details screen (docs/tenant-contact.md). Not in the specs: the wording is
 * ours; field labels and field messages are the rental's (rental.fields.*, validation.*).
 */
export const contact = {
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
};
