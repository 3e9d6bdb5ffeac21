import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { KioskSection } from '../flow/kiosk-sections';

/** Every section screen gets the section it is shown for (pay_bill and autopay share a screen). */
export type SectionScreenProps = { section: KioskSection };
export type SectionScreen = ComponentType<SectionScreenProps>;

interface ScreenEntry {
  /** Starts downloading the screen's chunk (e.g. the welcome screen while the configuration loads). */
  load: () => Promise<{ default: SectionScreen }>;
  Component: LazyExoticComponent<SectionScreen>;
}

function screen(load: () => Promise<{ default: SectionScreen }>): ScreenEntry {
  return { load, Component: lazy(load) };
}

/**
 * Kiosk section -> screen, each its own lazily loaded chunk so the first screen's bundle stays
 * small. To build a section: create `screens/<area>/<Name>Screen.tsx` with a default export taking
 * SectionScreenProps, and replace its ComingSoon line here.
 */
export const SECTION_SCREENS: Record<KioskSection, ScreenEntry> = {
  home: screen(() => import('./welcome/WelcomeScreen')),
  rent: screen(() => import('./rental/RentalScreen')),
  find_reservation: screen(() => import('./rental/RentalScreen')),
  size_guide: screen(() => import('./size-guide/SizeGuideScreen')),
  pay_bill: screen(() => import('./pay-bill/PayBillScreen')),
  autopay: screen(() => import('./pay-bill/PayBillScreen')),
  samples: screen(() => import('./samples/SamplesScreen')), // developer test page (?section=samples)
  rental_docs: screen(() => import('./documents/DocumentsScreen')),
  insurance: screen(() => import('./documents/DocumentsScreen')),
  facility_map: screen(() => import('./facility-map/FacilityMapScreen')),
};

export function preloadSection(section: KioskSection): void {
  void SECTION_SCREENS[section].load();
}
