import { KIOSK_SECTIONS, sectionEntry, type KioskSection } from '@kiosk/shared-types';

/**
 * The paths the tenants' area links by (docs/tenant-area.md), from the sections' `path`
 * (shared-types sections.ts): inside the kiosk, navigation is by section, so a path names the
 * section that shows it. A link to a path no section has is not offered.
 */
const PATHS: ReadonlyMap<string, KioskSection> = new Map(
  KIOSK_SECTIONS.flatMap((entry) => ('path' in entry ? [[entry.path, entry.name] as const] : [])),
);

/** The section a path shows, or null when no screen answers it. */
export function sectionForPath(path: string): KioskSection | null {
  return PATHS.get(path) ?? null;
}

/** The sidebar item a section belongs to (its own, or the one it is shown under). */
export function sidebarItemOf(section: KioskSection): KioskSection {
  return (sectionEntry(section).under as KioskSection | undefined) ?? section;
}
