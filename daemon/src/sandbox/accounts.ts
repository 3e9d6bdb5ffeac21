import { randomUUID } from 'node:crypto';
import type {
  AutoPayInfo,
  ChargeLine,
  KioskUser,
  PaymentAccess,
  PaymentHistoryEntry,
  SpaceDetails,
  TenantDetail,
  UserDetails,
  UserItem,
} from '@kiosk/shared-types';
import {
  addMonths,
  endOfMonthSeconds,
  firstDayOf,
  maskedCard,
  nationalPhone,
  normalizeUnitNumber,
  type YearMonth,
} from './account-rules.js';
import { daysInMonth, formatUsDate, localDate } from './dates.js';
import {
  DEMO_BILLING,
  DEMO_IDENTITY,
  DEMO_USERS,
  SANDBOX_SETTINGS,
  type DemoLease,
  type DemoTenant,
  type DemoUser,
} from './demo-facility.js';

/**
 * The users and billing areas' mutable world (accounts, sessions, one-time codes, tenants, leases,
 * balances, autopay), rebuilt from USERS & TENANTS and BILLING in demo-facility.ts on every reset.
 * Pure bookkeeping: the routes (routes/users.ts, routes/billing.ts) turn it into API answers; the
 * rules for phones, unit numbers, months and amounts are in account-rules.ts.
 */

export interface UserRecord extends Omit<DemoUser, 'items'> {
  items: UserItem[];
}

export interface LeaseRecord extends Omit<DemoLease, 'balance' | 'paid_through_month'> {
  balance: ChargeLine[];
  paidThrough: YearMonth;
  autopay_card_last4: string | null;
}

export interface PaymentRecord {
  at: string;
  tenant_id: string;
  space_id: string;
  door_name: string;
  period: number;
  amount: number;
  transaction_id: string;
  card_last4: string;
}

export type Found<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export class AccountsWorld {
  users: UserRecord[] = [];
  /** user_token -> user_id */
  sessions = new Map<string, string>();
  /** otp_token -> national phone */
  otps = new Map<string, string>();
  tenants: DemoTenant[] = [];
  leases: LeaseRecord[] = [];
  payments: PaymentRecord[] = [];
  /** Facility id -> pmsNotifications.payment as switched by POST /__sandbox/capabilities. */
  paymentNotifications = new Map<string, boolean>();

  /** Empty until reset(): SandboxState seeds it in its own reset(), once its clock exists. */
  constructor(private readonly now: () => number) {}

  reset(): void {
    const thisMonth = this.thisMonth();
    this.users = DEMO_USERS.accounts.map((user) => ({
      ...user,
      address: { ...user.address },
      items: user.items.map((item) => ({ facility: item.facility, tenants: [...item.tenants] })),
    }));
    this.sessions = new Map();
    this.otps = new Map();
    this.tenants = DEMO_USERS.tenants.map((tenant) => ({ ...tenant, address: { ...tenant.address } }));
    this.leases = DEMO_BILLING.leases.map(({ paid_through_month, balance, ...lease }) => ({
      ...lease,
      balance: balance.map((line) => ({ ...line })),
      paidThrough: addMonths(thisMonth, paid_through_month),
    }));
    this.payments = [];
    this.paymentNotifications = new Map();
  }

  thisMonth(): YearMonth {
    const today = localDate(this.now(), SANDBOX_SETTINGS.timezone);
    return { year: today.year, month: today.month };
  }

  // -- accounts -------------------------------------------------------------------------------------

  userByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    return this.users.find((user) => user.email.toLowerCase() === wanted);
  }

  userByPhone(phone: string): UserRecord | undefined {
    const wanted = nationalPhone(phone);
    return wanted.length === 10 ? this.users.find((user) => nationalPhone(user.phone) === wanted) : undefined;
  }

  userById(userId: string): UserRecord | undefined {
    return this.users.find((user) => user.user_id === userId);
  }

  userByToken(token: string | undefined): UserRecord | undefined {
    const userId = token ? this.sessions.get(token) : undefined;
    return userId ? this.userById(userId) : undefined;
  }

  userView(user: UserRecord): KioskUser {
    const { user_id, email, phone, first_name, last_name } = user;
    return { user_id, email, phone, first_name, last_name };
  }

  userDetails(user: UserRecord): UserDetails {
    return {
      user_id: user.user_id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      address: { ...user.address },
      is_new_user: user.items.every((item) => item.tenants.length === 0),
      idv_id: user.idv_id,
    };
  }

  login(email: string, password: string): UserRecord | undefined {
    const user = this.userByEmail(email);
    return user && user.password === password ? user : undefined;
  }

  startSession(user: UserRecord): string {
    const token = `ut-${randomUUID()}`;
    this.sessions.set(token, user.user_id);
    return token;
  }

  endSession(token: string): boolean {
    return this.sessions.delete(token);
  }

  createUser(email: string, password: string): UserRecord {
    const user: UserRecord = {
      user_id: `u-${2000 + this.users.length}`,
      email: email.trim(),
      password,
      phone: '',
      first_name: '',
      last_name: '',
      address: { address1: '', address2: '', city: '', stateCode: '', postalCode: '' },
      idv_id: null,
      items: [],
    };
    this.users.push(user);
    return user;
  }

  requestOtp(phone: string): string {
    const token = `otp-${randomUUID()}`;
    this.otps.set(token, nationalPhone(phone));
    return token;
  }

  /** The code must be the sandbox's code and the token must be the one sent to this phone. */
  checkOtp(phone: string, code: string, token: string): boolean {
    return code.trim() === DEMO_IDENTITY.otpCode && this.otps.get(token) === nationalPhone(phone);
  }

  // -- tenants and leases ---------------------------------------------------------------------------

  tenant(tenantId: string): DemoTenant | undefined {
    return this.tenants.find((tenant) => tenant.tenant_id === tenantId);
  }

  tenantDetail(tenant: DemoTenant): TenantDetail {
    return {
      type: 'primary',
      name: { first: tenant.first_name, last: tenant.last_name },
      email: tenant.email,
      address: { ...tenant.address },
      phones: tenant.phone ? [{ type: 'cell', number: tenant.phone }] : [],
      tenant_id: tenant.tenant_id,
      res_id: null,
    };
  }

  /** The tenant's entries of user item details: the tenant, then its secondary contact if one is on file. */
  tenantDetails(tenant: DemoTenant): TenantDetail[] {
    const secondary = tenant.secondary_contact;
    if (!secondary) return [this.tenantDetail(tenant)];
    return [
      this.tenantDetail(tenant),
      {
        type: 'secondary',
        name: { first: secondary.first_name, last: secondary.last_name },
        email: secondary.email,
        address: { ...secondary.address },
        phones: secondary.phone ? [{ type: 'cell', number: secondary.phone }] : [],
        tenant_id: tenant.tenant_id,
        res_id: null,
      },
    ];
  }

  /** The tenant's payments, newest first, as GET tenant/{tenant}/ answers them. */
  paymentHistory(tenant: DemoTenant): PaymentHistoryEntry[] {
    return this.payments
      .filter((payment) => payment.tenant_id === tenant.tenant_id)
      .map((payment) => ({
        paid_at: payment.at,
        unit_number: payment.door_name,
        amount: payment.amount,
        card_last4: payment.card_last4,
        transaction_id: payment.transaction_id,
      }))
      .reverse();
  }

  userOwnsTenant(user: UserRecord, facilityId: string, tenantId: string): boolean {
    return user.items.some((item) => item.facility === facilityId && item.tenants.includes(tenantId));
  }

  leasesOf(tenantId: string): LeaseRecord[] {
    return this.leases.filter((lease) => lease.tenant_id === tenantId);
  }

  /**
   * A rented space of the tenant, by space id ('sp-a102') or door name. A reservation is not one;
   * a space whose lease id is not known yet still has its charges and payments.
   */
  lease(tenantId: string, spaceId: string): LeaseRecord | undefined {
    const wanted = spaceId.toLowerCase();
    return this.leasesOf(tenantId).find(
      (lease) =>
        !lease.res_id && (`sp-${lease.door_name.toLowerCase()}` === wanted || lease.door_name.toLowerCase() === wanted),
    );
  }

  /** Link a rental: the facility's leased space with this unit number and gate code. */
  findRentalToLink(facilityId: string, unitNo: string, gateCode: string): LeaseRecord | undefined {
    const wanted = normalizeUnitNumber(unitNo);
    if (wanted === '') return undefined;
    return this.leases.find(
      (lease) =>
        lease.facility_id === facilityId &&
        lease.leaseId !== null &&
        normalizeUnitNumber(lease.door_name) === wanted &&
        lease.gate_code === gateCode.trim(),
    );
  }

  linkTenant(user: UserRecord, facilityId: string, tenantId: string): boolean {
    if (this.userOwnsTenant(user, facilityId, tenantId)) return false;
    const item = user.items.find((candidate) => candidate.facility === facilityId);
    if (item) item.tenants.push(tenantId);
    else user.items.push({ facility: facilityId, tenants: [tenantId] });
    return true;
  }

  autoPay(lease: LeaseRecord): AutoPayInfo {
    return lease.autopay_card_last4
      ? { enabled: true, paymentInstrument: { card: { number: maskedCard(lease.autopay_card_last4) } } }
      : { enabled: false, paymentInstrument: null };
  }

  /** A payment went through: the balance is settled and the paid-through date moves on. */
  recordPayment(lease: LeaseRecord, period: number, amount: number, cardLast4: string): PaymentRecord {
    const settled = lease.balance.length > 0 ? 1 : 0;
    lease.paidThrough = addMonths(lease.paidThrough, settled + period);
    lease.balance = [];
    const record: PaymentRecord = {
      at: new Date(this.now()).toISOString(),
      tenant_id: lease.tenant_id,
      space_id: `sp-${lease.door_name.toLowerCase()}`,
      door_name: lease.door_name,
      period,
      amount,
      transaction_id: `txn-${randomUUID().slice(0, 8)}`,
      card_last4: cardLast4,
    };
    this.payments.push(record);
    return record;
  }

  /**
   * What a payment (which always settles the balance) did to the unit's access: a suspended gate
   * code works again at once; an overlock stays until the Facility Manager removes it.
   */
  accessAfterPayment(lease: LeaseRecord): PaymentAccess {
    switch (lease.access_status ?? 'ok') {
      case 'gate_suspended':
        lease.access_status = 'ok';
        return { status: 'restored' };
      case 'overlocked':
        return { status: 'manager' };
      case 'ok':
        return { status: 'unchanged' };
    }
  }

  paidThroughText(lease: LeaseRecord): string {
    const { year, month } = lease.paidThrough;
    return formatUsDate({ year, month, day: daysInMonth(year, month) });
  }

  /** space_details entry of a lease, with the facility and unit facts the routes look up. */
  spaceDetails(
    lease: LeaseRecord,
    facts: Omit<
      SpaceDetails,
      | 'unit_number'
      | 'accessCode'
      | 'spaceId'
      | 'leaseId'
      | 'res_id'
      | 'balance'
      | 'paidThrough'
      | 'billingDate'
      | 'autoPay'
      | 'documents'
      | 'access_status'
    >,
  ): SpaceDetails {
    const reservation = lease.leaseId === null;
    return {
      ...facts,
      unit_number: lease.door_name,
      accessCode: lease.gate_code,
      spaceId: `sp-${lease.door_name.toLowerCase()}`,
      leaseId: lease.leaseId,
      res_id: lease.res_id ?? null,
      balance: lease.balance.map((line) => ({ ...line })),
      paidThrough: reservation ? null : endOfMonthSeconds(lease.paidThrough),
      billingDate: reservation ? null : Date.UTC(...firstDayOf(addMonths(lease.paidThrough, 1))) / 1000,
      autoPay: this.autoPay(lease),
      documents: reservation ? [] : DEMO_BILLING.lease_documents.map((doc) => ({ ...doc })),
      access_status: lease.access_status ?? 'ok',
    };
  }
}
