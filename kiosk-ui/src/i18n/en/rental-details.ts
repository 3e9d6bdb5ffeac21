import type { MessageTree } from '../types';

/**
 * The rental's details steps (rental spec §2 Info, Business, Secondary contact, Military, Vehicle storage,
 * Discounts): spread into `rental` (rental.ts). Texts the spec does not word are marked
 * "wording not shown".
 */
export const rentalDetails = {
  /** Shared by the form fields of these steps (wording not shown). */
  fields: {
    select: 'Select',
    yes: 'Yes',
    no: 'No',
    choose_date: 'Choose a date for {{field}}',
    calendar: 'Calendar',
    previous_month: 'Previous month',
    next_month: 'Next month',
    month: 'Month',
    year: 'Year',
    /** The contact groups' labels: the tenant and the secondary contact. */
    contact: {
      email: 'Email',
      phone: 'Cell Phone',
      first_name: 'First Name',
      last_name: 'Last Name',
    },
    /** The address groups' labels: mailing, secondary contact, military unit (wording not shown). */
    address: {
      address1: 'Address',
      address2: 'Address Line 2',
      city: 'City',
      state: 'State',
      zip: 'Zip Code',
    },
  },
  /** wording not shown */
  steps: {
    step_of: 'Step {{step}} of {{total}}',
  },
  info: {
    title: 'Your information',
    mailing_address: 'Mailing Address',
    /** wording not shown (the licence labels below) */
    driver_license: 'Driver License',
    licence_number: 'License Number',
    licence_state: 'Issuing State',
    licence_expiry: 'Expiration Date',
    /** wording not shown: the skipAndVerify layout's note */
    skip_and_verify:
      'Enter your details exactly as they appear on your driver license. The Facility Manager will check your ID.',
    business_rental: 'Business Rental?',
    more_time: 'I need a bit more time',
    /** The reservation option "states that move-in must begin within N days" (wording not shown). */
    more_time_text: 'Reserve your space now. Move-in must begin within {{days}} days.',
    move_in_date: 'Move-In Date',
    /** wording not shown */
    move_in_hint: 'From {{min}} to {{max}}. Leave it empty to reserve for today.',
  },
  business: {
    /** wording not shown */
    title: 'Business Information',
    question: 'Business Rental?',
    /** wording not shown */
    company_name: 'Company Name',
    /** wording not shown */
    company_email: 'Company Email',
  },
  secondary: {
    /** Used when the facility's frontend_conf has no secondary_contact_title. */
    title: 'Secondary Contact',
    intro: 'Give a contact to receive lien notices, or waive the right.',
    /** wording not shown */
    waive: 'I waive my right to name a secondary contact to receive lien notices',
    /** wording not shown */
    contact: 'Contact',
    /** wording not shown */
    address: 'Contact Address',
    /** wording not shown */
    military_question: 'Are you active military?',
  },
  military: {
    title: 'Military Information',
    /** wording not shown: the military promo is a discount the manager checks an ID for (rental §6) */
    show_id:
      'VALID ID required for the military discount to apply upon checkout. Please show your military ID to the Facility Manager.',
    /** wording not shown (the field labels below) */
    ssn: 'Social Security Number',
    ets_date: 'ETS Date',
    email: 'Military Email',
    contact_name: 'Contact Name',
    commanding_officer: 'Commanding Officer',
    branch: 'Branch of Service',
    unit_name: 'Unit Name',
    unit_phone: 'Unit Phone',
    unit_address: 'Unit Address',
    service: 'Service',
  },
  vehicle: {
    /** wording not shown */
    title: 'Vehicle Storage',
    question: 'Are you storing vehicle?*',
    /** wording not shown */
    type: 'Vehicle Type',
    /** wording not shown */
    other: 'Other',
    /** wording not shown */
    describe: 'Describe your vehicle',
  },
  discounts: {
    title: 'We will save you even more!',
    /** wording not shown */
    legend: 'Choose a discount',
    senior: 'Senior',
    student: 'Student',
    none: 'None',
    /** wording not shown */
    birthday: 'Birthday',
    /** wording not shown */
    school_name: 'School Name',
    /** wording not shown */
    student_id: 'Student ID',
    valid_id: 'VALID ID required for the discount to apply upon checkout.',
    show_id: 'Please show your ID to the Facility Manager.',
  },
} satisfies MessageTree;
