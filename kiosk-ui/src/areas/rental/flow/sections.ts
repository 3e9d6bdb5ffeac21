import type { rental } from '../../../i18n/en/rental';
import { DEFAULT_SECTION as FIRST_SECTION } from '../../../sections/default-section';

/**
 * The catalogue key of a finalising-area title (`rental.flow.*`). Only the catalogue's type is
 * imported: the first screen (RentalStore imports this file) does not load the texts.
 */
function flowKey(key: keyof (typeof rental)['flow']): string {
  return `rental.flow.${key}`;
}

/**
 * Rental-area section names and the two flow lists (rental spec §2, §4). Navigation inside the
 * rental area is by these names, not by URL.
 */
export const SECTION_NAMES = [
  'home',
  'detail_page',
  'find_reservation',
  'hold_unit',
  'rent_this_space',
  'info',
  'business_info',
  'secondary_contact',
  'military_info',
  'vehicle_storage',
  'discounts',
  'content_insurance',
  'about_convenience',
  'non_interactive_agreements',
  'panda_fields',
  'panda_agreements',
  'swipe_scan',
  'card_details',
  'process_rental',
  'confirm_rental',
  // "A create-online-account section is added only for new users" (§4 Finalising); the spec's
  // name list has no name for it, so this one is ours.
  'create_online_account',
  'setup_noke',
  'noke_confirm',
  'login',
  'register',
  'pay',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** The section shown before any other (the space list): checked here against the section names. */
export const DEFAULT_SECTION: SectionName = FIRST_SECTION;

/** Normal rental order (§2). */
export const NORMAL_RENTAL_ORDER: readonly SectionName[] = [
  'rent_this_space',
  'info',
  'secondary_contact',
  'vehicle_storage',
  'content_insurance',
  'about_convenience',
  'swipe_scan',
  'card_details',
  'panda_fields',
  'panda_agreements',
  'process_rental',
  'confirm_rental',
];

/** Shorter reservation order (§2). */
export const RESERVATION_ORDER: readonly SectionName[] = [
  'rent_this_space',
  'info',
  'process_rental',
  'confirm_rental',
];

/** Sections appended after confirm_rental once the rental or reservation succeeded. */
export const AFTER_SUCCESS_SECTIONS: readonly SectionName[] = ['create_online_account', 'setup_noke', 'noke_confirm'];

/**
 * Where every rental section sits when it is present: conditional sections are put back at their
 * place in this order (business_info after info, discounts after vehicle_storage, ...).
 */
export const CANONICAL_ORDER: readonly SectionName[] = [
  'rent_this_space',
  'info',
  'business_info',
  'secondary_contact',
  'military_info',
  'vehicle_storage',
  'discounts',
  'content_insurance',
  'about_convenience',
  'swipe_scan',
  'card_details',
  'panda_fields',
  'panda_agreements',
  'process_rental',
  'confirm_rental',
  ...AFTER_SUCCESS_SECTIONS,
];

/** Catalogue keys of the finalising area's titles (§4 Finalising), in i18n/en/rental.ts. */
export const CONFIRM_AREA_TITLES = {
  setupAccessControl: flowKey('setup_access_control'),
  createOnlineAccount: flowKey('create_online_account'),
  finish: flowKey('finish'),
  retryPayment: flowKey('retry_payment'),
} as const;
