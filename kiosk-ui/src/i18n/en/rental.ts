import type { MessageTree } from '../types';
import { rentalCheckout } from './rental-checkout';
import { rentalDetails } from './rental-details';

/**
 * The rental and reservation steps, side panel and confirmation (rental spec §2, §8). Shared by
 * the rental engineers: each adds its own sub-object (one small additive edit, re-read first).
 */
export const rental = {
  // Rental part 2 (I): insurance, convenience, card, documents, processing, confirmation
  ...rentalCheckout,
  // Rental part 1 (H): info, business, secondary contact, military, vehicle, discounts
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
} satisfies MessageTree;
