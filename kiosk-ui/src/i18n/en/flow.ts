/**
 * Titles of the finalising (confirm) area, rental spec §4 "Finalising", keyed `flow.<key>`.
 * The confirm area's Done button is labelled with the title of what comes next.
 */
export default {
  setup_access_control: 'Setup Access Control',
  create_online_account: 'Create Your Online Account',
  finish: 'Finish',
  retry_payment: 'Retry Payment',
} as const;
