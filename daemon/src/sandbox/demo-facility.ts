/**
 * The sandbox's demo world: ONE readable file, one section per area.
 *
 * It is long because the whole demo facility is meant to be read in one place: a tester or an
 * operator finds every unit, price, account, card and canned answer the demo shows under its
 * area's section. Everything here is plain data; SandboxState (state.ts) copies it into live state
 * on every reset, so nothing here is ever mutated.
 *
 * URLs starting with `/assets/` are sandbox assets (routes/assets.ts). The sandbox turns them into
 * absolute URLs on the way out (using the request's Host), so the browser can load them offline.
 *
 * Sections: SHAPES, CONFIGURATION, FACILITY, UNITS, SPACES, MEDIA, REVIEWS, AMENITIES, DOCUMENTS,
 * MAP, RESERVATIONS, PROTECTION PLANS & LOCKS, MERCHANDISE, LOOKUPS (zip codes, phones, owner
 * cities), IDENTITY, USERS & TENANTS, BILLING, RENTAL PROCESSING, FACILITY VARIANTS.
 */
import type {
  Amenity,
  Capabilities,
  ChargeLine,
  TenantAddress,
  UserItem,
  FacilityMapImage,
  FacilitySettings,
  InsurancePlan,
  KioskConfig,
  LockItem,
  MediaItem,
  MerchandiseItem,
  NonInteractiveDocument,
  Promo,
  Review,
  SizeGuideSize,
  SpaceDetail,
  UnitGroup,
  UnitAccessStatus,
} from '@kiosk/shared-types';

// =================================================================================================
// SHAPES — how the data below is written (sandbox-only fields the API never shows as such)
// =================================================================================================

/** A promo plus what it takes off the first full month's rent. */
export interface DemoPromo extends Promo {
  discount: { percent: number } | { amount: number };
}

/** A space type. Its quantity_available_to_rent is live: the count of its available spaces. */
export interface DemoUnit {
  unit_id: string;
  unit_type: string;
  size: UnitGroup;
  actual_width: number;
  actual_length: number;
  /** Self-serve rate; null shows CALL. */
  rental_rate: number | null;
  board_rate: number | null;
  parking: boolean;
  description: string;
  /** The operator rewrote the description: the kiosk shows sf_description instead (rental §3). */
  description_updated?: boolean;
  sf_description?: string;
  video_id: string | null;
  promo_ids: string[];
  /** Whether GET facility-insurances/ offers plans for this type (no plans removes content_insurance). */
  offers_protection: boolean;
  /** Whether GET merchandise/ offers the lock for this type. */
  offers_lock: boolean;
  /** Space details every space of this type starts with. */
  details: SpaceDetail;
}

export type SettledSpaceStatus = 'available' | 'rented' | 'held' | 'unavailable';

export interface DemoSpace {
  door_name: string;
  unit_id: string;
  /** 'held' here means held by some other kiosk, for good (it never expires). */
  status: SettledSpaceStatus;
  /** Overrides the unit's rate for this one space. */
  rental_rate?: number | null;
  /** Replaces parts of the unit's details (an empty features list shows N/A everywhere). */
  details?: Partial<SpaceDetail>;
}

/** Access or office hours: one row per weekday; is_today is computed from the facility's clock. */
export interface DemoHours {
  status: string;
  rows: Record<'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday', string>;
}

/** A review; its time is computed as "days_ago" before now so relative dates stay fresh. */
export interface DemoReview extends Omit<Review, 'time'> {
  days_ago: number;
}

export interface DemoReviewSource {
  review_count: number;
  overall_rating: number;
  user_reviews: DemoReview[];
}

export interface DemoReservation {
  reservation_id: string;
  reservation_code: string;
  facility_id: string;
  door_name: string;
  /** The move-in date is this many days after today (facility time). */
  move_in_in_days: number;
  tenant_first_name: string;
  tenant_last_name: string;
  tenant_email: string;
  tenant_phone: string;
}

export interface DemoDocumentPage {
  title: string;
  paragraphs: string[];
}

export interface SizeGuideCopy {
  size: SizeGuideSize;
  title: string;
  short_name: string;
  description: string;
}

/** Everything about one facility id. Variants are the main facility with a few fields changed. */
export interface DemoFacility {
  facility_id: string;
  owner_id: string;
  /** null: the configuration call answers an error (kiosk not configured for this facility). */
  configuration: KioskConfig | null;
  settings: Omit<FacilitySettings, 'facility_id' | 'timings' | 'reviews' | 'features' | 'media' | 'capabilities'>;
  hours: DemoHours[];
  reviews: { google: DemoReviewSource | null; yelp: DemoReviewSource | null };
  amenities: Amenity[];
  media: MediaItem[];
  capabilities: Capabilities;
  documents: NonInteractiveDocument[];
  map: FacilityMapImage[];
  units: DemoUnit[];
  spaces: DemoSpace[];
  promos: DemoPromo[];
  insurance_plans: InsurancePlan[];
  locks: LockItem[];
  /** The supplies sold at the kiosk (GET merchandise/ without a space type), with their stock. */
  merchandise: DemoMerchandiseItem[];
  /** Holds these refuse with SpaceUnavailable, whatever their status ("unit refused" tests). */
  hold_refusals: { unit_ids: string[]; door_names: string[] };
  /** Space types whose rental-cost call always fails ("unable to calculate move in cost" tests). */
  cost_failures: { unit_ids: string[] };
  /** Listed by GET owner/cities/ (the unconfigured facility is not). */
  listed_in_owner_cities: boolean;
}

// =================================================================================================
// CONFIGURATION — how the sandbox itself behaves, and the kiosk configuration of 'demo'
// =================================================================================================

export const SANDBOX_SETTINGS = {
  /** The facility's clock (today's row in the hours, proration, reservation dates). */
  timezone: 'America/Chicago',
  /** Move-in admin fee, dollars. */
  admin_fee: 25,
  /** Sales tax on rent, fees, lock and discount (not on protection premiums). */
  tax_rate: 0.0725,
  /** How many operator calls GET /__sandbox/requests remembers. */
  request_log_limit: 500,
} as const;

const MAPLE_STREET_CONFIGURATION: KioskConfig = {
  // Each pair passes WCAG AA: primary/secondary carry white text, accent carries the text colour.
  colors: {
    primary: '#1E5631',
    primary_text: '#FFFFFF',
    secondary: '#A4361A',
    secondary_text: '#FFFFFF',
    accent: '#F2B134',
    background: '#F7F5F0',
    surface: '#FFFFFF',
    text: '#1B1B1B',
    muted_text: '#4A4A4A',
  },
  title: 'Maple Street Self Storage Kiosk',
  owner_id: 'demo-owner',
  logo: '/assets/logo.svg',
  mute_audio: true,
  welcome: {
    // null: the UI shows its defaults, WELCOME and 'Get started by selecting one of the options to the left'.
    headline: null,
    subheadline: null,
    background_image: '/assets/welcome/background.svg',
    copy: 'Rent a storage unit or parking space in minutes, right here at the kiosk. Clean, well-lit and gated, with climate-controlled units in Building A.',
    video_url: '/assets/video/welcome-loop.webm',
  },
};

// =================================================================================================
// FACILITY — 'demo': Maple Street Self Storage, Springfield IL
// =================================================================================================

const MAPLE_STREET_SETTINGS: DemoFacility['settings'] = {
  name: 'Maple Street Self Storage',
  address1: '1250 Maple Street',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  postal: '62704',
  dba_name: 'Maple Street Self Storage LLC',
  address_exact: '1250 Maple Street, Springfield, IL 62704',
  facility_notes:
    'Climate-controlled units are in Building A; drive-up units in Buildings B and C. The gate closes at 10:00 PM sharp. Moving carts are free at the office.',
  phone: '(217) 555-0182',

  has_insurance_plan: true,
  insurance_required: false,
  own_insurance_text:
    'I have my own insurance that covers my stored goods, and I will show proof of coverage to the Facility Manager. I understand the facility does not insure my belongings.',
  auto_debit_offer:
    'Enroll in AutoPay and never miss a payment: your card is charged automatically on the 1st of each month. Cancel any time.',

  show_gatecode: true,
  is_gatecode_selectable: true,
  gatecode_length: 4,

  autopay_required: false,
  autopay_always_required: false,
  secondary_email_required: false,
  driver_license_required: false,

  enable_storing_vehicle: true,
  enable_parking_type_fields: true,
  disable_parking_reservations: false,
  vehicle_type_kiosk: [
    { value: 'car', label: 'Car' },
    { value: 'truck', label: 'Truck' },
    { value: 'motorcycle', label: 'Motorcycle' },
    { value: 'boat', label: 'Boat' },
    { value: 'rv', label: 'RV / Camper' },
    { value: 'trailer', label: 'Trailer' },
  ],

  wl_reservation_enabled: true,
  senior_citizen_age: 55,
  advanced_dates: 30,

  disable_unit_category: false,
  enable_office_hours: true,
  enable_access_hours: true,
  hide_storage_size_count: false,
  show_instore_only_in_kiosk: false,
  noke: false,
  frontend_conf: {
    secondary_contact_required: false,
    secondary_contact_title: 'Secondary Contact',
    secondary_contact_help_text:
      'Give us someone we can reach if we cannot reach you. They receive lien notices about your account, nothing else.',
  },

  facility_map_url: '/assets/maps/facility-map.html',
  external_paybill: null,
};

const MAPLE_STREET_HOURS: DemoHours[] = [
  {
    status: 'Access Hours',
    rows: {
      Monday: '6:00 AM - 10:00 PM',
      Tuesday: '6:00 AM - 10:00 PM',
      Wednesday: '6:00 AM - 10:00 PM',
      Thursday: '6:00 AM - 10:00 PM',
      Friday: '6:00 AM - 10:00 PM',
      Saturday: '7:00 AM - 9:00 PM',
      Sunday: '7:00 AM - 9:00 PM',
    },
  },
  {
    status: 'Office Hours',
    rows: {
      Monday: '9:00 AM - 6:00 PM',
      Tuesday: '9:00 AM - 6:00 PM',
      Wednesday: '9:00 AM - 6:00 PM',
      Thursday: '9:00 AM - 6:00 PM',
      Friday: '9:00 AM - 6:00 PM',
      Saturday: '9:00 AM - 5:00 PM',
      Sunday: 'Closed',
    },
  },
];

const MAPLE_STREET_CAPABILITIES: Capabilities = {
  // The management system already mails on payment, so the kiosk skips its payment mail.
  pmsNotifications: { reservation: false, rental: false, payment: true },
};

// =================================================================================================
// UNITS — space types, one or more in every group. Promos are in the PROMOS list below.
//   Sold out:        xl-10x30 (every space rented or held) -> size guide 'Sorry, unfortunately ...'
//   No rate (CALL):  other-office
//   Refuses holds:   other-kayak (see hold_refusals)
//   Cost fails:      other-boat (see cost_failures)
//   No protection plans and no lock: the parking types (content_insurance is removed for them)
// =================================================================================================

const feature = (property_name: string, selected_choice: string) => ({ property_name, selected_choice });
const photo = (name: string, category = 'Interior') => ({
  thumbnail_image: `/assets/photos/${name}.svg`,
  image_url: `/assets/photos/${name}.svg`,
  category,
});

const INDOOR_DOOR = [feature('Height', '7 ft'), feature('Width', '3 ft'), feature('Ceiling Height', '8 ft')];
const ROLL_UP_DOOR = [feature('Height', '8 ft'), feature('Width', '8 ft'), feature('Ceiling Height', '10 ft')];
const WIDE_ROLL_UP_DOOR = [feature('Height', '10 ft'), feature('Width', '10 ft'), feature('Ceiling Height', '12 ft')];

const UNITS: DemoUnit[] = [
  {
    unit_id: 'wine-2x3',
    unit_type: 'Wine Locker',
    size: 'wine_storage',
    actual_width: 2,
    actual_length: 3,
    rental_rate: 29,
    board_rate: 35,
    parking: false,
    description: 'Temperature and humidity controlled wine locker, holds about 12 cases.',
    video_id: null,
    promo_ids: [],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('wine-locker')],
      amenities: ['Climate Controlled', 'Humidity Controlled'],
      features: [feature('Height', '6 ft'), feature('Width', '2 ft')],
    },
  },
  {
    unit_id: 'xs-5x5',
    unit_type: 'Climate Controlled',
    size: 'extra_small',
    actual_width: 5,
    actual_length: 5,
    rental_rate: 49,
    board_rate: 59,
    parking: false,
    description: 'About the size of a closet: boxes, seasonal decorations, a small dresser.',
    video_id: 'size-extra-small',
    promo_ids: ['promo-half-first-month', 'promo-military'],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('climate-hallway')],
      amenities: ['Climate Controlled', 'Indoor Access'],
      features: INDOOR_DOOR,
    },
  },
  {
    unit_id: 'xs-4x5',
    unit_type: 'Indoor Locker',
    size: 'extra_small',
    actual_width: 4,
    actual_length: 5,
    rental_rate: 39,
    board_rate: 45,
    parking: false,
    description: 'Ground-floor locker for files, tools or sports gear.',
    video_id: 'size-extra-small',
    promo_ids: [],
    offers_protection: true,
    offers_lock: true,
    details: { images: [photo('indoor-locker')], amenities: ['Indoor Access'], features: INDOOR_DOOR },
  },
  {
    unit_id: 's-5x10',
    unit_type: 'Indoor',
    size: 'small',
    actual_width: 5,
    actual_length: 10,
    rental_rate: 69,
    board_rate: 79,
    parking: false,
    description: 'A walk-in closet: the contents of a studio apartment or a dorm room.',
    video_id: 'size-small',
    promo_ids: ['promo-half-first-month', 'promo-military', 'promo-senior', 'promo-student'],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('indoor-hallway')],
      amenities: ['Indoor Access', 'Elevator Access'],
      features: INDOOR_DOOR,
    },
  },
  {
    unit_id: 's-5x10-cc',
    unit_type: 'Climate Controlled',
    size: 'small',
    actual_width: 5,
    actual_length: 10,
    rental_rate: 79,
    board_rate: 92,
    parking: false,
    description: 'Climate controlled 5x10 for furniture, electronics and documents.',
    description_updated: true,
    sf_description: 'Climate controlled 5x10 on the ground floor, a short walk from the loading dock.',
    video_id: 'size-small',
    promo_ids: ['promo-half-first-month'],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('climate-hallway')],
      amenities: ['Climate Controlled', 'Indoor Access'],
      features: INDOOR_DOOR,
    },
  },
  {
    unit_id: 'm-10x10',
    unit_type: 'Drive-Up',
    size: 'medium',
    actual_width: 10,
    actual_length: 10,
    rental_rate: 119,
    board_rate: 139,
    parking: false,
    description: 'Half a one-car garage: a one-bedroom apartment with appliances.',
    video_id: 'size-medium',
    promo_ids: ['promo-kiosk-ten-off', 'promo-military', 'promo-senior', 'promo-student'],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('drive-up-aisle', 'Exterior')],
      amenities: ['Drive-Up Access', 'Roll-Up Door'],
      features: ROLL_UP_DOOR,
    },
  },
  {
    unit_id: 'm-10x15',
    unit_type: 'Drive-Up',
    size: 'medium',
    actual_width: 10,
    actual_length: 15,
    rental_rate: 149,
    board_rate: 169,
    parking: false,
    description: 'A two-bedroom apartment, or a one-bedroom with a garage full of tools.',
    video_id: 'size-medium',
    promo_ids: ['promo-kiosk-ten-off'],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('drive-up-aisle', 'Exterior')],
      amenities: ['Drive-Up Access', 'Roll-Up Door'],
      features: ROLL_UP_DOOR,
    },
  },
  {
    unit_id: 'l-10x20',
    unit_type: 'Drive-Up',
    size: 'large',
    actual_width: 10,
    actual_length: 20,
    rental_rate: 189,
    board_rate: 215,
    parking: false,
    description: 'A one-car garage: a three-bedroom house, or a car.',
    video_id: 'size-large',
    promo_ids: ['promo-military'],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('drive-up-wide', 'Exterior')],
      amenities: ['Drive-Up Access', 'Roll-Up Door', 'Power Outlet'],
      features: WIDE_ROLL_UP_DOOR,
    },
  },
  {
    unit_id: 'xl-10x30',
    unit_type: 'Drive-Up',
    size: 'extra_large',
    actual_width: 10,
    actual_length: 30,
    rental_rate: 259,
    board_rate: 289,
    parking: false,
    description: 'A large house with appliances, or a business inventory.',
    video_id: 'size-extra-large',
    promo_ids: [],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('drive-up-wide', 'Exterior')],
      amenities: ['Drive-Up Access', 'Roll-Up Door'],
      features: WIDE_ROLL_UP_DOOR,
    },
  },
  {
    unit_id: 'p-10x20',
    unit_type: 'Outdoor Parking',
    size: 'parking',
    actual_width: 10,
    actual_length: 20,
    rental_rate: 59,
    board_rate: 69,
    parking: true,
    description: 'Paved, gated outdoor space for a car, truck or small trailer.',
    video_id: null,
    promo_ids: [],
    offers_protection: false,
    offers_lock: false,
    details: { images: [photo('parking-lot', 'Exterior')], amenities: ['Gated', 'Paved'], features: [] },
  },
  {
    unit_id: 'p-12x40',
    unit_type: 'Covered RV Parking',
    size: 'parking',
    actual_width: 12,
    actual_length: 40,
    rental_rate: 129,
    board_rate: 149,
    parking: true,
    description: 'Covered space for an RV, camper or boat on a trailer.',
    video_id: null,
    promo_ids: [],
    offers_protection: false,
    offers_lock: false,
    details: {
      images: [photo('covered-parking', 'Exterior')],
      amenities: ['Covered', 'Gated'],
      features: [feature('Ceiling Height', '14 ft')],
    },
  },
  {
    unit_id: 'cube-8x16',
    unit_type: 'Mobile Cube',
    size: 'mobile_cube',
    actual_width: 8,
    actual_length: 16,
    rental_rate: 99,
    board_rate: 119,
    parking: false,
    description: 'A portable container delivered to your door, then stored here.',
    video_id: null,
    promo_ids: [],
    offers_protection: true,
    offers_lock: true,
    details: {
      images: [photo('mobile-cube', 'Exterior')],
      amenities: ['Delivered to You'],
      features: [feature('Height', '7 ft'), feature('Width', '7 ft')],
    },
  },
  {
    unit_id: 'other-office',
    unit_type: 'Office Suite',
    size: 'other',
    actual_width: 10,
    actual_length: 12,
    rental_rate: null,
    board_rate: null,
    parking: false,
    description: 'Small office with a desk and Wi-Fi. Call the office for a rate.',
    video_id: null,
    promo_ids: [],
    offers_protection: true,
    offers_lock: false,
    details: { images: [photo('office-suite')], amenities: ['Wi-Fi', 'Power Outlet'], features: [] },
  },
  {
    unit_id: 'other-kayak',
    unit_type: 'Kayak Rack',
    size: 'other',
    actual_width: 3,
    actual_length: 12,
    rental_rate: 25,
    board_rate: 30,
    parking: false,
    description: 'Covered rack space for one kayak or canoe.',
    video_id: null,
    promo_ids: [],
    offers_protection: true,
    offers_lock: true,
    details: { images: [photo('kayak-rack', 'Exterior')], amenities: ['Covered'], features: [] },
  },
  {
    unit_id: 'other-boat',
    unit_type: 'Boat Storage',
    size: 'other',
    actual_width: 12,
    actual_length: 30,
    rental_rate: 139,
    board_rate: 159,
    parking: false,
    description: 'Indoor boat storage, trailer included.',
    video_id: null,
    promo_ids: [],
    offers_protection: true,
    offers_lock: true,
    details: { images: [photo('boat-storage')], amenities: ['Indoor', 'Drive-Through'], features: WIDE_ROLL_UP_DOOR },
  },
];

/** One promo of each type. A discount comes off the first full month's rent. */
const PROMOS: DemoPromo[] = [
  {
    promo_id: 'promo-half-first-month',
    promo_type: 'default',
    promo_description: '50% off your first full month',
    discount: { percent: 50 },
  },
  {
    promo_id: 'promo-kiosk-ten-off',
    promo_type: 'rental',
    promo_description: 'Kiosk special: $10 off your first full month',
    discount: { amount: 10 },
  },
  {
    promo_id: 'promo-military',
    promo_type: 'military',
    promo_description: 'Active military: 15% off your first full month',
    discount: { percent: 15 },
  },
  {
    promo_id: 'promo-senior',
    promo_type: 'senior',
    promo_description: 'Seniors 55+: 10% off your first full month',
    discount: { percent: 10 },
  },
  {
    promo_id: 'promo-student',
    promo_type: 'student',
    promo_description: 'Students: 10% off your first full month',
    discount: { percent: 10 },
  },
];

// =================================================================================================
// SPACES — door names in three styles ('A101', '015', 'B-12'). Every status appears.
//   Available, safe to hold in tests:  A101 (xs-5x5), B-10 and B-11 (m-10x10), 015 (s-5x10), P-01 (parking)
//   Rented: A102, B-13    Held by another kiosk (never expires): A103, B-14    Unavailable: A112, P-04
//   B-12: reserved by DEMO1234 (shows unavailable; holdable for the reservation)
//   X999: available but refuses every hold (hold_refusals)
// =================================================================================================

const SPACES: DemoSpace[] = [
  // Building A: indoor, climate controlled
  { door_name: 'A101', unit_id: 'xs-5x5', status: 'available' },
  { door_name: 'A102', unit_id: 'xs-5x5', status: 'rented' },
  { door_name: 'A103', unit_id: 'xs-5x5', status: 'held' },
  { door_name: 'A104', unit_id: 'xs-4x5', status: 'available' },
  { door_name: 'A105', unit_id: 'xs-4x5', status: 'available', details: { images: [] } },
  { door_name: 'A110', unit_id: 's-5x10-cc', status: 'available', rental_rate: 75 },
  { door_name: 'A111', unit_id: 's-5x10-cc', status: 'rented' },
  { door_name: 'A112', unit_id: 's-5x10-cc', status: 'unavailable', details: { features: [] } },
  { door_name: 'W-01', unit_id: 'wine-2x3', status: 'available' },
  { door_name: 'W-02', unit_id: 'wine-2x3', status: 'available' },
  { door_name: 'W-03', unit_id: 'wine-2x3', status: 'rented' },
  // Indoor hallway, numbered doors
  { door_name: '015', unit_id: 's-5x10', status: 'available' },
  { door_name: '016', unit_id: 's-5x10', status: 'available', details: { features: [feature('Width', '3 ft')] } },
  { door_name: '017', unit_id: 's-5x10', status: 'rented' },
  // Building B: drive-up
  { door_name: 'B-10', unit_id: 'm-10x10', status: 'available' },
  { door_name: 'B-11', unit_id: 'm-10x10', status: 'available' },
  { door_name: 'B-12', unit_id: 'm-10x10', status: 'unavailable' },
  { door_name: 'B-13', unit_id: 'm-10x10', status: 'rented' },
  { door_name: 'B-14', unit_id: 'm-10x10', status: 'held' },
  { door_name: 'X999', unit_id: 'm-10x10', status: 'available' },
  { door_name: 'B-20', unit_id: 'm-10x15', status: 'available' },
  { door_name: 'B-21', unit_id: 'm-10x15', status: 'rented' },
  // Building C: large drive-up (no extra-large space is available)
  { door_name: 'C-01', unit_id: 'l-10x20', status: 'available' },
  { door_name: 'C-02', unit_id: 'l-10x20', status: 'available' },
  { door_name: 'C-03', unit_id: 'l-10x20', status: 'rented' },
  { door_name: 'C-30', unit_id: 'xl-10x30', status: 'rented' },
  { door_name: 'C-31', unit_id: 'xl-10x30', status: 'held' },
  { door_name: 'C-32', unit_id: 'xl-10x30', status: 'unavailable' },
  // Parking lot
  { door_name: 'P-01', unit_id: 'p-10x20', status: 'available' },
  { door_name: 'P-02', unit_id: 'p-10x20', status: 'available' },
  { door_name: 'P-03', unit_id: 'p-10x20', status: 'rented' },
  { door_name: 'P-04', unit_id: 'p-10x20', status: 'unavailable' },
  { door_name: 'P-05', unit_id: 'p-10x20', status: 'unavailable' },
  { door_name: 'RV-1', unit_id: 'p-12x40', status: 'available' },
  { door_name: 'RV-2', unit_id: 'p-12x40', status: 'rented' },
  // Mobile cubes and other units
  { door_name: 'MC-1', unit_id: 'cube-8x16', status: 'available' },
  { door_name: 'MC-2', unit_id: 'cube-8x16', status: 'available' },
  { door_name: 'O-1', unit_id: 'other-office', status: 'available' },
  { door_name: 'K-01', unit_id: 'other-kayak', status: 'available' },
  { door_name: 'K-02', unit_id: 'other-kayak', status: 'available' },
  { door_name: 'BS-1', unit_id: 'other-boat', status: 'available' },
];

// =================================================================================================
// MEDIA — the detail page's slider, and the size guide's videos and copy
// =================================================================================================

const MAPLE_STREET_MEDIA: MediaItem[] = [
  {
    type: 'photo',
    url: '/assets/photos/facility-front.svg',
    thumbnail_url: '/assets/photos/facility-front.svg',
    title: 'Front gate and office',
  },
  { type: 'map', url: '/assets/maps/static-map.svg', thumbnail_url: '/assets/maps/static-map.svg', title: 'Map' },
  {
    type: 'street_view',
    url: '/assets/maps/street-view.svg',
    thumbnail_url: '/assets/maps/street-view.svg',
    title: 'Street view',
  },
  {
    type: 'video',
    url: '/assets/video/facility-tour.webm',
    thumbnail_url: '/assets/video/poster.svg',
    title: 'Facility tour',
  },
  {
    type: 'photo',
    url: '/assets/photos/drive-up-aisle.svg',
    thumbnail_url: '/assets/photos/drive-up-aisle.svg',
    title: 'Drive-up units',
  },
  {
    type: 'photo',
    url: '/assets/photos/climate-hallway.svg',
    thumbnail_url: '/assets/photos/climate-hallway.svg',
    title: 'Climate-controlled hallway',
  },
  {
    type: 'photo',
    url: '/assets/photos/office-lobby.svg',
    thumbnail_url: '/assets/photos/office-lobby.svg',
    title: 'Office and supplies',
  },
];

export const SIZE_GUIDE: SizeGuideCopy[] = [
  { size: 'extra_small', title: 'Extra Small', short_name: 'XS', description: 'Boxes, seasonal items, a bicycle.' },
  { size: 'small', title: 'Small', short_name: 'S', description: 'A studio apartment or a dorm room.' },
  { size: 'medium', title: 'Medium', short_name: 'M', description: 'A one- or two-bedroom apartment.' },
  { size: 'large', title: 'Large', short_name: 'L', description: 'A three-bedroom house, or a car.' },
  { size: 'extra_large', title: 'Extra Large', short_name: 'XL', description: 'A large house or business inventory.' },
];

// =================================================================================================
// REVIEWS — Google and Yelp. One Yelp image URL is broken on purpose (the UI falls back to its
// default avatar); one reviewer has no image at all.
// =================================================================================================

const MAPLE_STREET_REVIEWS: DemoFacility['reviews'] = {
  google: {
    review_count: 128,
    overall_rating: 4.7,
    user_reviews: [
      {
        author_name: 'Dana Whitfield',
        image_url: '/assets/reviews/dana-whitfield.svg',
        days_ago: 0,
        user_rate: 5,
        text: 'Rented a 10x10 at the kiosk in about five minutes. The gate code worked right away.',
      },
      {
        author_name: 'Marcus Bell',
        image_url: '/assets/reviews/marcus-bell.svg',
        days_ago: 3,
        user_rate: 5,
        text: 'Clean, bright and the climate-controlled units really stay cool in July.',
      },
      {
        author_name: 'Priya Raman',
        image_url: '/assets/reviews/priya-raman.svg',
        days_ago: 12,
        user_rate: 4,
        text: 'Friendly staff and free moving carts. The drive-up aisles are a little tight for a big truck.',
      },
      {
        author_name: 'Tom Kowalski',
        image_url: '/assets/reviews/tom-kowalski.svg',
        days_ago: 45,
        user_rate: 4.5,
        text: 'Good prices and the online account makes paying easy.',
      },
    ],
  },
  yelp: {
    review_count: 23,
    overall_rating: 4.0,
    user_reviews: [
      {
        author_name: 'Rosa Ortega',
        image_url: '/assets/reviews/missing/rosa-ortega.jpg',
        days_ago: 5,
        user_rate: 4,
        text: 'Easy move-in, and the office sold me a lock and boxes on the spot.',
      },
      {
        author_name: 'Kevin H.',
        image_url: null,
        days_ago: 400,
        user_rate: 3,
        text: 'Fine place. The gate was slow to open once, but the manager sorted it out quickly.',
      },
    ],
  },
};

// =================================================================================================
// AMENITIES
// =================================================================================================

const MAPLE_STREET_AMENITIES: Amenity[] = [
  { name: 'Climate Controlled', image_url: '/assets/icons/climate-controlled.svg' },
  { name: 'Drive-Up Access', image_url: '/assets/icons/drive-up-access.svg' },
  { name: '24/7 Video Surveillance', image_url: '/assets/icons/video-surveillance.svg' },
  { name: 'Gated Electronic Access', image_url: '/assets/icons/gated-access.svg' },
  { name: 'Moving Carts & Dollies', image_url: '/assets/icons/moving-carts.svg' },
  { name: 'Boxes & Packing Supplies', image_url: '/assets/icons/packing-supplies.svg' },
  { name: 'RV & Boat Parking', image_url: '/assets/icons/rv-boat-parking.svg' },
  { name: 'Well-Lit Facility', image_url: null },
];

// =================================================================================================
// DOCUMENTS — non-interactive documents (Rental Documents and Protection Brochure in the sidebar)
// and the pages the sandbox serves for them at /assets/documents/{slug}.html or .pdf
// =================================================================================================

const MAPLE_STREET_DOCUMENTS: NonInteractiveDocument[] = [
  { document_type: 'lease_agreement', name: 'Rental Agreement', location: '/assets/documents/rental-agreement.html' },
  { document_type: 'rules_and_regulations', name: 'Facility Rules', location: '/assets/documents/facility-rules.pdf' },
  {
    document_type: 'insurance_brochure_non_interactive',
    name: 'Protection Plan Brochure',
    location: '/assets/documents/protection-brochure.html',
  },
  {
    document_type: 'insurance_certificate_non_interactive',
    name: 'Certificate of Protection',
    location: '/assets/documents/protection-certificate.html',
  },
];

export const DOCUMENT_PAGES: Record<string, DemoDocumentPage> = {
  'rental-agreement': {
    title: 'Rental Agreement',
    paragraphs: [
      'This Rental Agreement is between Maple Street Self Storage LLC ("Owner") and the Occupant named at move-in.',
      'Rent is due in advance on the 1st of each month. A late fee of $15 applies after the 6th.',
      'The Occupant keeps the only key or code to the space. The Owner does not take custody of stored goods.',
      'Hazardous materials, perishables and living things may not be stored.',
      'This is a sample document served by the kiosk sandbox.',
    ],
  },
  'facility-rules': {
    title: 'Facility Rules',
    paragraphs: [
      'Access hours are 6:00 AM to 10:00 PM on weekdays and 7:00 AM to 9:00 PM on weekends.',
      'Enter your own gate code every time; do not let other vehicles follow you through the gate.',
      'Speed limit 5 mph. No smoking anywhere on the property.',
    ],
  },
  'protection-brochure': {
    title: 'Protection Plan Brochure',
    paragraphs: [
      'Protection plans cover your stored goods for fire, lightning, explosion; smoke or water but not flood; vandalism, malicious mischief, burglary; windstorm, hail; weight of ice, snow or sleet, and building collapse.',
      'Plans from $2,000 to $5,000 of coverage, billed monthly with your rent.',
      'This is a sample document served by the kiosk sandbox.',
    ],
  },
  'protection-certificate': {
    title: 'Certificate of Protection',
    paragraphs: [
      'This certificate confirms the protection plan chosen at move-in.',
      'This is a sample document served by the kiosk sandbox.',
    ],
  },
};

// =================================================================================================
// MAP — facility-map images with clickable spaces (GET user/facility/{facility}/map/)
// =================================================================================================

const MAPLE_STREET_MAP: FacilityMapImage[] = [
  {
    name: 'Site plan',
    image_url: '/assets/maps/facility-map.svg',
    width: 1200,
    height: 800,
    polygons: [
      {
        door_name: 'A101',
        left: 120,
        top: 120,
        width: 80,
        height: 60,
        media: [{ media_type: 'yt', media_url: '/assets/video/embed/a101.html' }],
      },
      { door_name: 'A110', left: 220, top: 120, width: 80, height: 60, media: [] },
      {
        door_name: 'B-10',
        left: 520,
        top: 140,
        width: 90,
        height: 90,
        media: [{ media_type: 'wistia', media_url: '/assets/video/embed/b-10.html' }],
      },
      { door_name: 'B-11', left: 620, top: 140, width: 90, height: 90, media: [] },
      { door_name: 'B-12', left: 720, top: 140, width: 90, height: 90, media: [] },
      { door_name: 'C-01', left: 520, top: 420, width: 120, height: 100, media: [] },
      { door_name: 'P-01', left: 900, top: 560, width: 100, height: 160, media: [] },
    ],
  },
];

// =================================================================================================
// RESERVATIONS — findable by code (case-insensitive) at FIND MY RESERVATION
//   DEMO1234: space B-12 (m-10x10), move-in tomorrow
//   PARK5678: parking space P-05, move-in in 5 days
// =================================================================================================

export const RESERVATIONS: DemoReservation[] = [
  {
    reservation_id: 'res-1001',
    reservation_code: 'DEMO1234',
    facility_id: 'demo',
    door_name: 'B-12',
    move_in_in_days: 1,
    tenant_first_name: 'Jordan',
    tenant_last_name: 'Miller',
    tenant_email: 'jordan.miller@example.com',
    tenant_phone: '(217) 555-0147',
  },
  {
    reservation_id: 'res-1002',
    reservation_code: 'PARK5678',
    facility_id: 'demo',
    door_name: 'P-05',
    move_in_in_days: 5,
    tenant_first_name: 'Alex',
    tenant_last_name: 'Nguyen',
    tenant_email: 'alex.nguyen@example.com',
    tenant_phone: '(217) 555-0163',
  },
];

// =================================================================================================
// PROTECTION PLANS & LOCKS — offered for every type with offers_protection / offers_lock
// =================================================================================================

const PROTECTION_PLANS: InsurancePlan[] = [
  {
    insurance_id: 101,
    name: 'Basic Protection',
    enabled: true,
    coverage_amount: 2000,
    monthly_premium: 12,
    default: true,
    is_popular: 0,
  },
  {
    insurance_id: 102,
    name: 'Standard Protection',
    enabled: true,
    coverage_amount: 3000,
    monthly_premium: 16,
    default: false,
    is_popular: 1,
  },
  {
    insurance_id: 103,
    name: 'Premium Protection',
    enabled: true,
    coverage_amount: 5000,
    monthly_premium: 24,
    default: false,
    is_popular: 0,
  },
  // Disabled: never listed by the UI, refused by rental-cost.
  {
    insurance_id: 104,
    name: 'Elite Protection',
    enabled: false,
    coverage_amount: 10000,
    monthly_premium: 39,
    default: false,
    is_popular: 0,
  },
];

const LOCKS: LockItem[] = [
  { item_id: 'lock-disc-70', name: 'Disc Lock (70 mm)', amount: 19.99, image_url: '/assets/lock.svg' },
];

// =================================================================================================
// MERCHANDISE — boxes, tape and locks sold at /merchandise (GET merchandise/ lists them all)
// =================================================================================================

/** A supply item plus how many the office has; a sale of more than that answers ItemSoldOut. */
export interface DemoMerchandiseItem extends MerchandiseItem {
  stock: number;
}

/** Sales tax on supplies, in percent (the facility's rate). */
const SUPPLIES_TAX_RATE = Math.round(SANDBOX_SETTINGS.tax_rate * 10_000) / 100;

const MERCHANDISE: DemoMerchandiseItem[] = [
  ...LOCKS.map((lock) => ({ ...lock, tax_rate: SUPPLIES_TAX_RATE, stock: 40 })),
  {
    item_id: 'box-small',
    name: 'Small Moving Box',
    amount: 2.49,
    image_url: '/assets/icons/small-box.svg',
    stock: 200,
  },
  {
    item_id: 'box-medium',
    name: 'Medium Moving Box',
    amount: 3.49,
    image_url: '/assets/icons/medium-box.svg',
    stock: 200,
  },
  {
    item_id: 'box-large',
    name: 'Large Moving Box',
    amount: 4.49,
    image_url: '/assets/icons/large-box.svg',
    stock: 150,
  },
  { item_id: 'tape', name: 'Packing Tape', amount: 4.99, image_url: '/assets/icons/tape.svg', stock: 80 },
  {
    item_id: 'bubble-wrap',
    name: 'Bubble Wrap (12 in x 30 ft)',
    amount: 9.99,
    image_url: '/assets/icons/bubble-wrap.svg',
    stock: 25,
  },
  // Listed, but the office has none left: a sale including it answers ItemSoldOut ("sold out" tests).
  {
    item_id: 'mattress-bag',
    name: 'Mattress Bag',
    amount: 7.99,
    image_url: '/assets/icons/mattress-bag.svg',
    stock: 0,
  },
].map((item) => ({ tax_rate: SUPPLIES_TAX_RATE, ...item }));

// =================================================================================================
// LOOKUPS — zip codes, phone validation rules, owner cities
// =================================================================================================

/** GET zipcode/: real zip -> state pairs. Anything else answers 'Invalid zip code'. */
export const ZIP_CODES: Record<string, string> = {
  '62701': 'IL',
  '62703': 'IL',
  '62704': 'IL',
  '62523': 'IL',
  '60601': 'IL',
  '90210': 'CA',
  '10001': 'NY',
  '73301': 'TX',
  '33101': 'FL',
  '98101': 'WA',
  '02108': 'MA',
  '80202': 'CO',
  '30301': 'GA',
  '85001': 'AZ',
};

/**
 * GET common-data/validate-phone/: a number is valid when it has 10 digits (after an optional
 * leading country code 1), its area code does not start with 0 or 1, and its line number is not 0000.
 * Invalid examples: (000) 123-4567, (111) 555-1234, (217) 555-0000. Valid: (217) 555-0182.
 */
export const PHONE_RULES = {
  invalidAreaCodeFirstDigits: ['0', '1'],
  invalidLineNumbers: ['0000'],
} as const;

// Owner cities come from the facilities below (listed_in_owner_cities): Springfield has two
// facilities (demo, demo-smart), Decatur has exactly one (external-paybill).

// =================================================================================================
// IDENTITY — identity provider sessions, dossiers, licence scans. (Filled by the identity area.)
//   The text with the link goes to GET /__sandbox/texts; the phone page it links to
//   (/pages/identity/onboard/{interview_id}) offers 'Complete verification (pass)' and '(fail)'.
//   pass -> overall score 8.7 (confidence 90: verified); fail -> 3.2 (confidence 30: not verified).
//   A phone in fail_phones fails whichever button is pressed.
//   tenant@example.com was verified before (GET owners/{owner}/items?emailId=).
// =================================================================================================

/** The person on the demo licence every phone-side session scans. */
export interface DemoLicence {
  first_name: string;
  last_name: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  issuing_state: string;
  number: string;
  /** YYYY-MM-DD */
  issue_date: string;
  expiry_date: string;
  date_of_birth: string;
}

/** One-time login code the sandbox accepts (CONTRIBUTING.md). */
export const DEMO_IDENTITY = {
  otpCode: '123456',
  /** The identity provider's client id for this owner. */
  client_id: 'maple-street-kiosk',
  /** get-score overall.value (0-10) for each outcome of the phone page. */
  scores: { pass: '8.7', fail: '3.2' },
  /** Sessions started for these phones (10 digits) always fail. */
  fail_phones: ['2175550199'],
  licence: {
    first_name: 'Jordan',
    last_name: 'Avery',
    street: '742 Evergreen Terrace',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62704',
    issuing_state: 'IL',
    number: 'A123-4567-8901',
    issue_date: '2022-03-14',
    expiry_date: '2030-03-14',
    date_of_birth: '1985-06-02',
  } satisfies DemoLicence,
  /** Earlier verifications returned by owner items, by e-mail. */
  verified_owners: [
    {
      email: 'tenant@example.com',
      phone: '(217) 555-0147',
      verified_at: '2025-01-10T15:30:00.000Z',
      licence: {
        first_name: 'Taylor',
        last_name: 'Morgan',
        street: '18 Lincoln Avenue',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        issuing_state: 'IL',
        number: 'M555-0147-2290',
        issue_date: '2021-08-01',
        expiry_date: '2029-08-01',
        date_of_birth: '1979-11-23',
      } satisfies DemoLicence,
    },
  ],
} as const;

// =================================================================================================
// USERS & TENANTS — accounts, user items, tenants. (Filled by the users area.)
// =================================================================================================

const TAYLOR_MORGAN_ADDRESS: TenantAddress = {
  address1: '18 Lincoln Avenue',
  address2: '',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62701',
};

const SAM_RIVERA_ADDRESS: TenantAddress = {
  address1: '9 Cedar Court',
  address2: 'Apt 2',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62704',
};

const ROBIN_HALE_ADDRESS: TenantAddress = {
  address1: '240 Walnut Street',
  address2: '',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62702',
};

// -- Tenant contact details (POST update-tenant-contact/, routes/tenant-contact.ts) --------------------

/** A secondary (lien notice) contact, listed in tenant_details with type 'secondary'. */
export interface DemoSecondaryContact {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: TenantAddress;
}

/** Taylor Morgan's secondary contact (tenant t-5001). */
const JORDAN_MORGAN_SECONDARY_CONTACT: DemoSecondaryContact = {
  first_name: 'Jordan',
  last_name: 'Morgan',
  email: 'jordan.morgan@example.org',
  phone: '+12175550123',
  address: { address1: '77 Elm Street', address2: '', city: 'Chatham', stateCode: 'IL', postalCode: '62629' },
};

/**
 * What the operator refuses when a tenant changes their contact details: an e-mail another account
 * or tenant uses (e.g. norentals@example.com) at tenant_email, and the landline of
 * DEMO_RENTAL_PROCESSING ((217) 555-0111) at tenant_phone. Everything else is saved; the change is
 * confirmed by a mail to the tenant (and to the old address when the e-mail changed) and, when
 * the cell phone changed, a text to the old number.
 */
export const DEMO_TENANT_CONTACT = {
  emailTakenMessage: 'Another account already uses this e-mail address.',
  landlineMessage: 'This number is a landline and cannot receive text messages.',
} as const;

/** A kiosk account. `items` is what GET user/items/ lists at reset (a linked rental adds to it). */
export interface DemoUser {
  user_id: string;
  email: string;
  password: string;
  /** '+1' and 10 digits; '' when the account has no phone (no one-time-code login). */
  phone: string;
  first_name: string;
  last_name: string;
  address: TenantAddress;
  /** An earlier identity verification (get-user-details idv_id). */
  idv_id: string | null;
  items: UserItem[];
}

/** A tenant in the management system. `details_fail`: its user-item-details call answers an error. */
export interface DemoTenant {
  tenant_id: string;
  facility_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: TenantAddress;
  details_fail?: boolean;
  /** The secondary (lien notice) contact on file (DEMO_TENANT_CONTACT). */
  secondary_contact?: DemoSecondaryContact | null;
}

/**
 *   tenant@example.com / Password!1  Taylor Morgan, phone (217) 555-0147 (one-time code 123456).
 *                                    Tenant t-5001 at demo: A102 (balance due, autopay off) and
 *                                    B-13 (paid up, autopay on), plus a reservation (res_id, skipped).
 *                                    Tenant t-5009 is listed too; its details call fails (ignored).
 *   norentals@example.com / Password!1  Sam Rivera, phone (217) 555-0175, no rentals yet: links
 *                                    space 017 (or '17') at demo with gate code 4826.
 *   joint@example.com / Password!1     Robin Hale, no phone. Tenants t-5010 and t-5011 at demo:
 *                                    A111 (no leaseId yet, listed all the same), B-21 under both
 *                                    tenants (listed twice; t-5010's pre-pay call fails).
 *   A phone with no account: (217) 555-0100.
 */
// =================================================================================================
// LOCKED OUT — past-due tenants whose access a payment changes (docs/sandbox.md "Locked out")
// =================================================================================================

/**
 *   gatelocked@example.com / Password!1  Jordan Price, phone (217) 555-0191. Tenant t-5020 at demo:
 *                                    C-03, past due, gate code suspended; paying it restores access.
 *   overlocked@example.com / Password!1  Casey Brooks, phone (217) 555-0192. Tenant t-5021 at demo:
 *                                    C-30, past due and overlocked; paying it leaves the lock to the
 *                                    Facility Manager.
 * A tenant who is not locked out (access 'ok') is tenant@example.com's A102.
 */
const JORDAN_PRICE_ADDRESS: TenantAddress = {
  address1: '77 Elm Street',
  address2: '',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62703',
};

const CASEY_BROOKS_ADDRESS: TenantAddress = {
  address1: '5 Oak Lane',
  address2: 'Unit 4',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62704',
};

const LOCKED_OUT = {
  accounts: [
    {
      user_id: 'u-1020',
      email: 'gatelocked@example.com',
      password: 'Password!1',
      phone: '+12175550191',
      first_name: 'Jordan',
      last_name: 'Price',
      address: JORDAN_PRICE_ADDRESS,
      idv_id: null,
      items: [{ facility: 'demo', tenants: ['t-5020'] }],
    },
    {
      user_id: 'u-1021',
      email: 'overlocked@example.com',
      password: 'Password!1',
      phone: '+12175550192',
      first_name: 'Casey',
      last_name: 'Brooks',
      address: CASEY_BROOKS_ADDRESS,
      idv_id: null,
      items: [{ facility: 'demo', tenants: ['t-5021'] }],
    },
  ] satisfies DemoUser[],
  tenants: [
    {
      tenant_id: 't-5020',
      facility_id: 'demo',
      first_name: 'Jordan',
      last_name: 'Price',
      email: 'gatelocked@example.com',
      phone: '+12175550191',
      address: JORDAN_PRICE_ADDRESS,
    },
    {
      tenant_id: 't-5021',
      facility_id: 'demo',
      first_name: 'Casey',
      last_name: 'Brooks',
      email: 'overlocked@example.com',
      phone: '+12175550192',
      address: CASEY_BROOKS_ADDRESS,
    },
  ] satisfies DemoTenant[],
  leases: [
    {
      tenant_id: 't-5020',
      facility_id: 'demo',
      door_name: 'C-03',
      leaseId: 'L-7020',
      gate_code: '7314',
      monthly_rent: 159,
      balance: [
        { costType: 'Monthly Rent', description: 'Monthly Rent', amount: 159, total: 159 },
        { costType: 'fee', description: 'Late Fee', amount: 20, total: 20 },
      ],
      paid_through_month: -1,
      autopay_card_last4: null,
      access_status: 'gate_suspended',
    },
    {
      tenant_id: 't-5021',
      facility_id: 'demo',
      door_name: 'C-30',
      leaseId: 'L-7021',
      gate_code: '9052',
      monthly_rent: 219,
      balance: [
        { costType: 'Monthly Rent', description: 'Monthly Rent', amount: 219, total: 219 },
        { costType: 'Monthly Rent', description: 'Monthly Rent', amount: 219, total: 219 },
        { costType: 'fee', description: 'Overlock Fee', amount: 35, total: 35 },
      ],
      paid_through_month: -2,
      autopay_card_last4: null,
      access_status: 'overlocked',
    },
  ] satisfies DemoLease[],
} as const;

export const DEMO_USERS = {
  testUser: { email: 'tenant@example.com', password: 'Password!1' },
  noRentalsUser: { email: 'norentals@example.com', password: 'Password!1' },
  jointUser: { email: 'joint@example.com', password: 'Password!1' },
  phoneWithoutAccount: '(217) 555-0100',
  /** Error of a wrong login. */
  loginFailedMessage: 'Unable to log in with provided credentials.',
  /** Field error of create-user for a taken e-mail. */
  emailTakenMessage: 'User with the same email id already exists',
  accounts: [
    {
      user_id: 'u-1001',
      email: 'tenant@example.com',
      password: 'Password!1',
      phone: '+12175550147',
      first_name: 'Taylor',
      last_name: 'Morgan',
      address: TAYLOR_MORGAN_ADDRESS,
      idv_id: 'idv-taylor-morgan',
      items: [{ facility: 'demo', tenants: ['t-5001', 't-5009'] }],
    },
    {
      user_id: 'u-1002',
      email: 'norentals@example.com',
      password: 'Password!1',
      phone: '+12175550175',
      first_name: 'Sam',
      last_name: 'Rivera',
      address: SAM_RIVERA_ADDRESS,
      idv_id: null,
      items: [],
    },
    {
      user_id: 'u-1003',
      email: 'joint@example.com',
      password: 'Password!1',
      phone: '',
      first_name: 'Robin',
      last_name: 'Hale',
      address: ROBIN_HALE_ADDRESS,
      idv_id: null,
      items: [{ facility: 'demo', tenants: ['t-5010', 't-5011'] }],
    },
    ...LOCKED_OUT.accounts,
  ] satisfies DemoUser[],
  tenants: [
    {
      tenant_id: 't-5001',
      facility_id: 'demo',
      first_name: 'Taylor',
      last_name: 'Morgan',
      email: 'tenant@example.com',
      phone: '+12175550147',
      address: TAYLOR_MORGAN_ADDRESS,
      secondary_contact: JORDAN_MORGAN_SECONDARY_CONTACT,
    },
    {
      tenant_id: 't-5002',
      facility_id: 'demo',
      first_name: 'Sam',
      last_name: 'Rivera',
      email: 'norentals@example.com',
      phone: '+12175550175',
      address: SAM_RIVERA_ADDRESS,
    },
    {
      tenant_id: 't-5009',
      facility_id: 'demo',
      first_name: 'Taylor',
      last_name: 'Morgan',
      email: 'tenant@example.com',
      phone: '+12175550147',
      address: TAYLOR_MORGAN_ADDRESS,
      details_fail: true,
    },
    {
      tenant_id: 't-5010',
      facility_id: 'demo',
      first_name: 'Robin',
      last_name: 'Hale',
      email: 'joint@example.com',
      phone: '',
      address: ROBIN_HALE_ADDRESS,
    },
    {
      tenant_id: 't-5011',
      facility_id: 'demo',
      first_name: 'Robin',
      last_name: 'Hale',
      email: 'joint@example.com',
      phone: '',
      address: ROBIN_HALE_ADDRESS,
    },
    ...LOCKED_OUT.tenants,
  ] satisfies DemoTenant[],
} as const;

// =================================================================================================
// BILLING — balances, pre-pay, autopay. (Filled by the billing area.)
// =================================================================================================

/**
 * A rented space and what its tenant owes. Dates are relative to the sandbox clock so balances
 * stay due: `paid_through_month` 0 = paid through the end of this month, -1 = the end of last month.
 * `balance` lines are due now (this month's rent while unpaid). A reservation (`res_id`, no lease)
 * is listed by the details call and skipped by the kiosk.
 */
export interface DemoLease {
  tenant_id: string;
  facility_id: string;
  door_name: string;
  leaseId: string | null;
  res_id?: string;
  /** The gate code (accessCode); link a rental checks it. */
  gate_code: string;
  monthly_rent: number;
  balance: ChargeLine[];
  paid_through_month: number;
  /** Last four digits of the autopay card; null = autopay off. */
  autopay_card_last4: string | null;
  /** Its pre-pay call answers an error (the kiosk clears the unit's charges and balance). */
  prepay_fails?: boolean;
  /** space_details.access_status; absent = 'ok'. A payment restores a suspended gate code only. */
  access_status?: UnitAccessStatus;
}

export const DEMO_BILLING = {
  /** Sales tax on rent paid ahead (pre-pay months). */
  tax_rate: 0.0725,
  /** Link a rental: unit number and gate code do not match a rental of that facility. */
  linkFailedCode: 'InvalidGateCodeOrUnit',
  leases: [
    {
      tenant_id: 't-5001',
      facility_id: 'demo',
      door_name: 'A102',
      leaseId: 'L-7001',
      gate_code: '2580',
      monthly_rent: 49,
      balance: [
        { costType: 'Monthly Rent', description: 'Monthly Rent', amount: 49, total: 49 },
        { costType: 'fee', description: 'Late Fee', amount: 15, total: 15 },
        { costType: 'discount', description: 'Loyalty Discount', amount: 5, total: 5 },
      ],
      paid_through_month: -1,
      autopay_card_last4: null,
    },
    {
      tenant_id: 't-5001',
      facility_id: 'demo',
      door_name: 'B-13',
      leaseId: 'L-7002',
      gate_code: '2580',
      monthly_rent: 129,
      balance: [],
      paid_through_month: 0,
      autopay_card_last4: '4242',
    },
    {
      tenant_id: 't-5001',
      facility_id: 'demo',
      door_name: 'C-32',
      leaseId: null,
      res_id: 'res-2001',
      gate_code: '',
      monthly_rent: 249,
      balance: [],
      paid_through_month: 0,
      autopay_card_last4: null,
    },
    {
      tenant_id: 't-5002',
      facility_id: 'demo',
      door_name: '017',
      leaseId: 'L-7003',
      gate_code: '4826',
      monthly_rent: 89,
      balance: [{ costType: 'Monthly Rent', description: 'Monthly Rent', amount: 89, total: 89 }],
      paid_through_month: -1,
      autopay_card_last4: null,
    },
    {
      tenant_id: 't-5010',
      facility_id: 'demo',
      door_name: 'A111',
      leaseId: null,
      gate_code: '3141',
      monthly_rent: 65,
      balance: [{ costType: 'Monthly Rent', description: 'Monthly Rent', amount: 65, total: 65 }],
      paid_through_month: -1,
      autopay_card_last4: null,
    },
    {
      tenant_id: 't-5010',
      facility_id: 'demo',
      door_name: 'B-21',
      leaseId: 'L-7010',
      gate_code: '3141',
      monthly_rent: 95,
      balance: [{ costType: 'Monthly Rent', description: 'Monthly Rent', amount: 95, total: 95 }],
      paid_through_month: -1,
      autopay_card_last4: null,
      prepay_fails: true,
    },
    {
      tenant_id: 't-5011',
      facility_id: 'demo',
      door_name: 'B-21',
      leaseId: 'L-7010',
      gate_code: '3141',
      monthly_rent: 95,
      balance: [{ costType: 'Monthly Rent', description: 'Monthly Rent', amount: 95, total: 95 }],
      paid_through_month: -1,
      autopay_card_last4: null,
    },
    ...LOCKED_OUT.leases,
  ] satisfies DemoLease[],
  /** Documents of every lease (space_details.documents). */
  lease_documents: [
    { name: 'Rental Agreement', type: 'lease_agreement', location: '/assets/documents/rental-agreement.pdf' },
  ],
} as const;

// =================================================================================================
// TENANT AREA — MY STORAGE: the move-out notice (docs/my-storage.md, docs/api-paths.md).
// The gate code by text reads each lease's gate_code above.
// =================================================================================================

/**
 * The move-out notice (POST move-out-notice/): refused while the unit has a balance due (A102 of
 * tenant@example.com), else accepted for the date asked, or for the earliest date the notice days
 * allow; rent paid for whole months after the move-out month is refunded. The confirmation mail
 * is recorded (GET /__sandbox/mails, kind 'move-out').
 */
export const DEMO_MOVE_OUT = {
  notice_days: 10,
  /** {door} and {amount} are filled in. */
  balance_due_message: 'Unit {door} has a balance of {amount}. Please pay it before giving notice to move out.',
  accepted_message: 'Please empty the unit and take your lock off by the end of your move-out date.',
  /** {days} and {date} are filled in. */
  moved_message:
    'We need {days} days of notice, so your move-out date is {date}. Please empty the unit and take your lock off by then.',
} as const;

// =================================================================================================
// RENTAL PROCESSING — rentals, reservations, gate codes, agreements. (Filled by the rental area.)
// Test cards decide payment outcomes everywhere (rental and billing).
// =================================================================================================

export const TEST_CARDS = {
  approveVisa: '4111111111111111',
  approveAmex: '378282246310005',
  /** Answers code CardDeclined. */
  decline: '4000000000000002',
  /** Answers code CardDeclinedNSF. */
  insufficientFunds: '4000000000009995',
} as const;

/** A field of the additional-information step, as the tokens call lists it. */
export interface DemoDynamicField {
  type: string;
  name: string;
  label: string;
  required: boolean;
  value?: string | boolean | null;
  radiobox_group?: string | null;
}

/** One document the agreements call can generate, and the page the signing frame shows for it. */
export interface DemoAgreement {
  display_name: string;
  document_type: string;
  title: string;
  paragraphs: string[];
}

/**
 * Processing a rental (POST rental/) or a reservation (POST space/{space}/reserve/):
 *   - the card decides a rental (card-outcome.ts): TEST_CARDS decline -> CardDeclined, insufficientFunds
 *     -> CardDeclinedNSF; any other card with a valid number, CVV and expiry goes through, else CardInvalid;
 *   - a tenant whose last name is `server_error_last_name` fails every time with a server error
 *     (code RentalFailed), and `flaky_last_name` fails the first attempt only (tests of "retry once");
 *   - a rental marks its space rented and answers the gate code (the chosen one, else a free one),
 *     the access info, is_new_user (the e-mail has no account: DEMO_USERS.accounts, earlier rentals)
 *     and, at a smart-access facility (settings.noke), a 6-digit noke PIN.
 * A gate-code text to the `landline` number fails with a message ending in a period.
 * Gate codes in `taken_gatecodes` (and every gate code handed out since the last reset) are
 * unavailable: validate-gatecode answers gatecode null for them.
 */
export const DEMO_RENTAL_PROCESSING = {
  taken_gatecodes: ['1234', '0000', '2580', '4826'],
  access_info:
    'Enter your gate code on the keypad at the main gate, then press #. The gate opens during access hours only.',
  server_error_last_name: 'Failure',
  flaky_last_name: 'Flaky',
  server_error: { code: 'RentalFailed', message: 'The management system could not complete the request.' },
  /** text-gate-code/ to this number fails with the carrier's message (a full sentence, with its period). */
  landline: {
    phone: '(217) 555-0111',
    failure: { code: 'TextFailed', message: 'This number is a landline and cannot receive text messages.' },
  },
  /** POST pandadocs/generate-tokens/: the additional-information step, every field type once or more. */
  additional_information: [
    {
      title: 'About your stored goods',
      description: 'The lease asks what you will keep in your space.',
      fields: [
        { type: 'textarea', name: 'stored_goods', label: 'What will you store?', required: true },
        {
          type: 'radiobox',
          name: 'use_personal',
          label: 'Personal use',
          required: false,
          radiobox_group: 'storage_use',
        },
        {
          type: 'radiobox',
          name: 'use_business',
          label: 'Business use',
          required: false,
          radiobox_group: 'storage_use',
        },
        {
          type: 'checkbox',
          name: 'no_hazardous_goods',
          label: 'I will not store hazardous materials, perishables or living things.',
          required: true,
        },
      ],
    },
    {
      title: 'Alternate contact',
      description: 'Optional: someone who can move your goods out if you cannot.',
      fields: [
        { type: 'text', name: 'alternate_name', label: 'Alternate contact name', required: false },
        { type: 'phone', name: 'alternate_phone', label: 'Alternate contact phone', required: false },
        { type: 'email', name: 'alternate_email', label: 'Alternate contact email', required: false },
      ],
    },
    {
      title: 'Lease details',
      description: null,
      fields: [
        { type: 'date', name: 'planned_move_out', label: 'Planned move-out date (MM/DD/YYYY)', required: false },
        { type: 'ssn', name: 'tenant_ssn', label: 'Social Security Number (optional)', required: false },
        { type: 'radiobox', name: 'paperless_statements', label: 'Send my statements by e-mail', required: false },
      ],
    },
  ] satisfies { title: string; description: string | null; fields: DemoDynamicField[] }[],
  /** POST pandadocs/generate-agreements/: the lease, then autopay (auto_debit), the protection certificate or the rules. */
  agreements: {
    lease: {
      display_name: 'Rental Agreement',
      document_type: 'lease_agreement',
      title: 'Rental Agreement',
      paragraphs: [
        'This Rental Agreement is between Maple Street Self Storage LLC ("Owner") and the Occupant named below.',
        'Rent is due in advance on the 1st of each month. A late fee of $15 applies after the 6th.',
        'The Occupant keeps the only key or code to the space. The Owner does not take custody of stored goods.',
      ],
    },
    autopay: {
      display_name: 'AutoPay Authorization',
      document_type: 'autopay',
      title: 'AutoPay Authorization',
      paragraphs: [
        'I authorise the Owner to charge my card for the monthly rent on the 1st of each month.',
        'I can cancel AutoPay at any time at the kiosk or the office.',
      ],
    },
    insurance: {
      display_name: 'Certificate of Protection',
      document_type: 'insurance-certificate',
      title: 'Certificate of Protection',
      paragraphs: ['This certificate confirms the protection plan chosen at move-in.'],
    },
    rules: {
      display_name: 'Facility Rules',
      document_type: 'rules_and_regulations',
      title: 'Facility Rules',
      paragraphs: [
        'Enter your own gate code every time; do not let other vehicles follow you through the gate.',
        'Speed limit 5 mph. No smoking anywhere on the property.',
      ],
    },
  } satisfies Record<string, DemoAgreement>,
} as const;

// =================================================================================================
// FACILITY VARIANTS — 'demo' plus variants for the rules that depend on facility settings
//   demo-smart        noke (smart access), driver_license_required, has_insurance_plan off; map is a PDF
//   external-paybill  external_paybill set (no PAY MY BILL / Setup autopay), no map, no documents
//   unconfigured      the configuration call answers an error (kiosk not configured)
// =================================================================================================

const DEMO: DemoFacility = {
  facility_id: 'demo',
  owner_id: 'demo-owner',
  configuration: MAPLE_STREET_CONFIGURATION,
  settings: MAPLE_STREET_SETTINGS,
  hours: MAPLE_STREET_HOURS,
  reviews: MAPLE_STREET_REVIEWS,
  amenities: MAPLE_STREET_AMENITIES,
  media: MAPLE_STREET_MEDIA,
  capabilities: MAPLE_STREET_CAPABILITIES,
  documents: MAPLE_STREET_DOCUMENTS,
  map: MAPLE_STREET_MAP,
  units: UNITS,
  spaces: SPACES,
  promos: PROMOS,
  insurance_plans: PROTECTION_PLANS,
  locks: LOCKS,
  merchandise: MERCHANDISE,
  hold_refusals: { unit_ids: ['other-kayak'], door_names: ['X999'] },
  cost_failures: { unit_ids: ['other-boat'] },
  listed_in_owner_cities: true,
};

const DEMO_SMART: DemoFacility = {
  ...DEMO,
  facility_id: 'demo-smart',
  configuration: {
    ...MAPLE_STREET_CONFIGURATION,
    title: 'Maple Street Smart Storage Kiosk',
    welcome: { ...MAPLE_STREET_CONFIGURATION.welcome, headline: 'Welcome to Maple Street Smart Storage' },
  },
  settings: {
    ...MAPLE_STREET_SETTINGS,
    name: 'Maple Street Smart Storage',
    address1: '2200 Oak Avenue',
    address_exact: '2200 Oak Avenue, Springfield, IL 62703',
    postal: '62703',
    phone: '(217) 555-0194',
    noke: true,
    driver_license_required: true,
    facility_map_url: '/assets/maps/facility-map.pdf',
    // The facility-wide flag is off while its units list plans: the units' plans decide the title.
    has_insurance_plan: false,
  },
};

const EXTERNAL_PAYBILL: DemoFacility = {
  ...DEMO,
  facility_id: 'external-paybill',
  configuration: { ...MAPLE_STREET_CONFIGURATION, title: 'Maple Street Self Storage Decatur Kiosk' },
  settings: {
    ...MAPLE_STREET_SETTINGS,
    name: 'Maple Street Self Storage Decatur',
    address1: '480 N Water Street',
    city: 'Decatur',
    postal: '62523',
    address_exact: '480 N Water Street, Decatur, IL 62523',
    phone: '(217) 555-0121',
    facility_map_url: null,
    external_paybill: 'https://pay.example.com/maple-street-decatur',
  },
  documents: [],
  map: [],
};

const UNCONFIGURED: DemoFacility = {
  ...DEMO,
  facility_id: 'unconfigured',
  configuration: null,
  listed_in_owner_cities: false,
};

export const DEMO_FACILITIES: readonly DemoFacility[] = [DEMO, DEMO_SMART, EXTERNAL_PAYBILL, UNCONFIGURED];
