import type { MessageTree } from '../types';
import { firstScreenShell } from './first-screen';

/**
 * The kiosk shell: sidebar, logout, welcome, unavailable and time pages, idle dialog, on-screen
 * keyboard (shell spec §2, §8). What the first screen shows is in ./first-screen.ts.
 */
export const shell = {
  ...firstScreenShell,
  logout: {
    confirm: 'Are you sure you want to logout?',
    logout: 'LOGOUT',
    cancel: 'Cancel',
  },
  idle: {
    title: 'ARE YOU STILL HERE?',
    /** Logged in: the tenant's session closes on its own (shell spec §2 "Idle dialog"). */
    logged_in_message: 'For your security, you will be logged out automatically.',
    /** Logged out (guest): the kiosk goes back to the welcome screen. */
    logged_out_message: 'If you do not answer, the kiosk will return to the start screen.',
    seconds_one: '{{count}} second',
    seconds_other: '{{count}} seconds',
    /** Said once by screen readers when the warning appears (the visible countdown is not read out every second). */
    announcement_logged_in: 'Are you still here? You will be logged out automatically in {{count}} seconds.',
    announcement_logged_out: 'Are you still here? The kiosk will return to the start screen in {{count}} seconds.',
    logout: 'LOGOUT',
    continue: 'CONTINUE',
    want_to_continue: 'I WANT TO CONTINUE',
  },
  keyboard: {
    label: 'On-screen keyboard',
    hide: 'Hide keyboard',
    show: 'Show keyboard',
    backspace: 'Backspace',
    shift: 'Shift',
    space: 'Space',
    submit: 'Submit',
  },
  samples: {
    title: 'Samples',
    intro: 'A developer test page for the on-screen keyboard and masked fields.',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    zip: 'Zip code',
    gate_code: 'Gate code',
    search: 'Search',
    submitted: 'Submitted: {{value}}',
    login_title: 'Test login',
    password: 'Password',
    login: 'Login',
    logged_in: 'Logged in as {{email}}',
  },
} satisfies MessageTree;
