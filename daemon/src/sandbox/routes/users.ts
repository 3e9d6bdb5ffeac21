import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  CreateUserResult,
  LinkRentalResult,
  LoginResult,
  OtpLoginResult,
  OtpRequestResult,
  TenantRecord,
  UserItemDetails,
  UsersResponse,
} from '@kiosk/shared-types';
import type { LeaseRecord } from '../accounts.js';
import { nationalPhone } from '../account-rules.js';
import { DEMO_BILLING, DEMO_USERS } from '../demo-facility.js';
import { fail, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import type { SandboxState } from '../state.js';

/**
 * Users and login (shell spec §7 "Users and login"): accounts, sessions (user_token), password
 * reset, one-time codes, user items, linking a rental and the per-tenant details Pay My Bill reads.
 * Wrong credentials, taken e-mails, unknown phones and wrong gate codes are business outcomes:
 * HTTP 200 with status 'error' and the field errors (`__all__` for the form).
 */

const REQUIRED = 'This field is required.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

type Form = Record<string, string | undefined>;

/** Field errors for the named fields left empty, or null when all are there. */
function missing(body: Form, fields: readonly string[]): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const field of fields) if (!body[field]?.trim()) errors[field] = [REQUIRED];
  return Object.keys(errors).length > 0 ? errors : null;
}

function checkOwner(state: SandboxState, ownerId: string): void {
  const known = state.facilityIds().some((id) => state.facility(id).data.owner_id === ownerId);
  if (!known) throw new SandboxError(404, 'OwnerNotFound', `No owner with id "${ownerId}".`);
}

const invalidToken = () =>
  fail({
    code: 'InvalidToken',
    message: 'Your session has ended. Please log in again.',
    errors: { __all__: ['Your session has ended. Please log in again.'] },
  });

/** The management system's view of a leased (or reserved) space. */
export function spaceDetailsOf(state: SandboxState, lease: LeaseRecord) {
  const { data } = state.facility(lease.facility_id);
  const space = state.findSpace(lease.facility_id, lease.door_name);
  const unit = space ? state.unit(lease.facility_id, space.unit_id) : undefined;
  return state.accounts.spaceDetails(lease, {
    is_parking: unit?.parking ?? false,
    actual_length: unit?.actual_length ?? 0,
    actual_width: unit?.actual_width ?? 0,
    unit_standard: unit?.unit_type ?? '',
    unit_description: unit?.description ?? '',
    city: data.settings.city,
    state: data.settings.state,
    zipcode: data.settings.postal,
    facility_name: data.settings.name,
    address: data.settings.address_exact,
    phone_number: data.settings.phone,
    gds_id: `gds-${data.facility_id}`,
    facility_id: data.facility_id,
    unit_id: unit?.unit_id ?? space?.unit_id ?? '',
  });
}

const usersRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { accounts } = state;
  const facilityParams = { params: stringFields(['facility'], ['facility']) };
  const ownerParams = { params: stringFields(['owner'], ['owner']) };

  // -- a user by phone (unwrapped: { data: { user } }) -----------------------------------------------

  app.get(
    operatorPath('userByPhone'),
    { schema: { params: stringFields(['phone'], ['phone']) } },
    async (request): Promise<UsersResponse> => {
      const user = accounts.userByPhone(request.params.phone);
      return { data: { user: user ? accounts.userView(user) : null } };
    },
  );

  // -- login, logout, register, reset ------------------------------------------------------------------

  app.post(
    operatorPath('login'),
    { schema: { ...facilityParams, body: stringFields(['username', 'password']) } },
    async (request) => {
      state.facility(request.params.facility);
      const body = request.body ?? {};
      const errors = missing(body, ['username', 'password']);
      if (errors) return fail({ code: 'ValidationError', message: 'Please fill in every field.', errors });
      const user = accounts.login(body.username!, body.password!);
      if (!user) {
        return fail({
          code: 'LoginFailed',
          message: DEMO_USERS.loginFailedMessage,
          errors: { __all__: [DEMO_USERS.loginFailedMessage] },
        });
      }
      const result: LoginResult = { user_token: accounts.startSession(user), email: user.email };
      return ok(result);
    },
  );

  app.post(
    operatorPath('logout'),
    { schema: { ...facilityParams, body: stringFields(['user_token']) } },
    async (request) => {
      state.facility(request.params.facility);
      const token = request.body?.user_token ?? '';
      return ok({ logged_out: accounts.endSession(token) });
    },
  );

  app.post(
    operatorPath('createUser'),
    { schema: { ...facilityParams, body: stringFields(['username', 'password']) } },
    async (request) => {
      state.facility(request.params.facility);
      const body = request.body ?? {};
      const errors = missing(body, ['username', 'password']) ?? {};
      const username = body.username?.trim() ?? '';
      const password = body.password ?? '';
      if (username && !EMAIL.test(username)) errors.username = ['Enter a valid email address.'];
      else if (username && accounts.userByEmail(username)) errors.username = [DEMO_USERS.emailTakenMessage];
      if (password && password.length < 6) errors.password = ['Ensure this field has at least 6 characters.'];
      if (Object.keys(errors).length > 0) {
        return fail({ code: 'ValidationError', message: 'The account could not be created.', errors });
      }
      const user = accounts.createUser(username, password);
      const result: CreateUserResult = { user_id: user.user_id, email: user.email };
      return ok(result);
    },
  );

  app.post(
    operatorPath('resetPassword'),
    { schema: { ...facilityParams, body: stringFields(['email']) } },
    async (request) => {
      state.facility(request.params.facility);
      const email = request.body?.email?.trim() ?? '';
      if (!EMAIL.test(email)) {
        return fail({
          code: 'ValidationError',
          message: 'Enter a valid email address.',
          errors: { email: ['Enter a valid email address.'] },
        });
      }
      // Like a real service, the answer does not tell whether the address has an account.
      if (accounts.userByEmail(email)) {
        state.recordings.recordMail({
          kind: 'reset-password',
          to: { email },
          data: { link: '/reset-password/sandbox' },
        });
      }
      return ok({ sent: true });
    },
  );

  // -- one-time code -------------------------------------------------------------------------------

  app.post(
    operatorPath('requestOtp'),
    { schema: { ...ownerParams, body: stringFields(['phone']) } },
    async (request) => {
      checkOwner(state, request.params.owner);
      const phone = request.body?.phone ?? '';
      const digits = nationalPhone(phone);
      if (digits.length !== 10) {
        return fail({
          code: 'InvalidPhone',
          message: 'Invalid Cell Phone Number',
          errors: { phone: ['Invalid Cell Phone Number'] },
        });
      }
      if (!accounts.userByPhone(digits)) {
        return fail({
          code: 'NoAccount',
          message: `+1 ${digits} has no account. Please login with your existing email or create a new account.`,
        });
      }
      const token = accounts.requestOtp(digits);
      state.recordings.recordText({
        to: phone,
        kind: 'otp',
        body: 'Your Maple Street Self Storage login code is 123456.',
      });
      const result: OtpRequestResult = { otp_token: token };
      return ok(result);
    },
  );

  app.post(
    operatorPath('loginOtp'),
    { schema: { ...ownerParams, body: stringFields(['phone', 'otp', 'token']) } },
    async (request) => {
      checkOwner(state, request.params.owner);
      const { phone = '', otp = '', token = '' } = request.body ?? {};
      const user = accounts.userByPhone(phone);
      if (!user || !accounts.checkOtp(phone, otp, token)) {
        return fail({
          code: 'InvalidOtp',
          message: 'Invalid Code. Please try again.',
          errors: { otp: ['Invalid Code. Please try again.'] },
        });
      }
      accounts.otps.delete(token);
      const result: OtpLoginResult = { email: user.email, phone: user.phone, user_token: accounts.startSession(user) };
      return ok(result);
    },
  );

  // -- account details and user items ----------------------------------------------------------------

  app.get(
    operatorPath('userDetails'),
    { schema: { ...facilityParams, querystring: stringFields(['user_token', 'idv_id']) } },
    async (request) => {
      state.facility(request.params.facility);
      const user = accounts.userByToken(request.query.user_token);
      return user ? ok(accounts.userDetails(user)) : invalidToken();
    },
  );

  app.get(
    operatorPath('userItems'),
    { schema: { querystring: stringFields(['user_token', 'user_email']) } },
    async (request) => {
      const user = accounts.userByToken(request.query.user_token);
      if (!user) return invalidToken();
      return ok(user.items.map((item) => ({ facility: item.facility, tenants: [...item.tenants] })));
    },
  );

  app.post(
    operatorPath('linkRental'),
    {
      schema: {
        body: stringFields(['facility_city', 'facility_address', 'unit_no', 'gate_code', 'phone', 'user_token']),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const user = accounts.userByToken(body.user_token);
      if (!user) return invalidToken();
      const errors = missing(body, ['facility_city', 'facility_address', 'unit_no', 'gate_code']);
      if (errors) return fail({ code: 'ValidationError', message: 'Please fill in every field.', errors });
      const facilityId = body.facility_address!.trim();
      const known = state.facilityIds().includes(facilityId);
      const cityMatches = known && state.facility(facilityId).data.settings.city === body.facility_city!.trim();
      const lease = cityMatches ? accounts.findRentalToLink(facilityId, body.unit_no!, body.gate_code!) : undefined;
      // No errors list: the kiosk shows its own 'Invalid Gate code or Unit Number'.
      if (!lease) return fail({ code: DEMO_BILLING.linkFailedCode });
      if (!accounts.linkTenant(user, facilityId, lease.tenant_id)) {
        const message = 'This rental is already linked to your account.';
        return fail({ code: 'AlreadyLinked', message, errors: { __all__: [message] } });
      }
      const result: LinkRentalResult = { facility: facilityId, tenant_id: lease.tenant_id };
      return ok(result);
    },
  );

  app.get(
    operatorPath('userItemDetails'),
    {
      schema: {
        params: stringFields(['facility', 'tenant'], ['facility', 'tenant']),
        querystring: stringFields(['user_token']),
      },
    },
    async (request) => {
      const { facility, tenant: tenantId } = request.params;
      state.facility(facility);
      const user = accounts.userByToken(request.query.user_token);
      if (!user) return invalidToken();
      const tenant = accounts.tenant(tenantId);
      if (!tenant || !accounts.userOwnsTenant(user, facility, tenantId)) {
        return fail({ code: 'TenantNotFound', message: `No tenant ${tenantId} on this account.` });
      }
      if (tenant.details_fail) {
        return fail({
          code: 'ManagementSystemError',
          message: 'The management system did not answer for this tenant.',
        });
      }
      const leases = accounts.leasesOf(tenantId).filter((lease) => lease.facility_id === facility);
      const reservations = leases.filter((lease) => lease.res_id);
      const result: UserItemDetails = {
        tenant_details: [
          ...accounts.tenantDetails(tenant),
          ...reservations.map((lease) => ({ ...accounts.tenantDetail(tenant), res_id: lease.res_id ?? null })),
        ],
        space_details: leases.map((lease) => spaceDetailsOf(state, lease)),
      };
      return ok(result);
    },
  );

  // The tenant and its payment history, for the account that holds it (the rental's confirm_paybill).
  app.get(
    operatorPath('tenant'),
    { schema: { params: stringFields(['tenant'], ['tenant']), querystring: stringFields(['user_token']) } },
    async (request) => {
      const user = accounts.userByToken(request.query.user_token);
      if (!user) return invalidToken();
      const tenant = accounts.tenant(request.params.tenant);
      const owned = user.items.some((item) => item.tenants.includes(request.params.tenant));
      if (!tenant || !owned) return fail({ code: 'TenantNotFound', message: `No tenant ${request.params.tenant}.` });
      const result: TenantRecord = {
        ...accounts.tenantDetail(tenant),
        payment_history: accounts.paymentHistory(tenant),
      };
      return ok(result);
    },
  );
};

export default usersRoutes;
