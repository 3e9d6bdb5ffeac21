import type { ComponentType } from 'react';
import { loadKeyboard } from '../components/keyboard/KeyboardHost';
import type { KioskSection } from '../flow/kiosk-sections';
import { loadAreaTexts } from '../i18n/setup';
import { lazyWithPreload, preloadInTurn, type PreloadableComponent } from '../utils/lazyWithPreload';

/** Every section screen gets the section it is shown for (pay_bill and autopay share a screen). */
export type SectionScreenProps = { section: KioskSection };
export type SectionScreen = ComponentType<SectionScreenProps>;

/** `load` starts downloading the screen's chunk (e.g. the welcome screen while the configuration loads). */
type ScreenEntry = PreloadableComponent<SectionScreen>;

const welcome = lazyWithPreload<SectionScreen>;

/** Every other screen renders once its chunk and the area texts (not in the first screen) are in. */
function screen(load: () => Promise<{ default: SectionScreen }>): ScreenEntry {
  return lazyWithPreload(() => Promise.all([load(), loadAreaTexts()]).then(([module]) => module));
}

// Sections sharing a screen share its entry (a preloaded entry renders without suspending).
const rentalScreen = screen(() => import('./rental/RentalScreen'));
const payBillScreen = screen(() => import('./pay-bill/PayBillScreen'));
const documentsScreen = screen(() => import('./documents/DocumentsScreen'));

/**
 * Kiosk section -> screen, each its own lazily loaded chunk so the first screen's bundle stays
 * small. To build a section: create `screens/<area>/<Name>Screen.tsx` with a default export taking
 * SectionScreenProps, and replace its ComingSoon line here.
 */
export const SECTION_SCREENS: Record<KioskSection, ScreenEntry> = {
  home: welcome(() => import('./welcome/WelcomeScreen')),
  rent: rentalScreen,
  find_reservation: rentalScreen,
  size_guide: screen(() => import('./size-guide/SizeGuideScreen')),
  pay_bill: payBillScreen,
  autopay: payBillScreen,
  samples: screen(() => import('./samples/SamplesScreen')), // developer test page (?section=samples)
  rental_docs: documentsScreen,
  insurance: documentsScreen,
  facility_map: screen(() => import('./facility-map/FacilityMapScreen')),
};

export function preloadSection(section: KioskSection): void {
  void SECTION_SCREENS[section].load();
}

/**
 * Fetches every screen's chunk (kiosk sections, then the rental sections and the on-screen
 * keyboard) once the first screen is up, so that no first visit suspends: a suspended screen is
 * shown no sooner than React 19's 300 ms fallback throttle. The password strength checker stays
 * out of this (its screens import it dynamically, on use).
 */
export async function prefetchScreens(): Promise<void> {
  await prefetchLikeliestScreen();
  const screens: (() => Promise<unknown>)[] = [...new Set(Object.values(SECTION_SCREENS))].map((entry) => entry.load);
  await preloadInTurn([...screens, loadKeyboard]);
  const { prefetchRentalSections } = await import('./rental/sections');
  await prefetchRentalSections();
}

/**
 * Select a Space (opening on the unit list, DetailPage) is the likeliest first tap: its chunks
 * are fetched together as soon as the first screen is ready, without waiting for an idle period.
 */
export function prefetchLikeliestScreen(): Promise<unknown> {
  return Promise.all([
    SECTION_SCREENS.rent.load(),
    import('./rental/sections').then(({ RENTAL_SECTIONS }) => RENTAL_SECTIONS.home.load()),
  ]).catch(() => undefined);
}
