import type { MessageTree } from '../types';
import { rentalCheckout } from './rental-checkout';
import { rentalDetails } from './rental-details';

/**
 * The rental and reservation steps, side panel and confirmation (rental spec §2, §8), one
 * sub-object per part of the flow.
 */
export const rental = {
  // Insurance, convenience, card, documents, processing, confirmation
  ...rentalCheckout,
  // Info, business, secondary contact, military, vehicle, discounts
  ...rentalDetails,
  /** SectionFrame's buttons (rental §4 "Section navigation": Done moves on, Cancel goes back one). */
  frame: {
    done: 'Done',
    cancel: 'Cancel',
    back: 'Back',
    next: 'NEXT',
  },
  /** The rental area's alert dialog button (wording not shown in the spec). */
  alert: {
    ok: 'OK',
  },
  /** Select a Space tapped again with details typed (wording not shown in the spec). */
  leave: {
    title: 'Leave this rental?',
    text: 'The details you entered will be cleared and your space will be released.',
    leave: 'Leave',
    stay: 'Stay',
  },
  /**
   * Titles of the finalising (confirm) area, rental spec §4 "Finalising". The confirm area's Done
   * button is labelled with the title of what comes next.
   */
  flow: {
    setup_access_control: 'Setup Access Control',
    create_online_account: 'Create Your Online Account',
    finish: 'Finish',
    retry_payment: 'Retry Payment',
  },
} satisfies MessageTree;
