import { phoneDigitsOnFile, phoneOnFile, type ApiRouteName } from '@kiosk/shared-types';
import { TERMINAL_REFERENCE_MESSAGES } from './terminal-reference.js';

/**
 * The visit in front of the screen, as the daemon learns it from the operator's answers passing
 * through it (docs/security.md "The daemon acts only for the visitor at the screen"): the account
 * the operator logged in, that account's tenants and their units, and the rental or reservation
 * this visit created. Tenant-scoped calls pass only for these; the daemon forgets them when the
 * visit ends (Logout, session end, idle timeout, reload at home).
 *
 * Pure: no Fastify, no I/O. The proxy hands it each call's fields and each answer.
 */

/** The fields of one call as the page sent them: path parameters, query and form. */
export interface CallFields {
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  form: Readonly<Record<string, string>>;
  /** The passport token of an `authorization: Bearer` header, when the call sent one. */
  bearer?: string;
}

export type VisitDecision =
  | {
      allowed: true;
      /** Form fields the daemon sets whatever the page sent (undefined: removed). */ form?: Record<
        string,
        string | undefined
      >;
    }
  | {
      allowed: false;
      reason: VisitRefusal;
      message: string;
      /** The daemon's answer: 403 unless said (400 for a malformed call). */ status?: 400 | 403;
    };

export type VisitRefusal =
  | 'not-logged-in'
  | 'not-this-visit'
  | 'not-this-tenant'
  | 'not-this-unit'
  | 'no-phone-on-file'
  // A purpose call paid on the terminal (visit/terminal-reference.ts).
  | 'not-this-payment'
  | 'card-and-terminal';

interface Unit {
  spaceId: string;
  door: string;
}

interface KnownTenant {
  facility: string;
  units: Unit[];
  /** National digits of the phone on file (a cell first), null when none is known. */
  phone: string | null;
}

interface CreatedRecord {
  tenantId: string;
  spaceId: string;
  door: string;
  /** The rental record: the key of update-consumer-password/. */
  rrdId: string;
  gatecode: string | null;
}

/** Where a call names its tenant, unit and account. */
interface Scope {
  tenant?: 'path' | 'form';
  /** The tenant may be left out (a sale to a visitor who is not logged in). */
  tenantOptional?: boolean;
  /** A failure mail names no tenant (none was created): 'guest'. */
  guest?: boolean;
  space?: 'path' | 'form';
  door?: 'form';
  /** Where the call carries the account's user token: its query, its form, or `authorization: Bearer`. */
  token?: 'query' | 'form' | 'bearer';
  /** The query field that names the account's e-mail, which must be the logged-in account's. */
  email?: string;
  /** update-consumer-password/: the rental record this visit created. */
  rentalRecord?: true;
}

/**
 * Every call that acts for a tenant, a unit or an account (API_ROUTES), with where it names them.
 * A call not listed acts for no one in particular (facility data, a new rental or hold, login).
 */
export const VISIT_SCOPES: { readonly [N in ApiRouteName]?: Scope } = {
  userDetails: { token: 'query' },
  // A logged-in visitor's earlier identity verification, looked up by their e-mail.
  ownerItems: { token: 'bearer', email: 'emailId' },
  userItems: { token: 'query' },
  linkRental: { token: 'form' },
  logout: { token: 'form' },
  userItemDetails: { tenant: 'path', token: 'query' },
  tenant: { tenant: 'path', token: 'query' },
  updateTenantContact: { tenant: 'form', token: 'form' },
  prePay: { tenant: 'path', space: 'path' },
  payBill: { tenant: 'path', space: 'path' },
  enrolAutopay: { tenant: 'path', space: 'path' },
  cancelAutopay: { tenant: 'path', space: 'path' },
  mailAutopay: { tenant: 'path' },
  mailPayment: { tenant: 'path' },
  mailRental: { tenant: 'path' },
  mailReservation: { tenant: 'path' },
  mailRentalFailure: { tenant: 'path', guest: true },
  mailReservationFailure: { tenant: 'path', guest: true },
  textGateCode: { tenant: 'form', space: 'form', door: 'form' },
  moveOutNotice: { tenant: 'form', space: 'form' },
  processMerchandiseSales: { tenant: 'form', tenantOptional: true, space: 'form' },
  updateConsumerPassword: { rentalRecord: true },
};

/**
 * Form fields the visit reads to tell who a call is for, or sets itself whatever the page sent (the
 * gate-code text's phone and code): a follow-up may never fill them in later from another answer.
 */
export const VISIT_FORM_FIELDS: ReadonlySet<string> = new Set([
  'tenant_id',
  'space_id',
  'unit_door_number',
  'user_token',
  'rrd_id',
  'phone_number',
  'resend_phone_number',
  'gatecode',
]);

/** The calls whose answers tell the visit who is logged in, their tenants and units, or what it created. */
export const VISIT_LEARNS: ReadonlySet<ApiRouteName> = new Set<ApiRouteName>([
  'login',
  'loginOtp',
  'logout',
  'userItems',
  'linkRental',
  'userItemDetails',
  'tenant',
  'rental',
  'reserveSpace',
]);

/** Whether a call's form must be read before it is forwarded (it names a tenant, unit or account there). */
export function formNamesVisit(route: ApiRouteName): boolean {
  const scope = VISIT_SCOPES[route];
  return scope !== undefined && (scope.tenant === 'form' || scope.token === 'form' || scope.rentalRecord === true);
}

const REFUSAL_MESSAGES: Record<VisitRefusal, string> = {
  'not-logged-in': 'Please log in first.',
  'not-this-visit': 'This call is not for the account logged in at the kiosk.',
  'not-this-tenant': 'This call is not for a tenant of the account logged in at the kiosk.',
  'not-this-unit': 'This call is not for a unit of the tenant logged in at the kiosk.',
  'no-phone-on-file': 'No cell phone is on file for this tenant.',
  ...TERMINAL_REFERENCE_MESSAGES,
};

const refuse = (reason: VisitRefusal): VisitDecision => ({ allowed: false, reason, message: REFUSAL_MESSAGES[reason] });

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** `application_data.result` of an answer the operator accepted, else null. */
function okResult(answer: unknown): unknown {
  if (!isRecord(answer)) return null;
  const wrapped = answer.application_data;
  if (!isRecord(wrapped) || wrapped.status !== 'ok') return null;
  return wrapped.result ?? null;
}

export class Visit {
  private userToken: string | null = null;
  /** The logged-in account's e-mail, lower case. */
  private email: string | null = null;
  /** The phone the visitor logged in with by one-time code. */
  private loginPhone: string | null = null;
  private readonly tenants = new Map<string, KnownTenant>();
  private readonly created = new Map<string, CreatedRecord>();

  /** The visit ended: nothing of this visitor is kept for the next. */
  end(): void {
    this.forgetAccount();
    this.created.clear();
  }

  get loggedIn(): boolean {
    return this.userToken !== null;
  }

  /** Whether the call may be forwarded for this visit, and what the daemon sets in its form. */
  check(route: ApiRouteName, fields: CallFields): VisitDecision {
    const scope = VISIT_SCOPES[route];
    if (scope === undefined) return { allowed: true };
    if (scope.token !== undefined) {
      const token =
        scope.token === 'bearer' ? fields.bearer : (scope.token === 'query' ? fields.query : fields.form).user_token;
      if (this.userToken === null) return refuse('not-logged-in');
      if (token !== this.userToken) return refuse('not-this-visit');
    }
    if (scope.email !== undefined && fields.query[scope.email]?.trim().toLowerCase() !== this.email)
      return refuse('not-this-visit');
    if (scope.rentalRecord) {
      const rrd = fields.form.rrd_id;
      if (rrd === undefined || ![...this.created.values()].some((record) => record.rrdId === rrd))
        return refuse('not-this-visit');
    }
    if (scope.tenant === undefined) return { allowed: true };

    const tenantId = scope.tenant === 'path' ? fields.params.tenant : fields.form.tenant_id;
    if (tenantId === undefined || tenantId === '') {
      return scope.tenantOptional && !fields.form.space_id ? { allowed: true } : refuse('not-this-tenant');
    }
    if (scope.guest && tenantId === 'guest') return { allowed: true };
    const created = this.created.get(tenantId);
    const known = this.tenants.get(tenantId);
    if (created === undefined && known === undefined) return refuse('not-this-tenant');

    const spaceId = scope.space === 'path' ? fields.params.spaceId : fields.form.space_id;
    const door = scope.door === 'form' ? fields.form.unit_door_number : undefined;
    const units = [...(known?.units ?? []), ...(created ? [{ spaceId: created.spaceId, door: created.door }] : [])];
    if (spaceId !== undefined && spaceId !== '' && !units.some((unit) => unit.spaceId === spaceId))
      return refuse('not-this-unit');
    if (scope.space === 'path' && (spaceId === undefined || spaceId === '')) return refuse('not-this-unit');
    if (door !== undefined && door !== '' && !units.some((unit) => unit.door === door)) return refuse('not-this-unit');

    if (route === 'textGateCode') return this.gateCodeText(fields.form, created, known);
    return { allowed: true };
  }

  /**
   * The gate-code text goes to the phone on file, whatever the page sends; for the rental this
   * visit created, to the phone the visitor typed on its confirmation, with that rental's code.
   */
  private gateCodeText(
    form: CallFields['form'],
    created: CreatedRecord | undefined,
    known: KnownTenant | undefined,
  ): VisitDecision {
    const space = form.space_id;
    const ownRental =
      created !== undefined &&
      (space === undefined || space === '' || space === created.spaceId) &&
      (form.unit_door_number === undefined || form.unit_door_number === created.door);
    if (ownRental) return { allowed: true, form: { gatecode: created.gatecode ?? undefined } };
    const phone = known?.phone ?? this.loginPhone;
    if (phone === null) return refuse('no-phone-on-file');
    // The operator texts the code it has on file: no code from the page is sent with it.
    return { allowed: true, form: { phone_number: `+1${phone}`, gatecode: undefined, resend_phone_number: undefined } };
  }

  /** Learn from an answer the operator gave to a call of this visit (the call had passed check()). */
  learn(route: ApiRouteName, fields: CallFields, answer: unknown): void {
    const result = okResult(answer);
    if (!isRecord(result) && !Array.isArray(result)) return;
    switch (route) {
      case 'login':
      case 'loginOtp': {
        const token = text((result as Json).user_token);
        if (token === null) return;
        // Another account on the same visit starts from nothing.
        if (this.userToken !== null && this.userToken !== token) this.forgetAccount();
        this.userToken = token;
        this.email =
          text((result as Json).email)
            ?.trim()
            .toLowerCase() ?? null;
        if (route === 'loginOtp')
          this.loginPhone = phoneDigitsOnFile(text((result as Json).phone) ?? fields.form.phone);
        return;
      }
      case 'logout':
        this.forgetAccount();
        return;
      case 'userItems':
        if (!Array.isArray(result)) return;
        for (const item of result) {
          if (!isRecord(item) || !Array.isArray(item.tenants)) continue;
          const facility = text(item.facility) ?? '';
          for (const tenant of item.tenants) {
            const id = text(tenant);
            if (id !== null) this.tenant(id, facility);
          }
        }
        return;
      case 'linkRental': {
        const id = text((result as Json).tenant_id);
        if (id !== null) this.tenant(id, text((result as Json).facility) ?? '');
        return;
      }
      case 'userItemDetails':
      case 'tenant':
        this.learnTenantDetails(route, fields, result as Json);
        return;
      case 'rental':
      case 'reserveSpace': {
        const record = result as Json;
        const tenantId = text(record.tenant_id);
        if (tenantId === null) return;
        this.created.set(tenantId, {
          tenantId,
          spaceId: text(record.space_id) ?? fields.params.spaceId ?? '',
          door: text(record.unit_door_number) ?? '',
          rrdId: text(record.rrd_id) ?? '',
          gatecode: text(record.gatecode),
        });
        return;
      }
      default:
        return;
    }
  }

  private learnTenantDetails(route: ApiRouteName, fields: CallFields, result: Json): void {
    const tenantId = fields.params.tenant;
    if (tenantId === undefined) return;
    const known = this.tenants.get(tenantId);
    if (known === undefined) return;
    if (route === 'userItemDetails' && Array.isArray(result.space_details)) {
      for (const space of result.space_details) {
        if (!isRecord(space)) continue;
        const spaceId = text(space.spaceId);
        if (spaceId === null || known.units.some((unit) => unit.spaceId === spaceId)) continue;
        known.units.push({ spaceId, door: text(space.unit_number) ?? '' });
      }
    }
    const details = route === 'tenant' ? [result] : Array.isArray(result.tenant_details) ? result.tenant_details : [];
    const primary = details.find(
      (detail): detail is Json => isRecord(detail) && detail.type !== 'secondary' && !detail.res_id,
    );
    const phone = primary && Array.isArray(primary.phones) ? phoneOnFile(primary.phones.filter(isRecord), null) : null;
    if (phone !== null) known.phone = phone;
  }

  private tenant(id: string, facility: string): void {
    if (!this.tenants.has(id)) this.tenants.set(id, { facility, units: [], phone: null });
  }

  private forgetAccount(): void {
    this.userToken = null;
    this.email = null;
    this.loginPhone = null;
    this.tenants.clear();
  }
}
