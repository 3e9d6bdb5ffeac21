import { isInsuranceDocument, type FacilitySettings, type NonInteractiveDocument } from './entities/index.js';

/**
 * The sidebar's items, which show and what they say in English (shell spec §2 "Sidebar", §6).
 * The UI's sidebar and the daemon's first paint of the welcome (drawn before the UI's scripts run,
 * with its items already taking taps) both read them here, so the two never list different items.
 */

/** Sidebar items in the spec's order; `samples` is a developer page, not listed. */
export const SIDEBAR_ORDER = [
  'home',
  'rent',
  'find_reservation',
  'size_guide',
  'pay_bill',
  'autopay',
  // The tenants' own area (docs/tenant-area.md): after the pay-bill pair it widens.
  'my_storage',
  'rental_docs',
  'insurance',
  'facility_map',
  'merchandise',
] as const;

export type SidebarSection = (typeof SIDEBAR_ORDER)[number];

/** The items' English texts (the UI's catalogue spreads them in; Spanish is in its own catalogue). */
export const SIDEBAR_SECTION_TEXTS = {
  home: 'Home',
  rent: 'Select a Space',
  find_reservation: 'Find my reservation',
  size_guide: 'SIZE GUIDE',
  pay_bill: 'PAY MY BILL',
  autopay: 'Setup autopay',
  my_storage: 'MY STORAGE',
  rental_docs: 'Rental Documents',
  insurance: 'Protection Brochure',
  facility_map: 'Facility map',
  merchandise: 'Boxes & Supplies',
} as const satisfies Record<SidebarSection, string>;

/** The sidebar's navigation landmark, in English. */
export const SIDEBAR_LABEL = 'Kiosk menu';

export interface SidebarFacts {
  hasLeaseDocuments: boolean;
  hasInsuranceDocuments: boolean;
  facilityMapUrl: string | null | undefined;
  externalPaybill: string | null | undefined;
}

/** The facts the items depend on, from the facility settings and its non-interactive documents. */
export function sidebarFacts(
  facility: Pick<FacilitySettings, 'facility_map_url' | 'external_paybill'> | null | undefined,
  documents: readonly Pick<NonInteractiveDocument, 'document_type'>[],
): SidebarFacts {
  return {
    hasLeaseDocuments: documents.some((doc) => !isInsuranceDocument(doc)),
    hasInsuranceDocuments: documents.some((doc) => isInsuranceDocument(doc)),
    facilityMapUrl: facility?.facility_map_url,
    externalPaybill: facility?.external_paybill,
  };
}

/** Which items show, in order. */
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
