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
