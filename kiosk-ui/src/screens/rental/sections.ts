import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SectionName } from '../../flow/sections';

/** Every rental section component gets the section it is shown for. */
export type RentalSectionProps = { section: SectionName };
export type RentalSectionComponent = ComponentType<RentalSectionProps>;

interface RentalSectionEntry {
  load: () => Promise<{ default: RentalSectionComponent }>;
  Component: LazyExoticComponent<RentalSectionComponent>;
}

function section(load: () => Promise<{ default: RentalSectionComponent }>): RentalSectionEntry {
  return { load, Component: lazy(load) };
}

const placeholder = () => import('./PlaceholderSection');

/**
 * Rental section -> lazily loaded component (each its own chunk). Owners replace their
 * placeholder line with `section(() => import('./<area>/<Name>'))`; a section component wraps its
 * content in SectionFrame (title, Cancel/Back, Done, side panel).
 */
export const RENTAL_SECTIONS: Record<SectionName, RentalSectionEntry> = {
  // Browse and hold (G)
  home: section(() => import('../browse/DetailPage')),
  detail_page: section(() => import('../browse/DetailPage')),
  find_reservation: section(() => import('../find-reservation/FindReservationScreen')),
  hold_unit: section(() => import('../browse/HoldScreen')),
  // Rental part 1 (H)
  rent_this_space: section(() => import('./identity/VerifyIdentityScreen')),
  info: section(() => import('./info/InfoScreen')),
  business_info: section(() => import('./business/BusinessScreen')),
  secondary_contact: section(() => import('./secondary-contact/SecondaryContactScreen')),
  military_info: section(() => import('./military/MilitaryScreen')),
  vehicle_storage: section(() => import('./vehicle/VehicleScreen')),
  discounts: section(() => import('./discounts/DiscountsScreen')),
  // Rental part 2 (I)
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
  // Account screens reached from the rental area (J's screens live under kiosk sections)
  login: section(placeholder),
  register: section(placeholder),
  pay: section(placeholder),
};

export function preloadRentalSection(name: SectionName): void {
  void RENTAL_SECTIONS[name].load();
}
