import type { KioskSection } from './kiosk-sections';

/** Sidebar items in the spec's order (shell spec §2 "Sidebar"); `samples` is a developer page, not listed. */
export const SIDEBAR_ORDER = [
  'home',
  'rent',
  'find_reservation',
  'size_guide',
  'pay_bill',
  'autopay',
  'rental_docs',
  'insurance',
  'facility_map',
] as const satisfies readonly KioskSection[];

export type SidebarSection = (typeof SIDEBAR_ORDER)[number];

/** Rental-flow sections on which the sidebar is hidden (both specs §2). */
export const SIDEBAR_HIDDEN_SECTIONS = [
  'detail_page',
  'panda_agreements',
  'non_interactive_agreements',
  'find_reservation',
] as const;

/**
 * Kiosk sections whose screen is the rental flow, where the rental section decides the sidebar.
 * Elsewhere (home, pay bill, documents, ...) the sidebar always shows: the rental section keeps
 * its default detail_page while the visitor is on the welcome screen, and the welcome screen asks
 * them to pick an option on the left.
 */
export const RENTAL_AREA_SECTIONS = ['rent', 'find_reservation'] as const satisfies readonly KioskSection[];

export interface SidebarFacts {
  hasLeaseDocuments: boolean;
  hasInsuranceDocuments: boolean;
  facilityMapUrl: string | null | undefined;
  externalPaybill: string | null | undefined;
}

/** Which items show, in order (shell spec §2 "Sidebar", §6). */
export function visibleSidebarSections(facts: SidebarFacts): SidebarSection[] {
  return SIDEBAR_ORDER.filter((section) => {
    switch (section) {
      case 'pay_bill':
      case 'autopay':
        return !facts.externalPaybill;
      case 'rental_docs':
        return facts.hasLeaseDocuments;
      case 'insurance':
        return facts.hasInsuranceDocuments;
      case 'facility_map':
        return Boolean(facts.facilityMapUrl);
      default:
        return true;
    }
  });
}

export function isSidebarHidden(kioskSection: KioskSection, rentalSection: string): boolean {
  return (
    (RENTAL_AREA_SECTIONS as readonly string[]).includes(kioskSection) &&
    (SIDEBAR_HIDDEN_SECTIONS as readonly string[]).includes(rentalSection)
  );
}
