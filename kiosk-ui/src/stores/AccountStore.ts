/*
 * Longer than one sitting's ~350 lines on purpose: every account flow (login, one-time code,
 * create an account, forgot password, link a rental) shares the session, the busy flag and the
 * errors, and the pay-bill area's account screens follow their outcomes.
 */
import {
  IDENTITY,
  type CreateUserResult,
  type LinkRentalResult,
  type LoginResult,
  type OtpLoginResult,
  type OtpRequestResult,
  type OwnerCity,
  type UserDetails,
  type UsersResponse,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../api/client';
import type { ForgotPasswordValues, LoginValues, RegisterValues } from '../forms/account';
import type { LinkRentalValues } from '../forms/link-rental';
import {
  failure,
  failureFromResponse,
  maskedPhone,
  SOMETHING_WENT_WRONG,
  type AccountFailure,
  type AccountResult,
} from './account-errors';
import type { RootStore } from './RootStore';

export type { AccountFailure, AccountMessage, AccountResult } from './account-errors';

export interface UserSession {
  userToken: string;
  email: string;
}

/** The account screens of the pay-bill area (shell spec §2 "Pay-bill sub-sections"). */
export type PayBillSubSection = 'login' | 'register' | 'link_rental' | 'pay' | 'forgot_password';

/** The account flows whose last failure the screens show. */
export type AccountFlow = 'login' | 'otp' | 'register' | 'forgot_password' | 'link_rental';

const INVALID_CODE = { key: 'account.otp.invalid_code' } as const;

/** The 10 national digits of a phone typed with or without its mask and country code 1. */
function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits;
}
const LINK_FAILED = { key: 'account.link_rental.failed' } as const;

/**
 * The visitor's account (shell spec §3 "User session", §4 "Access flows", §7 "Users and login"):
 * the session (token, e-mail, logged-in flag), e-mail and one-time-code login, create an account,
 * forgot password, link a rental and the user's details, loaded whenever a session starts.
 *
 * It also says which account screen the pay-bill area shows (login, create an account, forgot
 * password, link a rental, or the payment itself, which is BillingStore's).
 *
 * Every action answers an AccountResult; a failure carries the server's field errors with the
 * first `__all__` message as the form's message (shell spec §8). The last failure of each flow is
 * also kept in `errors` for the screens.
 */
export class AccountStore {
  userToken: string | null = null;
  email: string | null = null;
  loggedIn = false;
  /** New users (no rental yet; the server's flag) are offered an online account after a rental. */
  isNewUser = false;
  userDetails: UserDetails | null = null;
  userDetailsLoading = false;

  /** One-time code: the token of the last code sent, the phone (10 digits) and the resend countdown. */
  otpToken: string | null = null;
  otpPhone: string | null = null;
  otpResendSecondsLeft = 0;

  /** The owner's cities and facilities (link a rental). */
  ownerCities: OwnerCity[] = [];
  ownerCitiesLoaded = false;

  busy: AccountFlow | null = null;
  errors: Partial<Record<AccountFlow, AccountFailure>> = {};

  subSection: PayBillSubSection = 'login';
  /** Create an account succeeded: the login screen says so and has the e-mail filled in. */
  registeredEmail: string | null = null;
  /** The thank-you view of forgot password. */
  resetLinkSent = false;

  private otpTimer: ReturnType<typeof setInterval> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  get canResendOtp(): boolean {
    return this.otpResendSecondsLeft === 0 && this.busy !== 'otp';
  }

  private get facility(): string {
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
    this.root.ifLoaded('billing')?.leavePayStage();
    this.subSection = subSection;
    this.resetLinkSent = false;
    if (subSection !== 'login') this.registeredEmail = null;
    if (subSection === 'link_rental') void this.loadOwnerCities();
  }

  /**
   * Link a Rental's Back: the unit list when the account has units to pay, else the welcome screen
   * (an account without rentals was sent to Link a Rental, so there is no unit list to go back to).
   */
  leaveLinkRental(): void {
    if ((this.root.ifLoaded('billing')?.units.length ?? 0) > 0) this.goPay();
    else this.root.shell.goHome();
  }

  /** The payment screens: the account's units load (the pay-bill area brings the billing store). */
  goPay(): void {
    this.subSection = 'pay';
    void this.root.ifLoaded('billing')?.loadAccount();
  }

  async submitLogin(values: LoginValues): Promise<AccountResult> {
    const result = await this.loginWithEmail(values.username, values.password);
    if (result.ok) runInAction(() => this.goPay());
    return result;
  }

  /** The created-account note and e-mail are done with (logged in, or the rental's login closed). */
  forgetRegisteredEmail(): void {
    this.registeredEmail = null;
  }

  async submitRegister(values: RegisterValues): Promise<AccountResult> {
    const result = await this.register(values.username, values.password);
    if (result.ok) {
      runInAction(() => {
        this.subSection = 'login';
        this.registeredEmail = values.username.trim();
      });
    }
    return result;
  }

  async submitForgotPassword(values: ForgotPasswordValues): Promise<AccountResult> {
    const result = await this.forgotPassword(values.email);
    if (result.ok) runInAction(() => (this.resetLinkSent = true));
    return result;
  }

  async submitLinkRental(values: LinkRentalValues): Promise<AccountResult> {
    const result = await this.linkRental(values);
    if (result.ok) runInAction(() => this.goPay());
    return result;
  }

  // -- e-mail login ----------------------------------------------------------------------------------

  async loginWithEmail(email: string, password: string): Promise<AccountResult> {
    return this.run('login', async () => {
      const response = await this.root.api.call<LoginResult>(
        'login',
        { facility: this.facility },
        { form: { username: email.trim(), password } },
      );
      if (response.status === 'error') return failureFromResponse(response, SOMETHING_WENT_WRONG);
      this.setUserSession({ userToken: response.result.user_token, email: response.result.email || email.trim() });
      return { ok: true };
    });
  }

  // -- one-time code -----------------------------------------------------------------------------------

  /**
   * Send a code to `phone` (masked or digits). A number without an account gets
   * '+1 {phone} has no account. ...'; a failed request the server's message, else
   * 'Something Went Wrong'. Resending is possible after 60 s.
   */
  async requestOtp(phone: string): Promise<AccountResult> {
    const digits = nationalDigits(phone);
    return this.run('otp', async () => {
      const { api } = this.root;
      const found = await api.raw<UsersResponse>('userByPhone', { phone: `+1${digits}` });
      if (!found?.data?.user) {
        return failure({ key: 'account.otp.no_account', values: { phone: maskedPhone(digits) } }, 'NoAccount');
      }
      const ownerId = this.root.config.ownerId ?? '';
      const response = await api.call<OtpRequestResult>(
        'requestOtp',
        { owner: ownerId },
        { form: { phone: `+1${digits}` } },
      );
      if (response.status === 'error') {
        if (response.code === 'NoAccount') {
          return failure({ key: 'account.otp.no_account', values: { phone: maskedPhone(digits) } }, 'NoAccount');
        }
        return failure(response.message ? { text: response.message } : SOMETHING_WENT_WRONG, response.code);
      }
      this.otpSent(response.result.otp_token, digits);
      return { ok: true };
    });
  }

  /** Log in with the code sent to `phone`; success loads the user's details. */
  async loginWithOtp(phone: string, code: string): Promise<AccountResult> {
    const digits = nationalDigits(phone);
    return this.run('otp', async () => {
      if (!this.otpToken || this.otpPhone !== digits) return failure(INVALID_CODE, 'InvalidOtp');
      const response = await this.root.api.call<OtpLoginResult>(
        'loginOtp',
        { owner: this.root.config.ownerId ?? '' },
        { form: { phone: `+1${digits}`, otp: code.trim(), token: this.otpToken } },
      );
      if (response.status === 'error') return failure(INVALID_CODE, response.code ?? 'InvalidOtp');
      this.clearOtp();
      this.setUserSession({ userToken: response.result.user_token, email: response.result.email });
      return { ok: true };
    });
  }

  private otpSent(token: string, digits: string): void {
    this.otpToken = token;
    this.otpPhone = digits;
    this.startOtpCountdown();
  }

  private startOtpCountdown(): void {
    this.stopOtpTimer();
    this.otpResendSecondsLeft = IDENTITY.otpResendSeconds;
    this.otpTimer = setInterval(this.tickOtp, 1000);
  }

  tickOtp(): void {
    this.otpResendSecondsLeft = Math.max(0, this.otpResendSecondsLeft - 1);
    if (this.otpResendSecondsLeft === 0) this.stopOtpTimer();
  }

  private stopOtpTimer(): void {
    if (this.otpTimer !== null) clearInterval(this.otpTimer);
    this.otpTimer = null;
  }

  private clearOtp(): void {
    this.stopOtpTimer();
    this.otpToken = null;
    this.otpPhone = null;
    this.otpResendSecondsLeft = 0;
  }

  // -- create an account, forgot password ----------------------------------------------------------------

  /** Create an account; on success the visitor can log in (shell spec §4). */
  async register(email: string, password: string): Promise<AccountResult> {
    return this.run('register', async () => {
      const response = await this.root.api.call<CreateUserResult>(
        'createUser',
        { facility: this.facility },
        { form: { username: email.trim(), password } },
      );
      if (response.status === 'error') return failureFromResponse(response, SOMETHING_WENT_WRONG);
      return { ok: true };
    });
  }

  /** Send the password-reset e-mail. */
  async forgotPassword(email: string): Promise<AccountResult> {
    return this.run('forgot_password', async () => {
      const response = await this.root.api.call<{ sent: boolean }>(
        'resetPassword',
        { facility: this.facility },
        { form: { email: email.trim() } },
      );
      if (response.status === 'error') return failureFromResponse(response, SOMETHING_WENT_WRONG);
      return { ok: true };
    });
  }

  // -- link a rental -----------------------------------------------------------------------------------

  async loadOwnerCities(): Promise<void> {
    if (this.ownerCitiesLoaded) return;
    try {
      const response = await this.root.api.call<OwnerCity[]>('ownerCities', { facility: this.facility });
      runInAction(() => {
        this.ownerCities = response.status === 'ok' ? response.result : [];
        this.ownerCitiesLoaded = response.status === 'ok';
      });
    } catch {
      runInAction(() => {
        this.ownerCities = [];
      });
    }
  }

  /**
   * Link a space to the account: 'Invalid Gate code or Unit Number' when the operator refuses it
   * without saying why, else the server's errors.
   */
  async linkRental(values: LinkRentalValues): Promise<AccountResult> {
    return this.run('link_rental', async () => {
      if (!this.userToken) return failure(SOMETHING_WENT_WRONG);
      const response = await this.root.api.call<LinkRentalResult>(
        'linkRental',
        {},
        {
          form: {
            facility_city: values.facility_city,
            facility_address: values.facility_address,
            unit_no: values.unit_no.trim(),
            gate_code: values.gate_code.trim(),
            phone: values.phone ?? '',
            user_token: this.userToken,
          },
        },
      );
      if (response.status === 'error') {
        const hasErrors = Object.keys(response.errors ?? {}).length > 0;
        return hasErrors ? failureFromResponse(response, LINK_FAILED) : failure(LINK_FAILED, response.code);
      }
      void this.loadUserDetails();
      return { ok: true };
    });
  }

  // -- details, logout -----------------------------------------------------------------------------------

  /** The user's saved details (prefill for a rental) and the new-user flag. */
  async loadUserDetails(): Promise<void> {
    const token = this.userToken;
    if (!token) return;
    this.userDetailsLoading = true;
    try {
      const response = await this.root.api.call<UserDetails>(
        'userDetails',
        { facility: this.facility },
        { query: { user_token: token }, latestKey: 'user-details' },
      );
      runInAction(() => {
        if (this.userToken !== token) return;
        this.userDetails = response.status === 'ok' ? response.result : null;
        if (response.status === 'ok') this.isNewUser = Boolean(response.result.is_new_user);
      });
    } catch (error) {
      if (isCancelled(error)) return;
      runInAction(() => {
        if (this.userToken === token) this.userDetails = null;
      });
    } finally {
      runInAction(() => {
        if (this.userToken === token || this.userToken === null) this.userDetailsLoading = false;
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
    this.userDetails = null;
    this.userDetailsLoading = false;
    this.clearOtp();
    this.errors = {};
    if (token && facility) {
      void this.root.api.call('logout', { facility }, { form: { user_token: token } }).catch(() => undefined);
    }
  }

  clearError(flow: AccountFlow): void {
    delete this.errors[flow];
  }

  reset(): void {
    this.logout();
    this.busy = null;
    this.subSection = 'login';
    this.registeredEmail = null;
    this.resetLinkSent = false;
  }

  /** Runs one flow: busy flag, last error kept, exceptions (no network, daemon 5xx) as 'Something Went Wrong'. */
  private async run(flow: AccountFlow, action: () => Promise<AccountResult>): Promise<AccountResult> {
    this.busy = flow;
    delete this.errors[flow];
    let result: AccountResult;
    try {
      result = await action();
    } catch {
      result = failure(SOMETHING_WENT_WRONG);
    }
    runInAction(() => {
      if (this.busy === flow) this.busy = null;
      if (!result.ok) this.errors[flow] = result;
    });
    return result;
  }
}
