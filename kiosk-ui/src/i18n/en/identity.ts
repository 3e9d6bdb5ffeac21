import type { MessageTree } from '../types';

/**
 * Identity verification and the login popup of the rental flow (rental spec §2 "Verify identity",
 * §4, §8). Texts the spec does not word are marked "wording not shown".
 */
export const identity = {
  verify: {
    /** wording not shown: the rent_this_space heading. */
    title: 'Verify Your Identity',
    /** wording not shown */
    subtitle: 'Choose how you would like to verify your ID.',
    by_mobile: 'Verify ID by mobile number',
    already_customer: "I'm already a customer",
    manual: 'Manually Verify ID',
    failed: 'Oops! Identity Verification failed. Please try again.',
  },
  mobile: {
    /** wording not shown */
    intro: 'Enter your cell phone number. We will text you a link to scan your driver license with your phone.',
    phone: 'Cell Phone',
    /** wording not shown */
    send: 'Send Text',
    continues: 'Session continues on your phone',
    /** wording not shown */
    continues_text:
      'We sent a text message with a link to {{phone}}. Open it on your phone and follow the steps. This screen moves on by itself when you are done.',
    resend: 'Resend Text',
    return: 'Return to this device',
    /** wording not shown */
    resent: 'We sent the text again.',
    /** wording not shown */
    processing: 'Checking your ID ...',
    /** wording not shown */
    send_failed: 'We could not send the text message. Please try again.',
    cancel: 'Cancel',
  },
  /** The login popup's labels; its messages (invalid code, no account, ...) are the account forms' (account.*). */
  login: {
    /** The popup's title is the account area's 'Login'; this names its group of ways to log in. */
    title: "I'm already a customer",
    with_mobile: 'Continue with mobile',
    with_email: 'Continue with Email',
    phone: 'Cell Phone',
    /** wording not shown */
    send_code: 'Send Code',
    /** wording not shown */
    code: 'Code',
    /** wording not shown */
    code_sent: 'We texted a code to +1 {{phone}}.',
    /** wording not shown */
    resend_in: 'Resend code in {{seconds}} s',
    /** wording not shown */
    resend: 'Resend Code',
    /** wording not shown */
    login: 'Login',
    close: 'Close',
    /** wording not shown */
    back: 'Back',
  },
  banner: {
    verified: 'Identity Verified',
    /** wording not shown: the scanned licence image's description. */
    licence_image: 'Scanned driver license',
  },
} satisfies MessageTree;
