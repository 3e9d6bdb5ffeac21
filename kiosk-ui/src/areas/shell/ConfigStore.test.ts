import type { FacilitySettings, KioskConfig } from '@kiosk/shared-types';
import {
  UPSTREAM_DOWN_MESSAGE,
  UPSTREAM_FAILED_MESSAGE,
  UPSTREAM_TIMEOUT_MESSAGE,
  UPSTREAM_UNREADABLE_MESSAGE,
} from '@kiosk/shared-types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestRoot, wrapped, type FakeReply, type FakeRoutes } from '../../test/fakes';
import { RETRY_DELAY_MS } from './ConfigStore';
import { REFUSED, UNREACHABLE } from '../../models/loadable';

const STATUS_TEXT: Record<number, string> = { 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };
const daemonError = (statusCode: number, message: string) => ({ statusCode, error: STATUS_TEXT[statusCode], message });

const config: KioskConfig = {
  colors: { primary: '#123456', 'sidebar-text': '#fafafa', 'bad name;': 'red' },
  title: 'Demo Self Storage',
  owner_id: 'demo-owner',
  logo: null,
  mute_audio: true,
  welcome: { headline: null, video_url: 'https://video.example/loop.mp4' },
};

const facility = {
  facility_id: 'demo',
  facility_map_url: 'https://maps.example/demo.pdf',
  external_paybill: null,
} as FacilitySettings;

function demoRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/facilities/demo/configuration/': { body: wrapped(config) },
    'GET /api/facilities/demo/': { body: wrapped(facility) },
    'GET /api/owners/demo-owner/website/facilities/demo/capabilities/': {
      body: { data: { capabilities: { pmsNotifications: { payment: true, rental: false, reservation: false } } } },
    },
    'GET /api/facilities/demo/pandadocs/non-interactive-agreements/': {
      body: wrapped({
        agreements: [{ document_type: 'insurance_brochure_non_interactive', name: 'Brochure', location: '/b.pdf' }],
      }),
    },
    ...overrides,
  };
}

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.title = '';
});

describe('ConfigStore.load', () => {
  it('starts fetching the welcome background image as soon as the configuration arrives', async () => {
    const image = 'https://content.example/welcome.jpg';
    const { root } = createTestRoot({
      routes: demoRoutes({
        'GET /api/facilities/demo/configuration/': {
          body: wrapped({ ...config, welcome: { background_image: image } }),
        },
      }),
    });
    await root.config.load('demo');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(link?.href).toBe(image);
    link?.remove();
  });

  it('applies the configured colours as --kiosk-* variables and the title as the page title', async () => {
    const { root } = createTestRoot({ routes: demoRoutes() });
    await root.config.load('demo');

    const style = document.documentElement.style;
    expect(style.getPropertyValue('--kiosk-primary')).toBe('#123456');
    expect(style.getPropertyValue('--kiosk-sidebar-text')).toBe('#fafafa');
    expect(style.getPropertyValue('--kiosk-bad name;')).toBe('');
    expect(document.title).toBe('Demo Self Storage');
    expect(root.config.configuration.state).toBe('ready');
  });

  it('shows the shell and its full sidebar without waiting for the capabilities or the display setting', async () => {
    const { root } = createTestRoot({
      routes: demoRoutes({
        'GET /api/owners/demo-owner/website/facilities/demo/capabilities/': { hang: true },
        'GET /device/display': { hang: true },
      }),
    });
    void root.config.load('demo');
    await vi.waitFor(() => expect(root.config.configuration.state).toBe('ready'));
    expect(root.shell.sidebarSections).toContain('facility_map');
    expect(root.shell.sidebarSections).toContain('insurance');
    expect(root.config.capabilities).toBeNull();
  });

  it('loads the facility, capabilities and documents the shell needs', async () => {
    const { root, requests } = createTestRoot({ routes: demoRoutes() });
    await root.config.load('demo');

    expect(root.config.facility?.facility_map_url).toBe('https://maps.example/demo.pdf');
    expect(root.config.capabilities?.pmsNotifications.payment).toBe(true);
    expect(root.documents.insuranceDocuments.map((doc) => doc.name)).toEqual(['Brochure']);
    const facilityCall = requests.find((request) => request.path === '/api/facilities/demo/');
    expect(facilityCall?.query.get('facility_id')).toBe('demo');
  });

  it('mutes the looping video when the configuration says so, and not otherwise', async () => {
    const muted = createTestRoot({ routes: demoRoutes() });
    expect(muted.root.config.muteAudio).toBe(false);
    await muted.root.config.load('demo');
    expect(muted.root.config.muteAudio).toBe(true);

    const loud = createTestRoot({
      routes: demoRoutes({
        'GET /api/facilities/demo/configuration/': { body: wrapped({ ...config, mute_audio: false }) },
      }),
    });
    await loud.root.config.load('demo');
    expect(loud.root.config.muteAudio).toBe(false);
  });

  it.each([
    ['an operator error', { body: { application_data: { status: 'error', message: 'Unknown facility' } } }],
    ['an HTTP 404 from the operator', { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'no' } }],
    ['an HTTP 403 from the operator', { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'key' } }],
  ])('goes to the unavailable page "not configured" when the operator answers with %s', async (_, reply) => {
    const { root, browser } = createTestRoot({
      routes: demoRoutes({ 'GET /api/facilities/demo/configuration/': reply }),
    });
    await root.config.load('demo');

    expect(root.config.configuration).toEqual(REFUSED);
    expect(root.config.isOutOfService).toBe(false);
    expect(root.shell.route).toEqual({ name: 'unavailable', error: 'not_configured' });
    expect(browser.current).toBe('/unavailable?error=not_configured');
    root.config.stopRetrying();
  });

  it.each([
    ['no network', { networkError: true }],
    [
      "the daemon's 502 when the operator is not reachable",
      { status: 502, body: daemonError(502, UPSTREAM_DOWN_MESSAGE) },
    ],
    [
      "the daemon's 504 when the operator is too slow",
      { status: 504, body: daemonError(504, UPSTREAM_TIMEOUT_MESSAGE) },
    ],
    ["the daemon's 502 for an operator 5xx", { status: 502, body: daemonError(502, UPSTREAM_FAILED_MESSAGE) }],
    [
      "the daemon's 502 for an operator answer it cannot read",
      { status: 502, body: daemonError(502, UPSTREAM_UNREADABLE_MESSAGE) },
    ],
    ['a 503 while the daemon restarts', { status: 503, body: daemonError(503, 'closing') }],
    ['an answer that breaks off mid-way', { cutShort: '{"application_data":{"status":"ok","result":{"fac' }],
  ])('shows the out-of-service screen, not "not configured", on %s', async (_, reply) => {
    const { root, browser } = createTestRoot({
      routes: demoRoutes({ 'GET /api/facilities/demo/configuration/': reply }),
    });
    await root.config.load('demo');

    expect(root.config.configuration).toEqual(UNREACHABLE);
    expect(root.config.isOutOfService).toBe(true);
    // The kiosk's own address stays: a reload or a home reload tries the facility again.
    expect(root.shell.route).toEqual({ name: 'kiosk', facilityId: 'demo' });
    expect(browser.current).toBe('/demo');
    root.config.stopRetrying();
  });

  describe('asking again by itself', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    /** The configuration call answers as `answer()` says at the moment it is made. */
    function kioskWithOperator(answer: () => FakeReply, url = '/demo') {
      const fake = createTestRoot({
        url,
        routes: demoRoutes({
          'GET /api/facilities/demo/configuration/': () => answer(),
          'GET /display/facility': { body: { facility_id: 'demo', name: 'Maple Street', phone: '(217) 555-0182' } },
        }),
      });
      const configurationCalls = () =>
        fake.requests.filter((request) => request.path === '/api/facilities/demo/configuration/').length;
      return { ...fake, configurationCalls };
    }

    it('leaves the out-of-service screen for the welcome once the operator answers again, with no reload', async () => {
      let reachable = false;
      const { root, browser, configurationCalls } = kioskWithOperator(() =>
        reachable ? { body: wrapped(config) } : { networkError: true },
      );
      root.shell.selectSection('rent');
      await root.config.load('demo');
      expect(root.config.isOutOfService).toBe(true);
      // The daemon's saved facility phone, for the screen.
      await vi.waitFor(() => expect(root.config.kioskFacility?.phone).toBe('(217) 555-0182'));

      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.unreachable);
      expect(configurationCalls()).toBe(2);
      expect(root.config.isOutOfService).toBe(true);

      reachable = true;
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.unreachable);
      await vi.waitFor(() => expect(root.config.configuration.state).toBe('ready'));
      expect(configurationCalls()).toBe(3);
      expect(root.shell.route).toEqual({ name: 'kiosk', facilityId: 'demo' });
      expect(root.shell.section).toBe('rent');
      expect(browser.reloads).toBe(0);
      // Once back, nothing asks again.
      await vi.advanceTimersByTimeAsync(5 * RETRY_DELAY_MS.not_configured);
      expect(configurationCalls()).toBe(3);
    });

    it('asks a facility the operator calls not configured again, less often, and goes home when it is', async () => {
      let configured = false;
      const { root, browser, configurationCalls } = kioskWithOperator(() =>
        configured
          ? { body: wrapped(config) }
          : { body: { application_data: { status: 'error', message: 'No kiosk' } } },
      );
      await root.config.load('demo');
      expect(browser.current).toBe('/unavailable?error=not_configured');

      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.not_configured - 1000);
      expect(configurationCalls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(configurationCalls()).toBe(2);
      expect(root.shell.route).toEqual({ name: 'unavailable', error: 'not_configured' });

      configured = true;
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.not_configured);
      await vi.waitFor(() => expect(root.config.configuration.state).toBe('ready'));
      expect(browser.current).toBe('/demo');
      expect(root.shell.section).toBe('home');
    });

    it('turns "not configured" into out of service when the operator stops answering, and back', async () => {
      let reply: FakeReply = { body: { application_data: { status: 'error', message: 'No kiosk' } } };
      const { root } = kioskWithOperator(() => reply);
      await root.config.load('demo');
      expect(root.config.configuration).toEqual(REFUSED);
      reply = { networkError: true };
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.not_configured);
      expect(root.config.configuration).toEqual(UNREACHABLE);
      reply = { body: wrapped(config) };
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.unreachable);
      await vi.waitFor(() => expect(root.config.configuration.state).toBe('ready'));
      expect(root.shell.route).toEqual({ name: 'kiosk', facilityId: 'demo' });
    });

    it('opened at /unavailable?error=not_configured (a reload), asks at once and goes home when configured', async () => {
      const { root, browser, configurationCalls } = kioskWithOperator(
        () => ({ body: wrapped(config) }),
        '/unavailable?error=not_configured',
      );
      const stop = root.start();
      await vi.waitFor(() => expect(root.config.configuration.state).toBe('ready'));
      expect(configurationCalls()).toBe(1);
      expect(browser.current).toBe('/demo');
      expect(root.shell.route).toEqual({ name: 'kiosk', facilityId: 'demo' });
      stop();
    });

    it('opened at any other unavailable address, tries the kiosk facility after the slow delay', async () => {
      let reachable = false;
      const { root, browser, configurationCalls } = kioskWithOperator(
        () => (reachable ? { body: wrapped(config) } : { status: 502, body: daemonError(502, UPSTREAM_DOWN_MESSAGE) }),
        '/unavailable',
      );
      const stop = root.start();
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.not_configured - 1000);
      expect(configurationCalls()).toBe(0);
      expect(root.shell.route).toEqual({ name: 'unavailable', error: 'invalid_page' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(configurationCalls()).toBe(1);
      // Not reachable: the out-of-service screen, at the kiosk's own address.
      expect(root.config.isOutOfService).toBe(true);
      expect(browser.current).toBe('/demo');
      expect(configurationCalls()).toBe(1);
      reachable = true;
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.unreachable);
      await vi.waitFor(() => expect(root.config.configuration.state).toBe('ready'));
      expect(browser.current).toBe('/demo');
      stop();
    });
  });

  it('keeps the kiosk open when only the facility details fail', async () => {
    const { root } = createTestRoot({
      routes: demoRoutes({ 'GET /api/facilities/demo/': { status: 500, body: { message: 'boom' } } }),
    });
    await root.config.load('demo');
    expect(root.config.configuration.state).toBe('ready');
    expect(root.config.facility).toBeNull();
    expect(root.shell.route.name).toBe('kiosk');
  });
});
