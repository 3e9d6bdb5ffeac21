import type { AreaDefinition } from '../../sections/area';
import type { UnitsStore } from './UnitsStore';

/** Browsing the spaces: the size guide here; the space list is the rental flow's first section. */
const stores = {
  units: (): Promise<typeof UnitsStore> => import('./UnitsStore').then((module) => module.UnitsStore),
};

export const browseArea: AreaDefinition<'browse', typeof stores> = {
  screens: {
    size_guide: { load: () => import('./screens/SizeGuideScreen'), stores: ['units'] },
  },
  stores,
};
