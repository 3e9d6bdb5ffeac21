import { isInsuranceDocument, type FacilitySettings, type NonInteractiveDocument } from './entities/index.js';
import { KIOSK_SECTIONS, type SectionEntry, type SidebarCondition, type SidebarSection } from './sections.js';

/**
 * The sidebar's items, which show and what they say in English (shell spec §2 "Sidebar", §6).
 * The UI's sidebar and the daemon's first paint of the welcome (drawn before the UI's scripts run,
 * with its items already taking taps) both read them here, so the two never list different items.
 */

/** The items' English texts (the UI's catalogue spreads them in; Spanish is in its own catalogue). */
export const SIDEBAR_SECTION_TEXTS = Object.fromEntries(
  KIOSK_SECTIONS.flatMap((entry) => ('sidebar' in entry ? [[entry.name, entry.sidebar]] : [])),
) as { readonly [S in SidebarSection]: Extract<(typeof KIOSK_SECTIONS)[number], { name: S }>['sidebar'] };

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

const CONDITIONS: Record<SidebarCondition, (facts: SidebarFacts) => boolean> = {
  no_external_paybill: (facts) => !facts.externalPaybill,
  lease_documents: (facts) => facts.hasLeaseDocuments,
  insurance_documents: (facts) => facts.hasInsuranceDocuments,
  facility_map: (facts) => Boolean(facts.facilityMapUrl),
};

/** Which items show, in the list's order (sections.ts); `samples` is a developer page, not listed. */
export function visibleSidebarSections(facts: SidebarFacts): SidebarSection[] {
  const entries: readonly SectionEntry[] = KIOSK_SECTIONS;
  return entries
    .filter((entry) => entry.sidebar && (!entry.shownWhen || CONDITIONS[entry.shownWhen](facts)))
    .map((entry) => entry.name as SidebarSection);
}
