import type { AreaDefinition } from '../../sections/area';
import type { AccountStore } from './AccountStore';

/** The visitor's online account: its forms are shown by Pay My Bill, MY STORAGE and the rental flow. */
const stores = {
  account: (): Promise<typeof AccountStore> => import('./AccountStore').then((module) => module.AccountStore),
};

export const accountArea: AreaDefinition<'account', typeof stores> = {
  screens: {},
  stores,
};
