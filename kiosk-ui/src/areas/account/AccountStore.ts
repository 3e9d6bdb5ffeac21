import type { UserDetails } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../../api/client';
import type { ForgotPasswordValues, LoginValues, RegisterValues } from './forms/account';
import type { LinkRentalValues } from './forms/link-rental';
import type { AccountResult } from './account-errors';
import { AccountForms } from './AccountForms';
import { OtpSignIn } from './OtpSignIn';
import { FAILED, IDLE, LOADING, ready, valueOr, type Loadable } from '../../models/loadable';
import type { RootStore } from '../../stores/RootStore';

export type { AccountFailure, AccountMessage, AccountResult } from './account-errors';

export interface UserSession {
  userToken: string;
  email: string;
}

/** The account screens of the pay-bill area (shell spec §2 "Pay-bill sub-sections"). */
export type PayBillSubSection = 'login' | 'register' | 'link_rental' | 'pay' | 'forgot_password';

/**
 * The visitor's account (shell spec §3 "User session", §4 "Access flows"): the session (token,
 * e-mail, logged-in flag) and the user's details, loaded whenever a session starts, and logout.
 *
 * It also says which account screen the pay-bill area shows (login, create an account, forgot
 * password, link a rental, or the payment itself, which is PayBillStore's) and moves on after a
 * form's outcome. The forms themselves (logins, create an account, forgot password, link a rental,
 * their busy flag and errors) are `forms` (account/AccountForms.ts).
 */
export class AccountStore {
  userToken: string | null = null;
  email: string | null = null;
  loggedIn = false;
  /** New users (no rental yet; the server's flag) are offered an online account after a rental. */
  isNewUser = false;
  /** The user's saved details, loaded whenever a session starts (a rental's prefill). */
  details: Loadable<UserDetails> = IDLE;

  subSection: PayBillSubSection = 'login';
  /** Create an account succeeded: the login screen says so and has the e-mail filled in. */
  registeredEmail: string | null = null;
  /** The thank-you view of forgot password. */
  resetLinkSent = false;

  /** Login, one-time code, create an account, forgot password and link a rental. */
  readonly forms: AccountForms;
  /** The rental sign-in's one-time-code flow: where the code went, its message (account/OtpSignIn.ts). */
  readonly otpSignIn: OtpSignIn;

  constructor(readonly root: RootStore) {
    this.forms = new AccountForms(root, this);
    this.otpSignIn = new OtpSignIn(this.forms);
    makeAutoObservable(this, { root: false, forms: false, otpSignIn: false }, { autoBind: true });
  }

  get userDetails(): UserDetails | null {
    return valueOr(this.details, null);
  }

  /** The facility the account calls are made for: the kiosk section's, else the configured one. */
  get facility(): string {
    return this.root.shell.facilityId ?? this.root.config.facilityId ?? '';
  }

  /**
   * A session started (e-mail or one-time-code login, or a token handed over by another flow):
   * store it and load the user's details (shell spec §4 "Login (or a user token appearing)").
   */
  setUserSession(session: UserSession): void {
    this.userToken = session.userToken;
    this.email = session.email;
    this.loggedIn = true;
    void this.loadUserDetails();
  }

  /** The server's new-user flag, where another call returns it (e.g. the rental). */
  setNewUser(isNewUser: boolean): void {
    this.isNewUser = isNewUser;
  }

  // -- the pay-bill area's account screens ------------------------------------------------------------

  /** What the pay-bill area shows: logged out, pay and link a rental fall back to login. */
  get view(): PayBillSubSection {
    if (!this.loggedIn && (this.subSection === 'pay' || this.subSection === 'link_rental')) return 'login';
    return this.subSection;
  }

  /** Opening PAY MY BILL or Setup autopay: logged in goes to pay, else login (shell spec §2). */
  open(): void {
    this.registeredEmail = null;
    this.resetLinkSent = false;
    if (this.loggedIn) this.goPay();
    else this.subSection = 'login';
  }

  goTo(subSection: PayBillSubSection): void {
    if (subSection === 'pay') {
      this.goPay();
      return;
    }
    this.root.ifLoaded('payBill')?.leavePayStage();
    this.subSection = subSection;
    this.resetLinkSent = false;
    if (subSection !== 'login') this.registeredEmail = null;
    if (subSection === 'link_rental') void this.forms.loadOwnerCities();
  }

  /**
   * Link a Rental's Back: the unit list when the account has units to pay, else the welcome screen
   * (an account without rentals was sent to Link a Rental, so there is no unit list to go back to).
   */
  leaveLinkRental(): void {
    if ((this.root.ifLoaded('payBill')?.units.length ?? 0) > 0) this.goPay();
    else this.root.shell.goHome();
  }

  /** The payment screens: the account's units load (the pay-bill area brings its store). */
  goPay(): void {
    this.subSection = 'pay';
    void this.root.ifLoaded('payBill')?.loadAccount();
  }

  async submitLogin(values: LoginValues): Promise<AccountResult> {
    const result = await this.forms.loginWithEmail(values.username, values.password);
    if (result.ok) runInAction(() => this.goPay());
    return result;
  }

  /** The created-account note and e-mail are done with (logged in, or the rental's login closed). */
  forgetRegisteredEmail(): void {
    this.registeredEmail = null;
  }

  async submitRegister(values: RegisterValues): Promise<AccountResult> {
    const result = await this.forms.register(values.username, values.password);
    if (result.ok) {
      runInAction(() => {
        this.subSection = 'login';
        this.registeredEmail = values.username.trim();
      });
    }
    return result;
  }

  async submitForgotPassword(values: ForgotPasswordValues): Promise<AccountResult> {
    const result = await this.forms.forgotPassword(values.email);
    if (result.ok) runInAction(() => (this.resetLinkSent = true));
    return result;
  }

  async submitLinkRental(values: LinkRentalValues): Promise<AccountResult> {
    const result = await this.forms.linkRental(values);
    if (result.ok) runInAction(() => this.goPay());
    return result;
  }

  // -- details, logout -----------------------------------------------------------------------------------

  /** The user's saved details (prefill for a rental) and the new-user flag. */
  async loadUserDetails(): Promise<void> {
    const token = this.userToken;
    if (!token) return;
    this.details = LOADING;
    try {
      const response = await this.root.api.call<UserDetails>(
        'userDetails',
        { facility: this.facility },
        { query: { user_token: token }, latestKey: 'user-details' },
      );
      runInAction(() => {
        if (this.userToken !== token) return;
        this.details = response.status === 'ok' ? ready(response.result) : FAILED;
        if (response.status === 'ok') this.isNewUser = Boolean(response.result.is_new_user);
      });
    } catch (error) {
      // A newer call for the details took over: it owns them.
      if (isCancelled(error)) return;
      runInAction(() => {
        if (this.userToken === token) this.details = FAILED;
      });
    }
  }

  /**
   * Clears the token, e-mail and login flag (shell spec §4 "Logout") and tells the operator the
   * session is over. The call is not waited for: logging out never depends on the network.
   */
  logout(): void {
    const token = this.userToken;
    const facility = this.facility;
    this.userToken = null;
    this.email = null;
    this.loggedIn = false;
    this.isNewUser = false;
    this.details = IDLE;
    this.forms.forget();
    if (token && facility) {
      void this.root.api.call('logout', { facility }, { form: { user_token: token } }).catch(() => undefined);
    }
  }

  reset(): void {
    this.logout();
    this.forms.reset();
    this.otpSignIn.reset();
    this.subSection = 'login';
    this.registeredEmail = null;
    this.resetLinkSent = false;
  }
}
