import { IDENTITY_TOKEN_HEADER } from './entities/identity.js';

/**
 * Every operator-API call the kiosk makes (section 7 of both specs), as method + path template.
 *
 * This one list is both the daemon proxy's allow-list (anything else is a 404 that never leaves
 * the PC) and the UI client's path builder, so the two can never drift apart.
 *
 * Paths are relative to the upstream base (KIOSK_UPSTREAM_URL, which includes the versioned
 * application path). Templates use `:name` segments; each parameter must have the shape
 * PATH_PARAMETER_SHAPES gives its name, checked on the decoded value. See docs/api-paths.md for
 * where the spec left a path out and what was chosen.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
}

export const API_ROUTES = {
  // Facility data
  configuration: { method: 'GET', path: 'facilities/:facility/configuration/' },
  facility: { method: 'GET', path: 'facilities/:facility/' },
  amenities: { method: 'GET', path: 'facilities/:facility/amenities/' },
  media: { method: 'GET', path: 'facilities/:facility/media/' },
  spaceTypes: { method: 'GET', path: 'facilities/:facility/space-types/' },
  sizeGuide: { method: 'GET', path: 'facilities/:facility/size-guide/' },
  spaces: { method: 'GET', path: 'facilities/:facility/spaces/' },
  spaceStatus: { method: 'GET', path: 'facilities/:facility/space/:doorId/' },
  spaceDetails: { method: 'GET', path: 'facilities/:facility/space/:spaceId/details/' },
  facilityInsurances: { method: 'GET', path: 'facilities/:facility/facility-insurances/' },
  merchandise: { method: 'GET', path: 'facilities/:facility/merchandise/' },
  zipcode: { method: 'GET', path: 'facilities/:facility/zipcode/' },
  ownerCities: { method: 'GET', path: 'facilities/:facility/owner/cities/' },
  unitsAvailability: { method: 'GET', path: 'get-units-availability-for-facility/' },
  unitPromo: { method: 'GET', path: 'get-unit-promo/' },
  findReservation: { method: 'GET', path: 'facilities/:facility/find-reservation/' },
  validatePhone: { method: 'GET', path: 'common-data/validate-phone/' },
  facilityMap: { method: 'GET', path: 'user/facility/:facility/map/' },
  capabilities: { method: 'GET', path: 'owners/:owner/website/facilities/:facility/capabilities/' },
  nonInteractiveAgreements: { method: 'GET', path: 'facilities/:facility/pandadocs/non-interactive-agreements/' },

  // Rental
  rentalCost: { method: 'GET', path: 'facilities/:facility/space-types/:spaceTypeId/rental-cost/' },
  holdSpaceType: { method: 'POST', path: 'facilities/:facility/space-types/:spaceTypeId/hold/' },
  holdSpace: { method: 'POST', path: 'facilities/:facility/spaces/:spaceId/hold/' },
  releaseSpace: { method: 'POST', path: 'facilities/:facility/release-space/' },
  rental: { method: 'POST', path: 'facilities/:facility/rental/' },
  saveFailedRental: { method: 'POST', path: 'save-failed-rental/' },
  reserveSpace: { method: 'POST', path: 'facilities/:facility/space/:spaceId/reserve/' },
  processMerchandiseSales: { method: 'POST', path: 'process-merchandise-sales/' },
  decryptCard: { method: 'POST', path: 'facilities/:facility/credit-card/' },
  // A payment the terminal approved, recorded by the daemon itself (never by the page): the
  // terminal's reference and receipt fields, no card (docs/api-paths.md "Terminal payments").
  recordTerminalPayment: { method: 'POST', path: 'facilities/:facility/terminal-payments/' },
  generateTokens: { method: 'POST', path: 'facilities/:facility/pandadocs/generate-tokens/' },
  generateAgreements: { method: 'POST', path: 'facilities/:facility/pandadocs/generate-agreements/' },
  validateGatecodeGet: { method: 'GET', path: 'validate-gatecode/' },
  validateGatecode: { method: 'POST', path: 'validate-gatecode/' },
  textGateCode: { method: 'POST', path: 'text-gate-code/' },
  updateConsumerPassword: { method: 'POST', path: 'update-consumer-password/' },

  // Identity and documents
  createDossier: { method: 'POST', path: 'owners/:owner/facilities/:facility/dossiers/' },
  getDossier: { method: 'GET', path: 'dossiers/:dossierId/' },
  updateDossier: { method: 'PUT', path: 'dossiers/:dossierId/' },
  identityVerification: { method: 'POST', path: 'owners/:owner/facilities/:facility/identity-verification' },
  identityVerify: { method: 'POST', path: 'owners/:owner/facilities/:facility/identity-verification/:idvId/verify' },
  ownerItems: { method: 'GET', path: 'owners/:owner/items' },
  existingOnboardingUrl: { method: 'GET', path: 'facilities/:facility/get-existing-onboarding-url/' },
  generateIdentitySession: { method: 'GET', path: 'facilities/:facility/generate-incode-session/' },
  identityStatus: { method: 'GET', path: 'facilities/:facility/get-status/' },
  identityScore: { method: 'GET', path: 'facilities/:facility/get-score/' },
  identityOcr: { method: 'GET', path: 'facilities/:facility/get-ocr-image-data/' },
  getFile: { method: 'GET', path: 'owners/:owner/files/:fileId/' },
  createFile: { method: 'POST', path: 'owners/:owner/files/' },

  // Notification emails (communication app)
  mailReservation: {
    method: 'POST',
    path: 'owners/:owner/facilities/:facility/tenant/:tenant/space-type/:spaceTypeId/reservation/',
  },
  mailReservationFailure: {
    method: 'POST',
    path: 'owners/:owner/facilities/:facility/tenant/:tenant/space-type/:spaceTypeId/reservation/failure/',
  },
  mailRental: {
    method: 'POST',
    path: 'owners/:owner/facilities/:facility/tenant/:tenant/space-type/:spaceTypeId/rental/',
  },
  mailRentalFailure: {
    method: 'POST',
    path: 'owners/:owner/facilities/:facility/tenant/:tenant/space-type/:spaceTypeId/rental/failure/',
  },
  mailAutopay: { method: 'POST', path: 'owners/:owner/facilities/:facility/tenant/:tenant/autopay/' },
  mailPayment: { method: 'POST', path: 'owners/:owner/facilities/:facility/tenant/:tenant/payment/' },

  // Users and login
  userByPhone: { method: 'GET', path: 'users/phone/:phone/' },
  login: { method: 'POST', path: 'facilities/:facility/login/' },
  logout: { method: 'POST', path: 'facilities/:facility/logout/' },
  resetPassword: { method: 'POST', path: 'facilities/:facility/reset-password/' },
  createUser: { method: 'POST', path: 'facilities/:facility/user/' },
  requestOtp: { method: 'POST', path: 'owners/:owner/otp/' },
  loginOtp: { method: 'POST', path: 'owners/:owner/otp/login/' },
  userDetails: { method: 'GET', path: 'facilities/:facility/get-user-details/' },
  userItems: { method: 'GET', path: 'user/items/' },
  linkRental: { method: 'POST', path: 'user/items/' },
  userItemDetails: { method: 'GET', path: 'user/items/facilities/:facility/tenant/:tenant/' },
  tenant: { method: 'GET', path: 'tenant/:tenant/' },

  // Tenant contact details (not in the specs; docs/api-paths.md "Tenant contact details")
  updateTenantContact: { method: 'POST', path: 'update-tenant-contact/' },

  // Billing
  prePay: { method: 'GET', path: 'tenant/:tenant/space/:spaceId/pre-pay/' },
  payBill: { method: 'POST', path: 'tenant/:tenant/space/:spaceId/pre-pay/' },
  enrolAutopay: { method: 'POST', path: 'tenant/:tenant/space/:spaceId/autopay/' },
  cancelAutopay: { method: 'DELETE', path: 'tenant/:tenant/space/:spaceId/autopay/' },

  // MY STORAGE, the tenants' area (docs/my-storage.md)
  moveOutNotice: { method: 'POST', path: 'move-out-notice/' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The routes that read (GET). */
export type ApiReadName = {
  [N in ApiRouteName]: (typeof API_ROUTES)[N]['method'] extends 'GET' ? N : never;
}[ApiRouteName];

/**
 * The facility's public reads, which index.html preloads (daemon/src/plugins/ui.ts preloadLinks):
 * a `<link rel="preload">` cannot send the kiosk page's header (KIOSK_PAGE_HEADER), so these alone
 * pass without it. They hold nothing about a visitor. Every other /api call needs the header
 * (docs/security.md, "Only the kiosk's page can call").
 */
export const PUBLIC_API_READS = [
  'configuration',
  'facility',
  'nonInteractiveAgreements',
] as const satisfies readonly ApiReadName[];

/**
 * Facility, owner and record ids: `demo`, `demo-smart`, `north.site_2` (the UI router's facility
 * rule), numbers, UUIDs, `t-5001`, `sp-b-12`, door numbers (`015`, `A101`), `guest`. Never two
 * dots in a row, so never `.` or `..`.
 */
const ID = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;
/** A phone number in E.164 form (`+15555550100`), the plus optional. */
const PHONE = /^\+?[0-9]{4,15}$/;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Every path parameter name used by the allow-list. */
export type PathParameterName = ParamNames<(typeof API_ROUTES)[ApiRouteName]['path']>;

/**
 * The shape of each path parameter, tested on its decoded value: the proxy refuses (404, never
 * forwarded) a call whose parameter does not fit. A new
 * parameter name in API_ROUTES does not compile until it has a shape here.
 */
export const PATH_PARAMETER_SHAPES = {
  facility: ID,
  owner: ID,
  tenant: ID,
  doorId: ID,
  spaceId: ID,
  spaceTypeId: ID,
  dossierId: ID,
  idvId: ID,
  fileId: ID,
  phone: PHONE,
} as const satisfies Record<PathParameterName, RegExp>;

/**
 * Request headers the UI may send with an operator call and the daemon forwards (the identity
 * provider's token and the passport token are the only credentials among them). Every other
 * browser header stays on the PC: method-override and URL-rewrite headers (`x-http-method-override`,
 * `x-original-url`), forwarding headers, cookies. The daemon adds the API key, date and trace id
 * itself, and content-length when there is a body.
 */
export const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'accept',
  'accept-language',
  'authorization',
  IDENTITY_TOKEN_HEADER,
] as const;

export type ForwardedRequestHeader = (typeof FORWARDED_REQUEST_HEADERS)[number];

/** A percent-encoded dot, slash or backslash: never part of a real id. */
const ENCODED_SEPARATOR = /%(?:2e|2f|5c)/i;

/**
 * The decoded value of a raw path parameter, or undefined when it cannot be one: bad escapes, an
 * encoded dot, slash or backslash, or a `%` left after decoding (double encoding such as `%252e`,
 * which a gateway decoding twice would turn into `.`).
 */
export function decodePathParameter(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  if (ENCODED_SEPARATOR.test(raw)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return decoded.includes('%') ? undefined : decoded;
}

function templateToRegExp(path: string): RegExp {
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}$`);
}

interface CompiledRoute {
  name: ApiRouteName;
  method: HttpMethod;
  pattern: RegExp;
  params: PathParameterName[];
}

let compiledRoutes: readonly CompiledRoute[] | undefined;

/**
 * The templates as patterns, built on first use: the UI only builds paths, so its bundle leaves
 * the matcher out and its first screen does not build 70 patterns.
 */
function compiled(): readonly CompiledRoute[] {
  compiledRoutes ??= Object.entries(API_ROUTES).map(([name, route]) => ({
    name: name as ApiRouteName,
    method: route.method as HttpMethod,
    pattern: templateToRegExp(route.path),
    params: [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as PathParameterName),
  }));
  return compiledRoutes;
}

/** An allowed call: its name and its path parameters, decoded (`{ tenant: 't-5001', spaceId: 'sp-1' }`). */
export interface ApiCall {
  name: ApiRouteName;
  params: Record<string, string>;
}

/**
 * The allowed call for this method and path (no leading slash, no query string), or undefined
 * when the call is not on the allow-list or a parameter does not have its shape.
 */
export function matchApiCall(method: string, path: string): ApiCall | undefined {
  const upper = method.toUpperCase();
  for (const route of compiled()) {
    if (route.method !== upper) continue;
    const match = route.pattern.exec(path);
    if (match === null) continue;
    const params: Record<string, string> = {};
    const fits = route.params.every((name, index) => {
      const decoded = decodePathParameter(match[index + 1]!);
      if (decoded === undefined || !PATH_PARAMETER_SHAPES[name].test(decoded)) return false;
      params[name] = decoded;
      return true;
    });
    if (fits) return { name: route.name, params };
  }
  return undefined;
}

/** The name of the allowed call for this method and path (matchApiCall), or undefined. */
export function matchApiRoute(method: string, path: string): ApiRouteName | undefined {
  return matchApiCall(method, path)?.name;
}

export type RouteParams<N extends ApiRouteName> = Record<ParamNames<(typeof API_ROUTES)[N]['path']>, string | number>;

/**
 * The query of the facility-settings call (`facility`). The UI's call, the daemon's preload of it
 * (a preloaded answer is used only by a fetch of the same URL) and the daemon's first paint of the
 * welcome all send this one.
 */
export function facilitySettingsQuery(facilityId: string): Record<string, string> {
  return { All: 'true', facility_id: facilityId };
}

/** Fill a route's template; every value is URI-encoded so it stays one segment. */
export function buildApiPath<N extends ApiRouteName>(name: N, params: RouteParams<N>): string {
  const values = params as Record<string, string | number>;
  return API_ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${key}" for ${name}`);
    return encodeURIComponent(String(value));
  });
}
