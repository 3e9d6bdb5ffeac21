import type { AreaDefinition } from '../../sections/area';
import type { TenantStore } from './TenantStore';
import type { ContactStore } from './contact/ContactStore';

const MY_STORAGE_STORES = ['account', 'payBill', 'identity', 'tenant'];

/** MY STORAGE, the tenants' area (docs/tenant-area.md): the units, the move-out notice, contact details. */
const stores = {
  tenant: (): Promise<typeof TenantStore> => import('./TenantStore').then((module) => module.TenantStore),
  contact: (): Promise<typeof ContactStore> => import('./contact/ContactStore').then((module) => module.ContactStore),
};

export const myStorageArea: AreaDefinition<'my-storage', typeof stores> = {
  screens: {
    my_storage: { load: () => import('./screens/MyStorageScreen'), stores: MY_STORAGE_STORES },
    move_out: { load: () => import('./screens/MoveOutScreen'), stores: MY_STORAGE_STORES },
    my_storage_contact: {
      load: () => import('./screens/ContactDetailsScreen'),
      stores: ['account', 'contact', 'identity'],
    },
  },
  stores,
};
