import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref } from './router';

describe('parseRoute', () => {
  it('opens the kiosk of the facility named by the first path segment', () => {
    expect(parseRoute('/demo')).toEqual({ name: 'kiosk', facilityId: 'demo' });
    expect(parseRoute('/external-paybill/')).toEqual({ name: 'kiosk', facilityId: 'external-paybill' });
  });

  it('shows the time page at /time/ and /time', () => {
    expect(parseRoute('/time/')).toEqual({ name: 'time' });
    expect(parseRoute('/time')).toEqual({ name: 'time' });
  });

  it('sends unknown paths to the unavailable page with the default message', () => {
    expect(parseRoute('/a/b/c')).toEqual({ name: 'unavailable', error: 'invalid_page' });
    expect(parseRoute('/')).toEqual({ name: 'unavailable', error: 'invalid_page' });
    expect(parseRoute('/..')).toEqual({ name: 'unavailable', error: 'invalid_page' });
    expect(parseRoute('/%E0%A4%A')).toEqual({ name: 'unavailable', error: 'invalid_page' });
  });

  it('reads the unavailable error parameter, and only known values of it', () => {
    expect(parseRoute('/unavailable', '?error=not_configured')).toEqual({
      name: 'unavailable',
      error: 'not_configured',
    });
    expect(parseRoute('/unavailable', '?error=<b>hacked</b>')).toEqual({ name: 'unavailable', error: 'invalid_page' });
    expect(parseRoute('/unavailable', '?error=toString')).toEqual({ name: 'unavailable', error: 'invalid_page' });
    expect(parseRoute('/unavailable')).toEqual({ name: 'unavailable', error: 'invalid_page' });
  });

  it('builds addresses that parse back to the same route', () => {
    for (const route of [
      { name: 'time' },
      { name: 'kiosk', facilityId: 'demo' },
      { name: 'unavailable', error: 'not_configured' },
      { name: 'unavailable', error: 'invalid_page' },
    ] as const) {
      const [pathname, search = ''] = routeHref(route).split('?');
      expect(parseRoute(pathname!, search ? `?${search}` : '')).toEqual(route);
    }
  });
});
