import type { MessageTree } from '../types';

/**
 * Login, one-time code, create an account, forgot password, link a rental (shell spec §2, §5, §8),
 * in the spec's exact wording. Entries marked "wording not shown" are ours: the spec names the
 * field or state but not its text.
 */
export const account = {
  login: {
    /** In the rental context. */
    title_rental: 'Login',
    title: 'Login or create an account',
    prompt: 'Please enter your email so we can look up your account.',
    // wording not shown
    email: 'Email',
    // wording not shown
    password: 'Password',
    submit: 'Login',
    no_account: "Don't have an Account?",
    forgot_password: 'Forgot your Password?',
    continue_with_mobile: 'Continue with mobile',
    continue_with_email: 'Continue with Email',
  },
  otp: {
    // wording not shown
    phone: 'Mobile Number',
    // wording not shown
    send_code: 'Send Code',
    // wording not shown
    code: 'Code',
    // wording not shown
    submit: 'Login',
    // wording not shown
    resend: 'Resend Code',
    // wording not shown
    resend_in: 'Resend code in {{seconds}} s',
    invalid_code: 'Invalid Code. Please try again.',
    no_account: '+1 {{phone}} has no account. Please login with your existing email or create a new account.',
    // wording not shown: the way on to the rental's create an account, under the no-account message
    create_account: 'Create an account',
  },
  register: {
    title: 'Create an account',
    // wording not shown
    email: 'Email',
    // wording not shown
    password: 'Password',
    // wording not shown
    password1: 'Re-enter Password',
    submit: 'Create My Account',
    have_account: 'Already have an account?',
    // wording not shown (the spec: "on success the user can log in")
    created: 'Your account has been created. Please log in.',
  },
  forgot_password: {
    // wording not shown
    title: 'Forgot your Password?',
    // wording not shown
    email: 'Email',
    submit: 'Reset Password',
    // The link to register (the login screen's wording).
    register: "Don't have an Account?",
    thank_you: 'An email with a password reset link has been sent to you!',
    login: 'Login',
  },
  link_rental: {
    title: 'Link a space to your account',
    // wording not shown
    city: 'Facility City',
    // wording not shown
    choose_city: 'Select a city',
    // wording not shown
    address: 'Facility Address',
    // wording not shown
    choose_address: 'Select a facility',
    // wording not shown
    facility_phone: 'Facility phone: {{phone}}',
    // wording not shown
    unit_no: 'Space Number',
    // wording not shown
    gate_code: 'Gate Code',
    submit: 'Link My Rental',
    // wording not shown
    back: 'Back',
    failed: 'Invalid Gate code or Unit Number',
  },
  errors: {
    something_went_wrong: 'Something Went Wrong',
  },
  /** The account and payment screens inside the rental flow. */
  rental: {
    // wording not shown: leaves the rental's payment screens for the step the visitor came from
    back: 'Back to your rental',
    // wording not shown: the entry to the rental's payment screens, on info for a logged-in visitor
    pay_bill: 'PAY MY BILL',
  },
} satisfies MessageTree;
