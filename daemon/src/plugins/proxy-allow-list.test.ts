import { describe, expect, it } from 'vitest';
import { API_ROUTES, buildApiPath, type ApiRouteName, type RouteParams } from '@kiosk/shared-types';
import { allowedApiRoute, isSafeApiPath } from './proxy.js';

/** Realistic values per path parameter: ids and a phone with +1. */
const SAMPLE: Record<string, string> = {
  facility: 'demo',
  owner: 'demo-owner',
  doorId: 'A-101',
  spaceId: '1042',
  spaceTypeId: '7',
  dossierId: 'd_9f3c',
  idvId: 'idv-22',
  fileId: 'f.123',
  tenant: '5501',
  phone: '+15555550100',
};

function samplePath(name: ApiRouteName): string {
  const params = Object.fromEntries(
    [...API_ROUTES[name].path.matchAll(/:([A-Za-z]+)/g)].map(([, key]) => [key, SAMPLE[key as string] ?? 'x1']),
  );
  return buildApiPath(name, params as RouteParams<typeof name>);
}

const names = Object.keys(API_ROUTES) as ApiRouteName[];

describe('the /api allow-list', () => {
  it.each(names)('lets %s through with its own method', (name) => {
    const path = samplePath(name);
    const route = allowedApiRoute(API_ROUTES[name].method, path);
    expect(route).toBeDefined();
    // Two routes can share a path with different methods (validate-gatecode GET/POST, pre-pay,
    // user/items): the matched one must be a route with this very method and path.
    expect(API_ROUTES[route!].method).toBe(API_ROUTES[name].method);
    expect(samplePath(route!)).toBe(path);
  });

  it.each(names)('refuses %s with a method the allow-list does not give that path', (name) => {
    const path = samplePath(name);
    const allowedMethods = new Set(
      names.filter((other) => samplePath(other) === path).map((other) => API_ROUTES[other].method),
    );
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      if (!allowedMethods.has(method as 'GET')) expect(allowedApiRoute(method, path)).toBeUndefined();
    }
  });

  it('accepts a percent-encoded segment value (phone with +1)', () => {
    expect(allowedApiRoute('GET', 'users/phone/%2B15555550100/')).toBe('userByPhone');
  });

  it.each([
    ['GET', 'users/'],
    ['GET', 'users/u-1001/'],
    ['POST', 'login/passport/'],
  ])('refuses the users list, a user by id and the provider login no kiosk flow makes (%s %s)', (method, path) => {
    expect(allowedApiRoute(method, path)).toBeUndefined();
  });

  it.each([
    ['configuration', 'GET', 'facilities/demo-smart/configuration/'],
    ['configuration', 'GET', 'facilities/north.site_2/configuration/'],
    ['configuration', 'GET', 'facilities/external-paybill/configuration/'],
    ['spaceStatus', 'GET', 'facilities/demo/space/sp-b-12/'],
    ['spaceDetails', 'GET', 'facilities/demo/space/015/details/'],
    ['rentalCost', 'GET', 'facilities/demo/space-types/xs-5x5/rental-cost/'],
    ['getDossier', 'GET', 'dossiers/8c0f6a0e-4b4e-4f4e-9a53-1d2f3e4a5b6c/'],
    ['identityVerify', 'POST', 'owners/demo-owner/facilities/demo/identity-verification/idv-3fa2b1c0d9e8/verify'],
    ['getFile', 'GET', 'owners/demo-owner/files/file-0a1b2c3d4e5f/'],
    ['mailRentalFailure', 'POST', 'owners/demo-owner/facilities/demo/tenant/guest/space-type/m-10x10/rental/failure/'],
    ['userItemDetails', 'GET', 'user/items/facilities/demo/tenant/t-5001/'],
    ['prePay', 'GET', 'tenant/t-5001/space/sp-a102/pre-pay/'],
  ])('lets %s through with a real id (%s %s)', (name, method, path) => {
    expect(allowedApiRoute(method, path)).toBe(name);
  });

  it.each([
    ['traversal', 'GET', 'facilities/demo/../../admin/'],
    ['dot segment as a parameter', 'GET', 'facilities/../configuration/'],
    ['encoded traversal', 'GET', 'facilities/%2e%2e/configuration/'],
    ['encoded slash', 'GET', 'facilities/demo%2Fx/configuration/'],
    ['encoded slash, lower case', 'GET', 'facilities/demo%2fx/configuration/'],
    ['encoded backslash', 'GET', 'facilities/demo%5C/configuration/'],
    ['backslash', 'GET', 'facilities/demo\\x/configuration/'],
    ['double slash', 'GET', 'facilities//configuration/'],
    ['leading slash', 'GET', '/facilities/demo/configuration/'],
    ['bad percent encoding', 'GET', 'facilities/%zz/configuration/'],
    ['encoded control character', 'GET', 'facilities/demo%00/configuration/'],
    ['double-encoded traversal', 'GET', 'facilities/%252e%252e/configuration/'],
    ['encoded dot', 'GET', 'facilities/demo%2esmart/configuration/'],
    ['a space as the id', 'GET', 'facilities/%20/configuration/'],
    ['a phone with letters', 'GET', 'users/phone/%2B1555CALLME/'],
    ['unknown path', 'GET', 'admin/users/'],
    ['sandbox control route', 'POST', '__sandbox/reset'],
    ['extra segment', 'GET', 'facilities/demo/configuration/extra/'],
    ['missing trailing slash', 'GET', 'facilities/demo/configuration'],
    ['empty path', 'GET', ''],
    ['wrong method', 'DELETE', 'facilities/demo/configuration/'],
  ])('refuses %s', (_label, method, path) => {
    expect(allowedApiRoute(method, path)).toBeUndefined();
  });

  it('tells a safe path from an unsafe one', () => {
    expect(isSafeApiPath('facilities/demo/configuration/')).toBe(true);
    expect(isSafeApiPath('users/phone/%2B1555/')).toBe(true);
    expect(isSafeApiPath('a/%2E%2E/b')).toBe(false);
  });
});
