/** Kiosk configuration (shell §1, §3): loaded at start. */
export interface KioskConfig {
  /** Colour name -> CSS value, applied as page-wide CSS variables (--kiosk-{name}). */
  colors: Record<string, string>;
  title: string;
  owner_id: string;
  /** URL of the logo; a default logo is shown when missing. */
  logo: string | null;
  mute_audio: boolean;
  welcome: {
    headline?: string | null;
    subheadline?: string | null;
    background_image?: string | null;
    copy?: string | null;
    /** Looping video shown by the shell, muted when mute_audio is set. */
    video_url?: string | null;
  };
}

export interface AccessHoursRow {
  label: string;
  time: string;
  is_today: boolean;
}

export interface KioskTimeEntry {
  /** e.g. 'Access Hours' or 'Office Hours'. */
  status: string;
  rows: AccessHoursRow[];
}

export interface Review {
  author_name: string;
  image_url: string | null;
  /** Epoch seconds. */
  time: number;
  user_rate: number;
  text: string;
}

export interface ReviewSource {
  review_count: number;
  overall_rating: number;
  user_reviews: Review[];
}

export interface Amenity {
  name: string;
  image_url: string | null;
}

export interface MediaItem {
  type: 'photo' | 'map' | 'street_view' | 'video';
  url: string;
  thumbnail_url?: string | null;
  title?: string;
}

/** Facility settings read by the kiosk (rental §3 "Facility settings read", shell §3 "Facility info"). */
export interface FacilitySettings {
  facility_id: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postal: string;
  dba_name: string;
  address_exact: string;
  facility_notes: string;
  phone: string;
  timings: { kiosk_time: KioskTimeEntry[] };
  reviews: { google: ReviewSource | null; yelp: ReviewSource | null };
  features: Amenity[];
  media: MediaItem[];

  has_insurance_plan: boolean;
  insurance_required: boolean;
  own_insurance_text: string;
  auto_debit_offer: string;

  show_gatecode: boolean;
  is_gatecode_selectable: boolean;
  gatecode_length: number;

  autopay_required: boolean;
  autopay_always_required: boolean;
  secondary_email_required: boolean;
  driver_license_required: boolean;

  enable_storing_vehicle: boolean;
  enable_parking_type_fields: boolean;
  disable_parking_reservations: boolean;
  vehicle_type_kiosk: { value: string; label: string }[];

  wl_reservation_enabled: boolean;
  senior_citizen_age: number;
  advanced_dates: number;

  disable_unit_category: boolean;
  enable_office_hours: boolean;
  enable_access_hours: boolean;
  hide_storage_size_count: boolean;
  show_instore_only_in_kiosk: boolean;
  /** Smart access (keyless, electronic key) enabled. */
  noke: boolean;
  frontend_conf: {
    secondary_contact_required: boolean;
    secondary_contact_title: string;
    secondary_contact_help_text: string;
  };

  facility_map_url: string | null;
  /** When set, PAY MY BILL and Setup autopay are hidden (the facility uses an external pay-bill). */
  external_paybill: string | null;
  /** The facility read also carries the PMS notification capabilities (rental §3). */
  capabilities?: Capabilities;
}

export interface Capabilities {
  pmsNotifications: { reservation: boolean; rental: boolean; payment: boolean };
}

/** Result of GET media/: the slider's items, plus the size-guide videos when enable_size_guide_videos is set. */
export interface FacilityMedia {
  media: MediaItem[];
  /** Empty unless the call asked for enable_size_guide_videos. */
  size_guide_videos: MediaItem[];
}

/** One facility of the owner, as GET owner/cities/ lists it (link a rental). */
export interface OwnerCityFacility {
  facility_id: string;
  name: string;
  /** One line: street, city, state and zip. */
  address: string;
  phone: string;
}

/** Result of GET owner/cities/: every city where the owner has a facility. */
export interface OwnerCity {
  city: string;
  state: string;
  facilities: OwnerCityFacility[];
}

/** Result of GET zipcode/. */
export interface ZipcodeLookup {
  state_code: string;
}

/** Unwrapped body of GET common-data/validate-phone/: `{ data: PhoneValidation }`. */
export interface PhoneValidation {
  is_valid: boolean;
}

/** A non-interactive document (shell §3): insurance types vs lease documents. */
export interface NonInteractiveDocument {
  document_type: string;
  name: string;
  location: string;
}

export const INSURANCE_DOCUMENT_TYPES = [
  'insurance_brochure_non_interactive',
  'insurance_certificate_non_interactive',
  'insurance_enrollment_form_non_interactive',
] as const;

export function isInsuranceDocument(doc: Pick<NonInteractiveDocument, 'document_type'>): boolean {
  return (INSURANCE_DOCUMENT_TYPES as readonly string[]).includes(doc.document_type);
}
