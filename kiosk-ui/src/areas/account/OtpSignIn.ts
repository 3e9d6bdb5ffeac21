import { makeAutoObservable, runInAction } from 'mobx';
import type { AccountMessage } from './account-errors';
import type { AccountForms } from './AccountForms';

/** The account forms' failure code for a phone number with no account. */
const NO_ACCOUNT = 'NoAccount';

/**
 * The rental's sign-in by one-time code (shell spec §2 "Login ... in the rental context", rental §4
 * "OTP login"): the number the code went to (the code form shows while there is one), the message
 * the last request or login left, and whether the number has no account, so the dialog offers
 * e-mail or creating an account instead. The calls, the busy flag and the resend countdown are
 * AccountForms'. `reset()` when the dialog's mobile form closes: the next one starts afresh.
 */
export class OtpSignIn {
  /** The number as the visitor typed it, once a code was sent to it. */
  sentTo: string | null = null;
  message: AccountMessage | null = null;
  noAccount = false;

  /** Bumped by reset(): an answer to an earlier attempt changes nothing. */
  private attempt = 0;

  constructor(private readonly forms: Pick<AccountForms, 'requestOtp' | 'loginWithOtp'>) {
    makeAutoObservable<this, 'forms' | 'attempt'>(this, { forms: false, attempt: false }, { autoBind: true });
  }

  /** Send a code to `phone` (again, for Resend); true when it went. */
  async request(phone: string): Promise<boolean> {
    const attempt = this.attempt;
    this.message = null;
    this.noAccount = false;
    const result = await this.forms.requestOtp(phone);
    runInAction(() => {
      if (attempt !== this.attempt) return;
      if (result.ok) {
        this.sentTo = phone;
      } else {
        this.message = result.form;
        this.noAccount = result.code === NO_ACCOUNT;
      }
    });
    return result.ok && attempt === this.attempt;
  }

  /** Log in with the code sent; true when the session started. */
  async logIn(code: string): Promise<boolean> {
    const phone = this.sentTo;
    if (phone === null) return false;
    const attempt = this.attempt;
    this.message = null;
    const result = await this.forms.loginWithOtp(phone, code);
    runInAction(() => {
      if (attempt === this.attempt && !result.ok) this.message = result.form;
    });
    return result.ok;
  }

  /** 'Back' from the code form: the phone form again. */
  back(): void {
    this.sentTo = null;
    this.message = null;
  }

  reset(): void {
    this.attempt += 1;
    this.sentTo = null;
    this.message = null;
    this.noAccount = false;
  }
}
