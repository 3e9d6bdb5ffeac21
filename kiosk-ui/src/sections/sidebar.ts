import { KIOSK_SECTIONS, type KioskSection, type SectionOf } from '@kiosk/shared-types';

/** Rental-flow sections on which the sidebar is hidden (both specs §2). */
export const SIDEBAR_HIDDEN_SECTIONS = [
  'detail_page',
  'panda_agreements',
  'non_interactive_agreements',
  'find_reservation',
] as const;

/**
 * Kiosk sections whose screen is the rental flow (the rental area's, shared-types sections.ts), where the rental section decides the sidebar.
 * Elsewhere (home, pay bill, documents, ...) the sidebar always shows: the rental section keeps
 * its default detail_page while the visitor is on the welcome screen, and the welcome screen asks
 * them to pick an option on the left.
 */
export const RENTAL_AREA_SECTIONS: readonly SectionOf<'rental'>[] = KIOSK_SECTIONS.filter(
  (entry): entry is Extract<(typeof KIOSK_SECTIONS)[number], { area: 'rental' }> => entry.area === 'rental',
).map((entry) => entry.name);

export function isSidebarHidden(kioskSection: KioskSection, rentalSection: string): boolean {
  return (
    (RENTAL_AREA_SECTIONS as readonly string[]).includes(kioskSection) &&
    (SIDEBAR_HIDDEN_SECTIONS as readonly string[]).includes(rentalSection)
  );
}
