import type { AreaDefinition } from '../../sections/area';

/**
 * Find my reservation: a section of the rental flow (its lookup is the rental store's,
 * `root.rental.lookup`), so the area has no kiosk section or store of its own.
 */
export const reservationArea: AreaDefinition<'reservation'> = {
  screens: {},
  stores: {},
};
