import type { Space, SpaceDetail, SpaceStatus } from '@kiosk/shared-types';

export type SpaceStatusView =
  /** Status not loaded yet: show a loader. */
  | { kind: 'loading' }
  | { kind: 'occupied'; labelKey: 'browse.space.occupied' }
  /** Rate plus SELECT; CALL when the space has no rate. */
  | { kind: 'available'; rate: number | null; actionKey: 'browse.select' | 'browse.call' }
  | { kind: 'held'; labelKey: 'browse.space.temporary_hold' }
  | { kind: 'unavailable'; labelKey: 'browse.space.unavailable' };

export function spaceStatusView(space: Pick<Space, 'status' | 'rental_rate'>): SpaceStatusView {
  switch (space.status) {
    case '':
      return { kind: 'loading' };
    case 'rented':
      return { kind: 'occupied', labelKey: 'browse.space.occupied' };
    case 'available': {
      const rate = space.rental_rate !== null && Number.isFinite(space.rental_rate) ? space.rental_rate : null;
      return { kind: 'available', rate, actionKey: rate === null ? 'browse.call' : 'browse.select' };
    }
    case 'held':
      return { kind: 'held', labelKey: 'browse.space.temporary_hold' };
    default:
      return { kind: 'unavailable', labelKey: 'browse.space.unavailable' };
  }
}

const KNOWN_STATUSES: readonly SpaceStatus[] = ['rented', 'available', 'held', 'unavailable'];

/**
 * Applies a row's status lookup (rental §4 Space status): on success the status and rental rate come
 * from the result; a failed lookup, or a status the kiosk does not know, makes the space unavailable
 * so the row never stays on its loader.
 */
export function applyStatusLookup<T extends Pick<Space, 'status' | 'rental_rate'>>(
  space: T,
  lookup: { ok: true; status: string; rental_rate?: number | null } | { ok: false },
): T {
  if (!lookup.ok) return { ...space, status: 'unavailable' };
  const status = (KNOWN_STATUSES as readonly string[]).includes(lookup.status)
    ? (lookup.status as SpaceStatus)
    : 'unavailable';
  return { ...space, status, rental_rate: lookup.rental_rate ?? space.rental_rate };
}

export const NOT_AVAILABLE_KEY = 'browse.space.not_available';

export interface DoorDetail {
  labelKey: string;
  /** null shows as 'N/A' (NOT_AVAILABLE_KEY). */
  value: string | null;
}

/** The space features shown in the expandable details, by the operator's property name. */
const DOOR_FEATURES = [
  { property: 'height', labelKey: 'browse.space.door_height' },
  { property: 'width', labelKey: 'browse.space.door_width' },
  { property: 'ceiling height', labelKey: 'browse.space.ceiling_height' },
] as const;

export function doorDetails(detail: Pick<SpaceDetail, 'features'> | null | undefined): DoorDetail[] {
  const features = detail?.features ?? [];
  return DOOR_FEATURES.map(({ property, labelKey }) => {
    const feature = features.find((f) => f.property_name.trim().toLowerCase() === property);
    const value = feature?.selected_choice?.trim();
    return { labelKey, value: value ? value : null };
  });
}
