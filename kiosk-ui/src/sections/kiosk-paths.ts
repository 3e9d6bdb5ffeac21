import { KIOSK_SECTIONS, type KioskSection, type SectionEntry } from '@kiosk/shared-types';

/**
 * The paths the tenants' area links by (docs/my-storage.md), from the sections' `path`
 * (shared-types sections.ts): inside the kiosk, navigation is by section, so a path names the
 * section that shows it. A link to a path no section has is not offered.
 */
const ENTRIES: readonly SectionEntry[] = KIOSK_SECTIONS;

/** The section a path shows, or null when no screen answers it. */
export function sectionForPath(path: string): KioskSection | null {
  return (ENTRIES.find((entry) => entry.path === path)?.name as KioskSection | undefined) ?? null;
}

/** The sidebar item a section belongs to (its own, or the one it is shown under). */
export function sidebarItemOf(section: KioskSection): KioskSection {
  return (ENTRIES.find((entry) => entry.name === section)?.under as KioskSection | undefined) ?? section;
}
