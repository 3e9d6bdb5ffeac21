/**
 * The rental model (rental spec §3 "Rental model"): everything the visitor gives during the rental
 * or reservation flow, named exactly as the spec names it. Screens merge their validated values
 * with `root.rental.done(patch)`; processing sends the model form-encoded.
 *
 * Yes/No questions that must be answered (active_military, store_vehicle, business_contact_needed)
 * start as null so "not answered yet" differs from No.
 */
export interface RentalModel {
  // Tenant
  tenant_first_name: string;
  tenant_last_name: string;
  tenant_email: string;
  tenant_phone: string;
  // Mailing (mailing_zip is sent as mailing_zipcode)
  mailing_address1: string;
  mailing_address2: string;
  mailing_city: string;
  mailing_state: string;
  mailing_zip: string;
  // Driver licence
  driving_lis_no: string;
  driving_lis_state: string;
  driving_lis_expiry: string;
  /** Front of the licence (URL or data URL). */
  dl_front: string | null;
  selfie: string | null;
  // Billing
  billing_same_as_mailing: boolean;
  billing_address1: string;
  billing_address2: string;
  billing_city: string;
  billing_state: string;
  billing_zipcode: string;
  // Reservation
  reservation_id: string;
  reservation_code: string;
  /** US format MM/DD/YYYY; the move-in date. */
  reservation_date: string;
  hold_token: string;
  // Secondary contact
  no_secondary_contact: boolean;
  secondary_contact_first_name: string;
  secondary_contact_last_name: string;
  secondary_contact_email: string;
  secondary_contact_phone: string;
  secondary_contact_address1: string;
  secondary_contact_address2: string;
  secondary_contact_city: string;
  secondary_contact_state: string;
  secondary_contact_zipcode: string;
  // Business
  business_contact_needed: boolean | null;
  business_contact_name: string;
  business_contact_email: string;
  business_contact_phone: string;
  business_contact_address1: string;
  business_contact_address2: string;
  business_contact_city: string;
  business_contact_state: string;
  business_contact_zipcode: string;
  // Military
  active_military: boolean | null;
  military_ssn: string;
  military_ets_date: string;
  military_email: string;
  military_contact_name: string;
  military_commanding_officer: string;
  military_branch: string;
  military_name: string;
  military_unit_phone: string;
  military_address1: string;
  military_address2: string;
  military_city: string;
  military_state: string;
  military_zip: string;
  // Vehicle
  store_vehicle: boolean | null;
  storing_vehicle_type: string;
  other_vehicle_describe: string;
  // Discounts
  senior: boolean;
  student: boolean;
  birthday: string;
  school_name: string;
  student_id: string;
  // Choices
  /** A plan id, -2 for own insurance (OWN_INSURANCE_PLAN_ID), null when not chosen. */
  insurance_id: number | null;
  /** The lock (merchandise item), null when none. */
  item_id: string | null;
  promo_id: string | null;
  gatecode: string;
  auto_debit: boolean;
  text_me_gate_code: boolean;
  // Payment
  name_on_card: string;
  cc_number: string;
  cc_exp_month: number | null;
  cc_exp_year: number | null;
  cvv: string;
  // Unit
  unit_door_number: string;
  unit_type_id: string;
  /** The move-in total, 2 decimals ('0.00' before the cost is known). */
  total_amount: string;
  space_id: string;
  // Account
  newpassword: string;
  newpassword1: string;
  password: string;
  show_password: boolean;
  /** PandaDoc tokens (generate-tokens result.dynamic_tokens). */
  dynamic_tokens: Record<string, unknown> | null;
}

export function emptyRentalModel(): RentalModel {
  return {
    tenant_first_name: '',
    tenant_last_name: '',
    tenant_email: '',
    tenant_phone: '',
    mailing_address1: '',
    mailing_address2: '',
    mailing_city: '',
    mailing_state: '',
    mailing_zip: '',
    driving_lis_no: '',
    driving_lis_state: '',
    driving_lis_expiry: '',
    dl_front: null,
    selfie: null,
    billing_same_as_mailing: true,
    billing_address1: '',
    billing_address2: '',
    billing_city: '',
    billing_state: '',
    billing_zipcode: '',
    reservation_id: '',
    reservation_code: '',
    reservation_date: '',
    hold_token: '',
    no_secondary_contact: false,
    secondary_contact_first_name: '',
    secondary_contact_last_name: '',
    secondary_contact_email: '',
    secondary_contact_phone: '',
    secondary_contact_address1: '',
    secondary_contact_address2: '',
    secondary_contact_city: '',
    secondary_contact_state: '',
    secondary_contact_zipcode: '',
    business_contact_needed: null,
    business_contact_name: '',
    business_contact_email: '',
    business_contact_phone: '',
    business_contact_address1: '',
    business_contact_address2: '',
    business_contact_city: '',
    business_contact_state: '',
    business_contact_zipcode: '',
    active_military: null,
    military_ssn: '',
    military_ets_date: '',
    military_email: '',
    military_contact_name: '',
    military_commanding_officer: '',
    military_branch: '',
    military_name: '',
    military_unit_phone: '',
    military_address1: '',
    military_address2: '',
    military_city: '',
    military_state: '',
    military_zip: '',
    store_vehicle: null,
    storing_vehicle_type: '',
    other_vehicle_describe: '',
    senior: false,
    student: false,
    birthday: '',
    school_name: '',
    student_id: '',
    insurance_id: null,
    item_id: null,
    promo_id: null,
    gatecode: '',
    auto_debit: false,
    text_me_gate_code: false,
    name_on_card: '',
    cc_number: '',
    cc_exp_month: null,
    cc_exp_year: null,
    cvv: '',
    unit_door_number: '',
    unit_type_id: '',
    total_amount: '0.00',
    space_id: '',
    newpassword: '',
    newpassword1: '',
    password: '',
    show_password: false,
    dynamic_tokens: null,
  };
}
