/**
 * The kiosk's URL routes (shell spec §2 "Routes"), history mode without a router library.
 * Parsing and building are pure; ShellStore holds the current route and talks to history.
 */

/** Messages the unavailable page can show, by the `error` query value. */
export const UNAVAILABLE_ERRORS = {
  invalid_page: 'shell.unavailable.invalid_page',
  not_configured: 'shell.unavailable.not_configured',
} as const;

export type UnavailableError = keyof typeof UNAVAILABLE_ERRORS;

export type Route =
  { name: 'time' } | { name: 'unavailable'; error: UnavailableError } | { name: 'kiosk'; facilityId: string };

/** A facility id is one path segment of plain characters (it becomes an operator path segment). */
const FACILITY_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

export function parseRoute(pathname: string, search = ''): Route {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.length === 1) {
    const [segment] = segments as [string];
    if (segment === 'time') return { name: 'time' };
    if (segment === 'unavailable') return { name: 'unavailable', error: unavailableError(search) };
    let facilityId: string;
    try {
      facilityId = decodeURIComponent(segment);
    } catch {
      return { name: 'unavailable', error: 'invalid_page' };
    }
    if (FACILITY_ID.test(facilityId)) return { name: 'kiosk', facilityId };
  }
  // '/', '/a/b/c', '/bad%id' and the like (shell spec §8: unknown path).
  return { name: 'unavailable', error: 'invalid_page' };
}

function unavailableError(search: string): UnavailableError {
  const error = new URLSearchParams(search).get('error');
  // Only known keys: the page never prints text taken from the address bar.
  return error !== null && Object.hasOwn(UNAVAILABLE_ERRORS, error) ? (error as UnavailableError) : 'invalid_page';
}

export function routeHref(route: Route): string {
  switch (route.name) {
    case 'time':
      return '/time/';
    case 'unavailable':
      return route.error === 'invalid_page' ? '/unavailable' : `/unavailable?error=${route.error}`;
    case 'kiosk':
      return `/${encodeURIComponent(route.facilityId)}`;
  }
}
