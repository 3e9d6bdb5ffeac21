import type { AreaDefinition } from '../../sections/area';
import type { MerchandiseStore } from './MerchandiseStore';

/** Boxes & Supplies. */
const stores = {
  merchandise: (): Promise<typeof MerchandiseStore> =>
    import('./MerchandiseStore').then((module) => module.MerchandiseStore),
};

export const merchandiseArea: AreaDefinition<'merchandise', typeof stores> = {
  screens: {
    merchandise: {
      load: () => import('./screens/MerchandiseScreen'),
      stores: ['merchandise', 'device', 'printer', 'payment'],
    },
  },
  stores,
};
