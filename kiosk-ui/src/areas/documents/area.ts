import type { AreaDefinition, ScreenSource } from '../../sections/area';
import type { DocumentsStore } from './DocumentsStore';

/** Rental Documents and the Protection Brochure are one viewer, showing the lease or the insurance documents. */
const documentsScreen: ScreenSource = { load: () => import('./screens/DocumentsScreen'), stores: ['documents'] };

const stores = {
  documents: (): Promise<typeof DocumentsStore> => import('./DocumentsStore').then((module) => module.DocumentsStore),
};

export const documentsArea: AreaDefinition<'documents', typeof stores> = {
  screens: {
    rental_docs: documentsScreen,
    insurance: documentsScreen,
    facility_map: { load: () => import('./screens/FacilityMapScreen'), stores: ['documents'] },
  },
  stores,
};
