/**
 * The kiosk's areas and their sections (shell spec §2 "Kiosk sections", "Sidebar"): the one list.
 * Inside the kiosk, navigation is by section, not by URL. The UI derives from it the sidebar's
 * order, the paths and the item a section is shown under, and which area's screen and stores a
 * section loads; the daemon's first paint of the welcome draws the same sidebar items from it.
 *
 * An entry: `area`, the product area that shows it (kiosk-ui/src/areas/<area>/); `sidebar`, its
 * item's English text when it has an item (listed in this order); `shownWhen`, the facility fact
 * the item depends on; `path`, the address the tenants' area links it by (docs/my-storage.md);
 * `under`, the sidebar item it is shown under when it has none of its own.
 */

/** The product areas, each one folder of the UI (kiosk-ui/src/areas/<area>/). */
export const KIOSK_AREAS = [
  'shell',
  'browse',
  'rental',
  'reservation',
  'pay-bill',
  'my-storage',
  'merchandise',
  'account',
  'documents',
] as const;

export type KioskArea = (typeof KIOSK_AREAS)[number];

/** What a sidebar item's showing depends on (shell spec §2, §6). */
export type SidebarCondition = 'no_external_paybill' | 'lease_documents' | 'insurance_documents' | 'facility_map';

export interface SectionEntry {
  readonly name: string;
  readonly area: KioskArea;
  readonly sidebar?: string;
  readonly shownWhen?: SidebarCondition;
  readonly path?: `/${string}`;
  readonly under?: string;
}

export const KIOSK_SECTIONS = [
  { name: 'home', area: 'shell', sidebar: 'Home' },
  { name: 'rent', area: 'rental', sidebar: 'Select a Space' },
  // The rental flow's screen shows Find my reservation as one of its sections.
  { name: 'find_reservation', area: 'rental', sidebar: 'Find my reservation' },
  { name: 'size_guide', area: 'browse', sidebar: 'SIZE GUIDE' },
  { name: 'pay_bill', area: 'pay-bill', sidebar: 'PAY MY BILL', shownWhen: 'no_external_paybill', path: '/pay-bill' },
  { name: 'autopay', area: 'pay-bill', sidebar: 'Setup autopay', shownWhen: 'no_external_paybill' },
  // The tenants' own area (docs/my-storage.md): after the pay-bill pair it widens.
  { name: 'my_storage', area: 'my-storage', sidebar: 'MY STORAGE', path: '/my-storage' },
  { name: 'move_out', area: 'my-storage', path: '/my-storage/move-out', under: 'my_storage' },
  // The tenant's contact details (docs/contact-details.md), reached from the account's screens.
  { name: 'my_storage_contact', area: 'my-storage', path: '/my-storage/contact', under: 'my_storage' },
  { name: 'rental_docs', area: 'documents', sidebar: 'Rental Documents', shownWhen: 'lease_documents' },
  { name: 'insurance', area: 'documents', sidebar: 'Protection Brochure', shownWhen: 'insurance_documents' },
  { name: 'facility_map', area: 'documents', sidebar: 'Facility map', shownWhen: 'facility_map' },
  { name: 'merchandise', area: 'merchandise', sidebar: 'Boxes & Supplies', path: '/merchandise' },
  // The developer page (shell spec §2), opened from the address only.
  { name: 'samples', area: 'shell' },
] as const satisfies readonly SectionEntry[];

type Entry = (typeof KIOSK_SECTIONS)[number];

export type KioskSection = Entry['name'];

/** The sections an area shows. */
export type SectionOf<A extends KioskArea> = Extract<Entry, { area: A }>['name'];

/** The sections with a sidebar item of their own. */
export type SidebarSection = Extract<Entry, { sidebar: string }>['name'];
