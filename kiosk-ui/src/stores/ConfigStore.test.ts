import type { FacilitySettings, KioskConfig } from '@kiosk/shared-types';
import { UPSTREAM_FAILED_MESSAGE, UPSTREAM_UNREADABLE_MESSAGE } from '@kiosk/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRoot, wrapped, type FakeRoutes } from '../test/fakes';

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
    expect(root.config.status).toBe('ready');
  });

  it('shows the shell and its full sidebar without waiting for the capabilities or the display setting', async () => {
    const { root } = createTestRoot({
      routes: demoRoutes({
        'GET /api/owners/demo-owner/website/facilities/demo/capabilities/': { hang: true },
        'GET /device/display': { hang: true },
      }),
    });
    void root.config.load('demo');
    await vi.waitFor(() => expect(root.config.status).toBe('ready'));
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
    ['a 502 from the daemon', { status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: 'down' } }],
    ['no network', { networkError: true }],
    [
      "the daemon's 502 for an operator answer it cannot read",
      {
        status: 502,
        body: { statusCode: 502, error: 'Bad Gateway', message: UPSTREAM_UNREADABLE_MESSAGE },
      },
    ],
    [
      "the daemon's 502 for an operator 5xx",
      { status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: UPSTREAM_FAILED_MESSAGE } },
    ],
    ['an answer that breaks off mid-way', { cutShort: '{"application_data":{"status":"ok","result":{"fac' }],
  ])('goes to the unavailable page "not configured" on %s', async (_, reply) => {
    const { root, browser } = createTestRoot({
      routes: demoRoutes({ 'GET /api/facilities/demo/configuration/': reply }),
    });
    await root.config.load('demo');

    expect(root.config.status).toBe('failed');
    expect(root.shell.route).toEqual({ name: 'unavailable', error: 'not_configured' });
    expect(browser.current).toBe('/unavailable?error=not_configured');
  });

  it('keeps the kiosk open when only the facility details fail', async () => {
    const { root } = createTestRoot({
      routes: demoRoutes({ 'GET /api/facilities/demo/': { status: 500, body: { message: 'boom' } } }),
    });
    await root.config.load('demo');
    expect(root.config.status).toBe('ready');
    expect(root.config.facility).toBeNull();
    expect(root.shell.route.name).toBe('kiosk');
  });
});
