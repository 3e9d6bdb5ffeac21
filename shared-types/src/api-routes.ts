/**
 * Every operator-API call the kiosk makes (section 7 of both specs), as method + path template.
 *
 * This one list is both the daemon proxy's allow-list (anything else is a 404 that never leaves
 * the PC) and the UI client's path builder, so the two can never drift apart.
 *
 * Paths are relative to the upstream base (KIOSK_UPSTREAM_URL, which includes the versioned
 * application path). Templates use `:name` segments; a segment matches one path segment of
 * letters, digits and `_ - . + @ %` but never `.` or `..` alone. See docs/api-paths.md for where
 * the spec left a path out and what was chosen.
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
  users: { method: 'GET', path: 'users/' },
  userByPhone: { method: 'GET', path: 'users/phone/:phone/' },
  userById: { method: 'GET', path: 'users/:userId/' },
  login: { method: 'POST', path: 'facilities/:facility/login/' },
  loginSuffix: { method: 'POST', path: 'login/:suffix/' },
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

  // Billing
  prePay: { method: 'GET', path: 'tenant/:tenant/space/:spaceId/pre-pay/' },
  payBill: { method: 'POST', path: 'tenant/:tenant/space/:spaceId/pre-pay/' },
  enrolAutopay: { method: 'POST', path: 'tenant/:tenant/space/:spaceId/autopay/' },
  cancelAutopay: { method: 'DELETE', path: 'tenant/:tenant/space/:spaceId/autopay/' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** One path segment: never empty, never `.` or `..`. */
const SEGMENT = '(?!\\.{1,2}(?:/|$))[A-Za-z0-9_\\-.+@%]+';

function templateToRegExp(path: string): RegExp {
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}$`);
}

const COMPILED = Object.entries(API_ROUTES).map(([name, route]) => ({
  name: name as ApiRouteName,
  method: route.method as HttpMethod,
  pattern: templateToRegExp(route.path),
}));

/**
 * The name of the allowed call for this method and path (no leading slash, no query string),
 * or undefined when the call is not on the allow-list.
 */
export function matchApiRoute(method: string, path: string): ApiRouteName | undefined {
  const upper = method.toUpperCase();
  for (const route of COMPILED) {
    if (route.method === upper && route.pattern.test(path)) return route.name;
  }
  return undefined;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<N extends ApiRouteName> = Record<ParamNames<(typeof API_ROUTES)[N]['path']>, string | number>;

/** Fill a route's template; every value is URI-encoded so it stays one segment. */
export function buildApiPath<N extends ApiRouteName>(name: N, params: RouteParams<N>): string {
  const values = params as Record<string, string | number>;
  return API_ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${key}" for ${name}`);
    return encodeURIComponent(String(value));
  });
}
