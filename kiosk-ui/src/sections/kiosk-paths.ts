import type { KioskSection } from './kiosk-sections';

/**
 * The paths the tenants' area links by (docs/tenant-area.md): inside the kiosk, navigation is by
 * section, so a path names the section that shows it. A link to a path with no line here is not
 * offered.
 */
export const KIOSK_PATHS: Readonly<Record<string, KioskSection>> = {
  '/my-storage': 'my_storage',
  '/my-storage/move-out': 'move_out',
  '/my-storage/contact': 'my_storage_contact',
  '/pay-bill': 'pay_bill',
  '/merchandise': 'merchandise',
};

/** The section a path shows, or null when no screen answers it. */
export function sectionForPath(path: string): KioskSection | null {
  return Object.hasOwn(KIOSK_PATHS, path) ? KIOSK_PATHS[path]! : null;
}

/** Sections shown under another section's sidebar item. */
const SIDEBAR_PARENTS: Partial<Record<KioskSection, KioskSection>> = {
  move_out: 'my_storage',
  my_storage_contact: 'my_storage',
};

/** The sidebar item a section belongs to (its own, or the area's). */
export function sidebarItemOf(section: KioskSection): KioskSection {
  return SIDEBAR_PARENTS[section] ?? section;
}
