import type { AreaDefinition } from '../../sections/area';
import type { MyStorageStore } from './MyStorageStore';
import type { ContactDetailsStore } from './contact-details/ContactDetailsStore';

const MY_STORAGE_STORES = ['account', 'payBill', 'identity', 'myStorage'];

/** MY STORAGE, the tenants' area (docs/my-storage.md): the units, the move-out notice, contact details. */
const stores = {
  myStorage: (): Promise<typeof MyStorageStore> => import('./MyStorageStore').then((module) => module.MyStorageStore),
  contactDetails: (): Promise<typeof ContactDetailsStore> =>
    import('./contact-details/ContactDetailsStore').then((module) => module.ContactDetailsStore),
};

export const myStorageArea: AreaDefinition<'my-storage', typeof stores> = {
  screens: {
    my_storage: { load: () => import('./screens/MyStorageScreen'), stores: MY_STORAGE_STORES },
    move_out: { load: () => import('./screens/MoveOutScreen'), stores: MY_STORAGE_STORES },
    my_storage_contact: {
      load: () => import('./screens/ContactDetailsScreen'),
      stores: ['account', 'contactDetails', 'identity'],
    },
  },
  stores,
};
