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
  rent: screen(() => import('./coming-soon/ComingSoon')), // rental engineer
  find_reservation: screen(() => import('./coming-soon/ComingSoon')), // rental engineer
  size_guide: screen(() => import('./coming-soon/ComingSoon')), // browse engineer
  pay_bill: screen(() => import('./coming-soon/ComingSoon')), // billing engineer
  autopay: screen(() => import('./coming-soon/ComingSoon')), // billing engineer
  samples: screen(() => import('./coming-soon/ComingSoon')), // developer test page
  rental_docs: screen(() => import('./coming-soon/ComingSoon')), // documents engineer
  insurance: screen(() => import('./coming-soon/ComingSoon')), // documents engineer
  facility_map: screen(() => import('./coming-soon/ComingSoon')), // documents engineer
};

export function preloadSection(section: KioskSection): void {
  void SECTION_SCREENS[section].load();
}
