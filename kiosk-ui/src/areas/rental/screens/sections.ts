import type { SectionName } from '../flow/sections';
import { loadAreaTexts } from '../../../i18n/setup';
import { loadStores, type LazyStoreName } from '../../../stores/lazy-stores';
import { lazyWithPreload, preloadInTurn, type PreloadableComponent } from '../../../utils/lazyWithPreload';
import type { RentalSectionComponent } from '../../../sections/screen-props';
import { BROWSE_STORES, RENTAL_STORES } from '../rental-stores';

type RentalSectionEntry = PreloadableComponent<RentalSectionComponent>;

/**
 * A rental section renders once its chunk, the area texts and the stores it uses are in: the
 * space list and Find my reservation those they need to hold a space, every other section all the
 * rental area's (../rental-stores.ts).
 */
function section(
  load: () => Promise<{ default: RentalSectionComponent }>,
  stores: readonly LazyStoreName[] = RENTAL_STORES,
): RentalSectionEntry {
  return lazyWithPreload(() =>
    Promise.all([load(), loadAreaTexts(), loadStores(...stores)]).then(([module]) => module),
  );
}

/** One entry per chunk: a preloaded entry renders without suspending, so sections sharing a
 * component share its entry. */
const detailPage = section(() => import('../../browse/screens/DetailPage'), BROWSE_STORES);
/** Verify identity; the login section is the same screen with the Login popup open. */
const verifyIdentity = section(() => import('./identity/VerifyIdentityScreen'));

/**
 * Rental section -> lazily loaded component (each its own chunk): `section(() =>
 * import('../../../screens/rental/<area>/<Name>'))`; a section component wraps its content in SectionFrame (title,
 * Cancel/Back, Done, side panel).
 */
export const RENTAL_SECTIONS: Record<SectionName, RentalSectionEntry> = {
  // Browse and hold
  home: detailPage,
  detail_page: detailPage,
  find_reservation: section(() => import('../../reservation/screens/FindReservationScreen'), BROWSE_STORES),
  hold_unit: section(() => import('../../browse/screens/HoldScreen')),
  // The visitor's identity and details
  rent_this_space: verifyIdentity,
  info: section(() => import('./info/InfoScreen')),
  business_info: section(() => import('./business/BusinessScreen')),
  secondary_contact: section(() => import('./secondary-contact/SecondaryContactScreen')),
  military_info: section(() => import('./military/MilitaryScreen')),
  vehicle_storage: section(() => import('./vehicle/VehicleScreen')),
  discounts: section(() => import('./discounts/DiscountsScreen')),
  // Insurance, agreements, payment and confirmation
  content_insurance: section(() => import('./insurance/ContentInsurance')),
  about_convenience: section(() => import('./convenience/AboutConvenience')),
  non_interactive_agreements: section(() => import('./insurance/NonInteractiveAgreements')),
  swipe_scan: section(() => import('./swipe/SwipeScan')),
  card_details: section(() => import('./card/CardDetails')),
  panda_fields: section(() => import('./panda-fields/PandaFields')),
  panda_agreements: section(() => import('./panda-agreements/PandaAgreements')),
  process_rental: section(() => import('./process/ProcessRental')),
  confirm_rental: section(() => import('./confirm/ConfirmRental')),
  create_online_account: section(() => import('./confirm/CreateOnlineAccount')),
  setup_noke: section(() => import('./noke/SetupNoke')),
  noke_confirm: section(() => import('./noke/NokeConfirm')),
  // Signing in, creating an account and paying a bill without leaving the rental: the account
  // area's forms and Pay My Bill's screens in their rental variant
  login: verifyIdentity,
  register: section(() => import('./account/RegisterSection')),
  pay: section(() => import('./account/RentalPay'), [...RENTAL_STORES, 'payBill']),
};

/** Fetches every rental section's chunk (see prefetchScreens in ../registry). */
export function prefetchRentalSections(): Promise<void> {
  return preloadInTurn([...new Set(Object.values(RENTAL_SECTIONS))].map((entry) => entry.load));
}
