import type { MessageTree } from '../types';

/**
 * Browsing units: detail page, space search, size guide, find reservation, hold and the side-panel
 * summary (rental spec §2, §8). Exact spec wording and case. Plurals use i18next's _one/_other.
 */
export const browse = {
  sizes_for_rent_one: '{{count}} size for rent',
  sizes_for_rent_other: '{{count}} sizes for rent',
  category: {
    wine_storage: 'Wine Storage',
    extra_small: 'X-Small',
    small: 'Small',
    medium: 'Medium',
    large: 'Large',
    extra_large: 'X-Large',
    parking: 'Parking',
    mobile_cube: 'Mobile Cube',
    other: 'Other Units',
    left: '{{count}} UNITS/SPACES LEFT',
    best_price: 'BEST PRICE',
    see_what_fits: 'See what fits!',
  },
  unit_label: {
    unit: 'Unit',
    space: 'Space',
  },
  select: 'SELECT',
  call: 'CALL',
  // Labels the spec does not word (rental §2 names the things, not their captions).
  unit: {
    in_store_rate: 'In-Store Rate',
    self_serve_rate: 'Self-Serve Rate',
  },
  media: {
    label: 'Photos, map and videos',
    open: 'Open {{title}}',
    previous: 'Previous',
    next: 'Next',
    position: '{{position}} of {{total}}',
    // wording not shown
    unavailable: 'Not available on this kiosk',
    types: {
      photo: 'Photo',
      map: 'Map',
      street_view: 'Street view',
      video: 'Video',
    },
  },
  facility: {
    about: 'About this facility',
    amenities: 'Amenities',
    today: 'Today',
    /** wording not in the specs: the hours panel's headings the kiosk knows and a closed day (browse/facility-hours.ts) */
    office_hours: 'Office Hours',
    access_hours: 'Access Hours',
    closed: 'Closed',
  },
  space: {
    details: 'Details',
    list_label: 'Spaces of {{name}}',
    occupied: 'OCCUPIED',
    temporary_hold: 'TEMPORARY HOLD IN PLACE',
    unavailable: 'UNAVAILABLE',
    door_height: 'Door Height',
    door_width: 'Door Width',
    ceiling_height: 'Ceiling Height',
    not_available: 'N/A',
  },
  search: {
    space_number: 'Space Number',
    find_this_space: 'FIND THIS SPACE',
    no_spaces_found: 'No spaces found',
    results: 'Space Number {{keyword}}',
  },
  size_guide: {
    title: 'SIZE GUIDE',
    subtitle: 'Which unit size is right for you?',
    choose: 'CHOOSE THIS SIZE',
    none_available: 'Sorry, unfortunately no units available in this size',
    play: 'Play the {{size}} video',
    // wording not shown: back to where the guide was opened (the space list or the welcome screen)
    back: 'Back',
    sizes: {
      extra_small: 'Extra Small',
      small: 'Small',
      medium: 'Medium',
      large: 'Large',
      extra_large: 'Extra Large',
    },
    short: {
      extra_small: 'XS',
      small: 'S',
      medium: 'M',
      large: 'L',
      extra_large: 'XL',
    },
  },
  hold: {
    putting_on_hold: 'We are putting your space on hold.',
    unit_not_available: 'Sorry! Unit {{door_number}} is not available. Please choose another unit.',
    unit_not_available_no_number: 'Sorry! Unit is not available. Please choose another unit.',
    move_in_cost_failed: 'Sorry! We are unable to calculate move in cost for this unit. Please try again',
  },
  find_reservation: {
    heading: "Great! Let's look up your Reservation",
    reservation_code: 'Reservation Code',
    find: 'FIND MY RESERVATION',
  },
  side_panel: {
    your_storage: 'Your Storage',
    change: 'CHANGE',
    monthly_rent: 'Monthly Rent',
    move_in_date: 'Move-In Date',
    calculating: 'Calculating Move-In Cost ...',
    credit_card_only: 'Credit Card Payments ONLY',
  },
  cost: {
    prorated_rent: 'Prorated Rent',
    tax: 'Tax',
    total_cost_to_move_in: 'Total Cost to Move In',
    /** wording not in the specs: the operator's cost lines the kiosk knows (browse/cost-lines.ts) */
    rent: 'Rent',
    admin_fee: 'Admin Fee',
    insurance: 'Insurance',
    protection: 'Protection Plan',
    lock: 'Lock',
    merchandise: 'Merchandise',
    discount: 'Discount',
    deposit: 'Deposit',
  },
  reviews: {
    title: 'Reviews',
    source: '{{source}} reviews',
    rating: '{{rating}} out of {{max}} stars',
    count_one: '{{count}} review',
    count_other: '{{count}} reviews',
    today: 'Today',
    days_one: '{{count}} day ago',
    days_other: '{{count}} days ago',
    weeks_one: '{{count}} week ago',
    weeks_other: '{{count}} weeks ago',
    months_one: '{{count}} month ago',
    months_other: '{{count}} months ago',
    years_one: '{{count}} year ago',
    years_other: '{{count}} years ago',
  },
} satisfies MessageTree;
