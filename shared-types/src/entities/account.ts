/**
 * Accounts (shell spec §3 "User session", "User item", "User item details"; §7 "Users and login").
 * Shapes the spec leaves out are documented in docs/sandbox.md.
 */

/** Result of POST facilities/{facility}/login/. */
export interface LoginResult {
  user_token: string;
  email: string;
}

/** Result of POST facilities/{facility}/user/ (create an account). */
export interface CreateUserResult {
  user_id: string;
  email: string;
}

/** Result of POST owners/{owner}/otp/: the code was sent; this token goes back with the code. */
export interface OtpRequestResult {
  otp_token: string;
}

/** Result of POST owners/{owner}/otp/login/: the account the phone belongs to, and its session. */
export interface OtpLoginResult {
  email: string;
  phone: string;
  user_token: string;
}

/** A kiosk account, as GET users/phone/{+1phone}/ answers it in `data.user`. */
export interface KioskUser {
  user_id: string;
  email: string;
  /** Digits with the country code, e.g. '+12175550182'; '' when the account has no phone. */
  phone: string;
  first_name: string;
  last_name: string;
}

/** Unwrapped body of the users calls: `{ data: { user } }` (user null when there is none). */
export interface UsersResponse {
  data: { user: KioskUser | null };
}

/** 10 national digits of a US number on file ('+12175550147', '(217) 555-0147'); null when not 10. */
export function phoneDigitsOnFile(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : null;
}

/**
 * The phone a tenant's gate code is texted to (MY STORAGE; the daemon sends it there whatever the
 * page asks): the cell phone on file, else the first other phone on file, else the number the
 * tenant logged in with. National digits, or null when none is usable.
 */
export function phoneOnFile(
  phones: ReadonlyArray<{ type?: unknown; number?: unknown }> | undefined,
  loginPhone: string | null,
): string | null {
  const usable = phones ?? [];
  const cell = usable.find((phone) => phone.type === 'cell' && phoneDigitsOnFile(phone.number));
  const any = usable.find((phone) => phone.type !== 'none' && phoneDigitsOnFile(phone.number));
  return phoneDigitsOnFile(cell?.number ?? any?.number ?? loginPhone);
}

export interface TenantAddress {
  address1: string;
  address2: string;
  city: string;
  stateCode: string;
  postalCode: string;
}

export interface TenantPhone {
  type: 'cell' | 'home' | 'none';
  number: string;
}

/**
 * Result of GET facilities/{facility}/get-user-details/: what the account already knows, used to
 * prefill a rental (rental spec §6 "Logged-in tenant") and to tell new users (no rental yet).
 */
export interface UserDetails {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: TenantAddress;
  /** No rental or linked space yet: offered an online account at the end of a rental. */
  is_new_user: boolean;
  /** The identity verification the account passed earlier, if any. */
  idv_id: string | null;
}

/** One entry of GET user/items/: a facility and the account's tenants there. */
export interface UserItem {
  facility: string;
  tenants: string[];
}

/** An entry of result.tenant_details (shell §3). */
export interface TenantDetail {
  type: 'primary' | 'secondary' | string;
  name: { first: string; last: string };
  email: string;
  address: TenantAddress;
  phones: TenantPhone[];
  tenant_id: string;
  /** Set on a reservation, not a rental: such entries are skipped in lists. */
  res_id: string | null;
}

/** One payment on a tenant's account (the shape is not shown in the spec; docs/api-paths.md). */
export interface PaymentHistoryEntry {
  /** ISO time the payment went through. */
  paid_at: string;
  unit_number: string;
  amount: number;
  /** The card's last 4 digits, never more. */
  card_last4: string;
  transaction_id: string;
}

/** Result of GET tenant/{tenant}/ (with the account's user_token): the tenant, payments newest first. */
export interface TenantRecord extends TenantDetail {
  payment_history: PaymentHistoryEntry[];
}

/** Result of POST user/items/ (link a rental). */
export interface LinkRentalResult {
  facility: string;
  tenant_id: string;
}
