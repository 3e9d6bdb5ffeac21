/**
 * The kiosk's named sections (shell spec §2 "Kiosk sections"). Inside the kiosk, navigation is by
 * section, not by URL.
 */
export const KIOSK_SECTIONS = [
  'home',
  'rent',
  'find_reservation',
  'size_guide',
  'pay_bill',
  'autopay',
  'my_storage',
  'move_out',
  'samples',
  'rental_docs',
  'insurance',
  'facility_map',
  'merchandise',
  // The tenant's contact details (docs/tenant-contact.md), reached from the account's screens.
  'my_storage_contact',
] as const;

export type KioskSection = (typeof KIOSK_SECTIONS)[number];
