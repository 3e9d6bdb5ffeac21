import type { MessageTree } from '../types';

/** The kiosk shell: sidebar, logout, welcome, unavailable and time pages (shell spec §2, §8). */
export const shell = {
  sections: {
    home: 'Home',
    rent: 'Select a Space',
    find_reservation: 'Find my reservation',
    size_guide: 'SIZE GUIDE',
    pay_bill: 'PAY MY BILL',
    autopay: 'Setup autopay',
    samples: 'Samples',
    rental_docs: 'Rental Documents',
    insurance: 'Protection Brochure',
    facility_map: 'Facility map',
  },
  sidebar: {
    label: 'Kiosk menu',
    logout: 'Logout',
    /** Read by screen readers beside the mm:ss countdown of the Logout item. */
    countdown_label: 'Time left in this session',
  },
  logout: {
    confirm: 'Are you sure you want to logout?',
    logout: 'LOGOUT',
    cancel: 'Cancel',
  },
  welcome: {
    headline: 'WELCOME',
    subheadline: 'Get started by selecting one of the options to the left',
  },
  logo: {
    default_label: 'Self storage',
  },
  unavailable: {
    invalid_page: 'This page is not valid.',
    not_configured: 'Kiosk is not configured for this facility.',
  },
  time: {
    label: 'Current time in epoch seconds',
  },
  coming_soon: {
    note: 'This section is being built.',
  },
} satisfies MessageTree;
