/**
 * Field and form messages (rental spec §5/§8, shell spec §5/§8), keyed `validation.<key>`.
 * The generic field messages both specs share ('This field is required', 'Invalid zip code', ...)
 * live in common.ts under `common.field`; the schemas use those keys.
 * Where a spec gives the wording it is copied exactly; entries marked "wording not shown"
 * are ours because the spec names the rule but not its text.
 * Placeholders use i18next's `{{name}}` syntax; schemas pass the values (see forms/messages.ts).
 */
export default {
  // wording not shown
  max_length: 'Must be at most {{max}} characters',
  same_address: "Mailing Address and Secondary Address can't be same",
  gatecode_unavailable: 'Sorry! This gatecode is unavailable',
  validating_gatecode: 'Validating gatecode...',
  // wording not shown
  gatecode_length: 'Gate code must be {{length}} digits',
  /** 'Password is too weak. ' plus the strength checker's first suggestion. */
  password_too_weak: 'Password is too weak. {{suggestion}}',
  /** Register screen note under the password (shell §5). */
  password_note:
    'Your password has to be at least {{min}} characters long, must contain 1 uppercase and 1 special character',
  /** New-password hint after a rental (rental §5). */
  password_hint: '1 uppercase and 1 special character',
  // wording not shown
  password_min_length: 'Password must be at least {{min}} characters',
  // wording not shown
  passwords_must_match: 'Passwords must match',
  // wording not shown (dates are MM/DD/YYYY)
  invalid_date: 'Invalid date',
  // wording not shown (the picker disables expired dates)
  licence_expired: 'Driver license is expired',
  // wording not shown (the picker disables dates outside the range)
  reservation_date_range: 'Choose a date from {{min}} to {{max}}',
  // wording not shown (the picker disables dates outside the range)
  birthday_range: 'Choose a birthday from {{min}} to {{max}}',
  // wording not shown
  invalid_ssn: 'Invalid SSN',
  // wording not shown
  secondary_contact_required: 'This facility requires a secondary contact',
  // wording not shown
  autopay_required: 'This facility requires autopay',
  // wording not shown
  insurance_required: 'This facility requires contents insurance',
  // wording not shown
  one_discount_only: 'Choose only one discount',
} as const;
