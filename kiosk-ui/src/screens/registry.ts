import type { KioskSection } from '@kiosk/shared-types';
import { SECTION_SOURCES } from '../areas/registry';
import type { ScreenSource } from '../sections/area';
import { loadKeyboard } from '../components/keyboard/KeyboardSlot';
import { loadAreaTexts } from '../i18n/setup';
import { loadStores, type LazyStoreName } from '../stores/lazy-stores';
import { alreadyLoaded, lazyWithPreload, preloadInTurn, type PreloadableComponent } from '../utils/lazyWithPreload';
import type { SectionScreen } from '../sections/screen-props';
import { loadShellDialogs } from '../areas/shell/screens/ShellDialogs';

/** `load` starts downloading the screen's chunk (e.g. the welcome screen while the configuration loads). */
type ScreenEntry = PreloadableComponent<SectionScreen>;

/**
 * Every other screen renders once its chunk, the area texts and the stores it uses (none of them
 * in the first screen, stores/lazy-stores.ts) are in.
 */
function screen(load: () => Promise<{ default: SectionScreen }>, stores: readonly LazyStoreName[] = []): ScreenEntry {
  return lazyWithPreload(() =>
    Promise.all([load(), loadAreaTexts(), loadStores(...stores)]).then(([module]) => module),
  );
}

const entries = new Map<ScreenSource, ScreenEntry>();

// Sections sharing a screen share its entry (a preloaded entry renders without suspending).
function entryFor(source: ScreenSource): ScreenEntry {
  let entry = entries.get(source);
  if (!entry) {
    entry =
      'inBundle' in source ? alreadyLoaded(source.inBundle) : screen(source.load, source.stores as LazyStoreName[]);
    entries.set(source, entry);
  }
  return entry;
}

/**
 * Kiosk section -> screen, from the areas' list (areas/registry.ts), each its own lazily loaded
 * chunk so the first screen's bundle stays small, but the welcome: it is the first screen, and in
 * the bundle it shows without waiting for a chunk (nor for React's 300 ms throttle of a suspended
 * reveal when the chunk came late). A section's screen is a default export taking
 * SectionScreenProps (sections/screen-props.ts).
 */
export const SECTION_SCREENS = Object.fromEntries(
  Object.entries(SECTION_SOURCES).map(([section, source]) => [section, entryFor(source)]),
) as Record<KioskSection, ScreenEntry>;

/**
 * Fetches every screen's chunk with the stores it uses (kiosk sections, the on-screen keyboard,
 * the shell's session dialogs, then the rental sections) once the first screen is up, so that no
 * first visit suspends: a suspended screen is shown no sooner than React 19's 300 ms fallback
 * throttle. The password strength checker stays out of this (its screens import it dynamically,
 * on use).
 */
export async function prefetchScreens(): Promise<void> {
  await prefetchLikeliestScreen();
  const screens: (() => Promise<unknown>)[] = [...new Set(Object.values(SECTION_SCREENS))].map((entry) => entry.load);
  await preloadInTurn([...screens, loadKeyboard, loadShellDialogs]);
  const { prefetchRentalSections } = await import('../areas/rental/screens/sections');
  await prefetchRentalSections();
}

/**
 * Select a Space (opening on the unit list, DetailPage) and Find my reservation, the first items
 * of the sidebar, are the likeliest first taps: their chunks and stores (BROWSE_STORES) are
 * fetched together as soon as the first screen is ready, without waiting for an idle period.
 */
export function prefetchLikeliestScreen(): Promise<unknown> {
  return Promise.all([
    SECTION_SCREENS.rent.load(),
    import('../areas/rental/screens/sections').then(({ RENTAL_SECTIONS }) =>
      Promise.all([RENTAL_SECTIONS.home.load(), RENTAL_SECTIONS.find_reservation.load()]),
    ),
  ]).catch(() => undefined);
}
