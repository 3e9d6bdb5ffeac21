export type PromoType = 'default' | 'rental' | 'military' | 'senior' | 'student';

export interface Promo {
  promo_id: string;
  promo_type: PromoType;
  promo_description: string;
}

/** The unit groups, in the order the detail page shows their category cards. */
export const UNIT_GROUPS = [
  'wine_storage',
  'extra_small',
  'small',
  'medium',
  'large',
  'extra_large',
  'parking',
  'mobile_cube',
  'other',
] as const;
export type UnitGroup = (typeof UNIT_GROUPS)[number];

/** Unit (space type), rental §3. */
export interface Unit {
  unit_id: string;
  unit_type: string;
  actual_width: number;
  actual_length: number;
  actual_square_feet: number;
  /** Self-serve rate; null when there is no rate (the row shows CALL). */
  rental_rate: number | null;
  /** In-store board rate. */
  board_rate: number | null;
  quantity_available_to_rent: number;
  parking: boolean;
  description: string;
  description_updated?: boolean;
  sf_description?: string;
  size: UnitGroup;
  video_id: string | null;
  promos: Promo[];
}

export type SpaceStatus = 'rented' | 'available' | 'held' | 'unavailable' | '';

/** Space, rental §3. */
export interface Space {
  door_id: string;
  door_name: string;
  door_number: string;
  available_unit_id: string;
  space_type_id: string;
  unit_id: string;
  token: string | null;
  rental_rate: number | null;
  available: boolean;
  status: SpaceStatus;
}

export interface SpaceDetail {
  images: { thumbnail_image: string; image_url: string; category: string }[];
  amenities: string[];
  features: { property_name: string; selected_choice: string }[];
}

/** Move-in cost line, rental §3. */
export interface CostLine {
  name: string;
  description: string;
  amount: number;
  tax: number;
  total: number;
  total_without_merchandise: number;
  period: string;
}

/** Result of GET space-types/: every group, each with its space types (an empty list when the facility has none). */
export type GroupedUnits = Record<UnitGroup, Unit[]>;

/** Result of GET space/{doorId}/?live_data=true: the row's live status and rate. */
export interface SpaceLiveData {
  door_id: string;
  door_name: string;
  space_type_id: string;
  status: Exclude<SpaceStatus, ''>;
  rental_rate: number | null;
}

/** One entry of GET get-units-availability-for-facility/. */
export interface UnitAvailability {
  unit_id: string;
  quantity_available_to_rent: number;
}

/** The five size-guide sizes (Extra becomes X- when the guide opens a unit group). */
export const SIZE_GUIDE_SIZES = ['extra_small', 'small', 'medium', 'large', 'extra_large'] as const;
export type SizeGuideSize = (typeof SIZE_GUIDE_SIZES)[number];

/** One entry of GET size-guide/. */
export interface SizeGuideEntry {
  size: SizeGuideSize;
  /** 'Extra Small', 'Small', ... */
  title: string;
  /** 'XS', 'S', ... */
  short_name: string;
  description: string;
  video_url: string;
  poster_url: string;
  /** Live: 0 shows 'Sorry, unfortunately no units available in this size'. */
  quantity_available_to_rent: number;
}

/** Result of both hold calls (space type and space). */
export interface HoldResult {
  token: string;
  space_type_id: string;
  space_id: string;
  door_number: string;
}

/** The management system's raw figures behind the move-in cost lines. */
export interface GdsRawCost {
  move_in_date: string;
  prorated_rent: number;
  rent: number;
  admin_fee: number;
  insurance_premium: number;
  merchandise: number;
  discount: number;
  tax_rate: number;
  tax: number;
  total: number;
  promo_id: string | null;
  insurance_id: number | null;
  item_id: string | null;
}

/** Result of GET space-types/{id}/rental-cost/. The last cost line is the total; Tax comes right before it. */
export interface RentalCostResult {
  costs: CostLine[];
  gds_raw: GdsRawCost;
}
