import type { KioskArea, KioskSection } from '@kiosk/shared-types';
import type { AreaDefinition, ScreenSource } from '../sections/area';
import { DEVICE_STORES } from '../shared/devices/device-stores';
import { accountArea } from './account/area';
import { browseArea } from './browse/area';
import { documentsArea } from './documents/area';
import { merchandiseArea } from './merchandise/area';
import { PAYMENT_STORES } from './payment/stores';
import { myStorageArea } from './my-storage/area';
import { payBillArea } from './pay-bill/area';
import { rentalArea } from './rental/area';
import { reservationArea } from './reservation/area';
import { shellArea } from './shell/area';

/**
 * The kiosk's product areas, one line each, as DEVICES is the daemon's devices: the sections'
 * screens (screens/registry.ts), the lazily loaded stores and RootStore's `root.<store>` follow
 * from it. The sections themselves, with the sidebar's order, paths and parents, are shared-types
 * sections.ts. Stores are reset in this order, the devices' last.
 */
export const AREAS = [
  browseArea,
  rentalArea,
  reservationArea,
  accountArea,
  payBillArea,
  documentsArea,
  shellArea,
  merchandiseArea,
  myStorageArea,
] as const;

type AreaName<T> = T extends AreaDefinition<infer A, infer _Stores> ? A : never;
type Listed = AreaName<(typeof AREAS)[number]>;
/** Every area in shared-types' list is here (a compile error names the one missing). */
export type EveryAreaListed = Exclude<KioskArea, Listed> extends never ? true : Exclude<KioskArea, Listed>;
true satisfies EveryAreaListed;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

export type StoreImports = UnionToIntersection<(typeof AREAS)[number]['stores']> &
  typeof PAYMENT_STORES &
  typeof DEVICE_STORES;

/** Every lazily loaded store's module by its name on the root, in reset order. */
export const STORE_IMPORTS = Object.assign(
  {},
  ...AREAS.map((area) => area.stores),
  PAYMENT_STORES,
  DEVICE_STORES,
) as StoreImports;

/** Each section's screen, from the area that shows it. */
export const SECTION_SOURCES = Object.fromEntries(
  AREAS.flatMap((area) => Object.entries(area.screens as Record<string, ScreenSource>)),
) as Record<KioskSection, ScreenSource>;
