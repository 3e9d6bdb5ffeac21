import type { AreaDefinition, ScreenSource } from '../../sections/area';
import type { RentalStore } from './RentalStore';
import type { CheckoutStore } from './CheckoutStore';
import type { IdentityStore } from './IdentityStore';
import { BROWSE_STORES } from './rental-stores';

/** Select a Space and Find my reservation are both the rental flow, at its first sections. */
const rentalScreen: ScreenSource = { load: () => import('./screens/RentalScreen'), stores: BROWSE_STORES };

const stores = {
  rental: (): Promise<typeof RentalStore> => import('./RentalStore').then((module) => module.RentalStore),
  checkout: (): Promise<typeof CheckoutStore> => import('./CheckoutStore').then((module) => module.CheckoutStore),
  identity: (): Promise<typeof IdentityStore> => import('./IdentityStore').then((module) => module.IdentityStore),
};

export const rentalArea: AreaDefinition<'rental', typeof stores> = {
  screens: { rent: rentalScreen, find_reservation: rentalScreen },
  stores,
};
