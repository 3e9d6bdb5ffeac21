import {
  IDENTITY,
  type CreateUserResult,
  type LinkRentalResult,
  type LoginResult,
  type OtpLoginResult,
  type OtpRequestResult,
  type OwnerCity,
  type UsersResponse,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import type { LinkRentalValues } from './forms/link-rental';
import { attemptsRefusedMessage } from '../../api/client';
import type { RootStore } from '../../stores/RootStore';
import {
  failure,
  failureFromResponse,
  maskedPhone,
  SOMETHING_WENT_WRONG,
  type AccountFailure,
  type AccountResult,
} from './account-errors';

/** The account flows whose last failure the screens show. */
export type AccountFlow = 'login' | 'otp' | 'register' | 'forgot_password' | 'link_rental';

/** What the forms need of the visitor's session (AccountStore). */
export interface AccountSession {
  readonly userToken: string | null;
  /** The facility the account calls are made for. */
  readonly facility: string;
  setUserSession(session: { userToken: string; email: string }): void;
  loadUserDetails(): Promise<void>;
}

const INVALID_CODE = { key: 'account.otp.invalid_code' } as const;
const LINK_FAILED = { key: 'account.link_rental.failed' } as const;

/** The 10 national digits of a phone typed with or without its mask and country code 1. */
function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * The account forms (shell spec §4 "Access flows", §7 "Users and login"): e-mail and one-time-code
 * login, create an account, forgot password and link a rental. A login starts the session
 * (AccountStore); which screen follows an outcome is AccountStore's too.
 *
 * Every action answers an AccountResult; a failure carries the server's field errors with the
 * first `__all__` message as the form's message (shell spec §8). The flows share one busy flag,
 * and the last failure of each is kept in `errors` for the screens.
 */
export class AccountForms {
  /** One-time code: the token of the last code sent, the phone (10 digits) and the resend countdown. */
  otpToken: string | null = null;
  otpPhone: string | null = null;
  otpResendSecondsLeft = 0;

  /** The owner's cities and facilities (link a rental). */
  ownerCities: OwnerCity[] = [];
  ownerCitiesLoaded = false;

  busy: AccountFlow | null = null;
  errors: Partial<Record<AccountFlow, AccountFailure>> = {};

  private otpTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly root: RootStore,
    private readonly session: AccountSession,
  ) {
    makeAutoObservable<this, 'root' | 'session'>(this, { root: false, session: false }, { autoBind: true });
  }

  get canResendOtp(): boolean {
    return this.otpResendSecondsLeft === 0 && this.busy !== 'otp';
  }

  // -- e-mail login ----------------------------------------------------------------------------------

  async loginWithEmail(email: string, password: string): Promise<AccountResult> {
    return this.submitForFacility<LoginResult>('login', 'login', { username: email.trim(), password }, (result) =>
      this.session.setUserSession({ userToken: result.user_token, email: result.email || email.trim() }),
    );
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
      this.session.setUserSession({ userToken: response.result.user_token, email: response.result.email });
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
    return this.submitForFacility<CreateUserResult>('register', 'createUser', { username: email.trim(), password });
  }

  /** Send the password-reset e-mail. */
  async forgotPassword(email: string): Promise<AccountResult> {
    return this.submitForFacility<{ sent: boolean }>('forgot_password', 'resetPassword', { email: email.trim() });
  }

  /** A form sent for the facility: the server's errors (shell spec §8), else `done` with the result. */
  private submitForFacility<T>(
    flow: AccountFlow,
    route: 'login' | 'createUser' | 'resetPassword',
    form: Record<string, string>,
    done: (result: T) => void = () => undefined,
  ): Promise<AccountResult> {
    return this.run(flow, async () => {
      const response = await this.root.api.call<T>(route, { facility: this.session.facility }, { form });
      if (response.status === 'error') return failureFromResponse(response, SOMETHING_WENT_WRONG);
      done(response.result);
      return { ok: true };
    });
  }

  // -- link a rental -----------------------------------------------------------------------------------

  async loadOwnerCities(): Promise<void> {
    if (this.ownerCitiesLoaded) return;
    try {
      const response = await this.root.api.call<OwnerCity[]>('ownerCities', { facility: this.session.facility });
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
      const userToken = this.session.userToken;
      if (!userToken) return failure(SOMETHING_WENT_WRONG);
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
            user_token: userToken,
          },
        },
      );
      if (response.status === 'error') {
        const hasErrors = Object.keys(response.errors ?? {}).length > 0;
        return hasErrors ? failureFromResponse(response, LINK_FAILED) : failure(LINK_FAILED, response.code);
      }
      void this.session.loadUserDetails();
      return { ok: true };
    });
  }

  clearError(flow: AccountFlow): void {
    delete this.errors[flow];
  }

  /** The visitor logged out: no code is pending and no failure is kept. */
  forget(): void {
    this.clearOtp();
    this.errors = {};
  }

  reset(): void {
    this.forget();
    this.busy = null;
  }

  /** Runs one flow: busy flag, last error kept, exceptions (no network, daemon 5xx) as 'Something Went Wrong'. */
  private async run(flow: AccountFlow, action: () => Promise<AccountResult>): Promise<AccountResult> {
    this.busy = flow;
    delete this.errors[flow];
    let result: AccountResult;
    try {
      result = await action();
    } catch (error) {
      // Too many wrong codes or passwords: the daemon says how long to wait, in the visitor's words.
      result = failure(attemptsRefusedMessage(error) ?? SOMETHING_WENT_WRONG);
    }
    runInAction(() => {
      if (this.busy === flow) this.busy = null;
      if (!result.ok) this.errors[flow] = result;
    });
    return result;
  }
}
