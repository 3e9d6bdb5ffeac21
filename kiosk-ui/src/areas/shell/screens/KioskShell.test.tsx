import type { FacilitySettings, KioskConfig } from '@kiosk/shared-types';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { App } from '../../../App';
import { followVisitorLanguage } from '../../../i18n/language';
import { StoreClasses } from '../../../stores/lazy-stores';
import { StoresProvider } from '../../../shared/stores/StoresProvider';
import { createTestRoot, wrapped, type FakeRoutes } from '../../../test/fakes';

const config: KioskConfig = {
  colors: { primary: '#0b4f8a' },
  title: 'Demo Self Storage',
  owner_id: 'demo-owner',
  logo: null,
  mute_audio: true,
  welcome: {},
};

function routes(facility: Partial<FacilitySettings>, documents: unknown[] = []): FakeRoutes {
  return {
    'GET /api/facilities/demo/configuration/': { body: wrapped(config) },
    'GET /api/facilities/demo/': { body: wrapped({ facility_map_url: null, external_paybill: null, ...facility }) },
    'GET /api/owners/demo-owner/website/facilities/demo/capabilities/': { body: { data: { capabilities: null } } },
    'GET /api/facilities/demo/pandadocs/non-interactive-agreements/': { body: wrapped({ agreements: documents }) },
  };
}

async function renderKiosk(
  url: string,
  fakeRoutes: FakeRoutes = {},
  storeClasses?: StoreClasses,
  viewport?: { width: number; height: number },
) {
  const test = createTestRoot({ url, routes: fakeRoutes, storeClasses, viewport });
  const stop = test.root.start();
  render(
    <StoresProvider root={test.root}>
      <App />
    </StoresProvider>,
  );
  return { ...test, stop };
}

afterEach(cleanup);

describe('kiosk shell', () => {
  it('shows the welcome defaults and the sidebar in the spec order', async () => {
    const { stop } = await renderKiosk(
      '/demo',
      routes({ facility_map_url: 'https://maps.example/m.pdf' }, [
        { document_type: 'lease_non_interactive', name: 'Lease', location: '/l.pdf' },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'WELCOME' })).toBeTruthy();
    expect(screen.getByText('Get started by selecting one of the options to the left')).toBeTruthy();
    // The sidebar's menu (the visitor's own controls sit below it, outside the menu).
    const menu = within(screen.getByRole('navigation', { name: 'Kiosk menu' }));
    const items = menu.getAllByRole('button').map((button) => button.textContent);
    expect(items).toEqual([
      'Home',
      'Select a Space',
      'Find my reservation',
      'SIZE GUIDE',
      'PAY MY BILL',
      'Setup autopay',
      'MY STORAGE',
      'Rental Documents',
      'Facility map',
      'Boxes & Supplies',
    ]);
    // "English / Español" is there too, each in its own language.
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('lang')).toBe('es');
    stop();
  });

  it('on a portrait screen, whose menu is a bar above, points the visitor up, in both languages', async () => {
    const { root, api, stop } = await renderKiosk('/demo', routes({}), undefined, { width: 1080, height: 1920 });
    const stopLanguage = followVisitorLanguage(root.preferences, api);
    expect(await screen.findByText('Get started by selecting one of the options above')).toBeTruthy();
    expect(screen.queryByText(/options to the left/)).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Español' })[0]!);
    expect(
      await screen.findByText('Para comenzar, elija una de las opciones de arriba', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'English' })[0]!);
    expect(await screen.findByText('Get started by selecting one of the options above')).toBeTruthy();
    stopLanguage();
    stop();
  });

  it('opens a section from the sidebar', async () => {
    const { stop } = await renderKiosk('/demo', routes({}));
    fireEvent.click(await screen.findByRole('button', { name: 'SIZE GUIDE' }));
    expect(await screen.findByRole('heading', { name: 'SIZE GUIDE' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SIZE GUIDE' }).getAttribute('aria-current')).toBe('page');
    stop();
  });

  it('with Move controls down shows the facility and the section above the reach zone, with nothing to tap', async () => {
    const { root, stop } = await renderKiosk('/demo', routes({ name: 'Maple Street Self Storage' }));
    await screen.findByRole('heading', { name: 'WELCOME' });
    expect(screen.queryByTestId('reach-band')).toBeNull();
    act(() => root.preferences.setLowReach(true));
    const band = screen.getByTestId('reach-band');
    expect(band.textContent).toContain('Maple Street Self Storage');
    expect(band.querySelector('.kiosk-reach-band__section')?.textContent).toBe('Home');
    expect(band.querySelectorAll('button, a, input, select, textarea, [tabindex]')).toHaveLength(0);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Kiosk menu' })).getByRole('button', { name: 'SIZE GUIDE' }),
    );
    // The section changes once the tap's frame is painted (utils/after-paint).
    await waitFor(() => expect(band.querySelector('.kiosk-reach-band__section')?.textContent).toBe('SIZE GUIDE'));
    stop();
  });

  it('asks before logging out, with LOGOUT and Cancel', async () => {
    const { root, stop } = await renderKiosk('/demo', routes({}));
    await screen.findByRole('heading', { name: 'WELCOME' });
    act(() => root.account.setUserSession({ userToken: 't', email: 'tenant@example.com' }));

    fireEvent.click(screen.getByRole('button', { name: /Logout/ }));
    // The shell's dialogs load with the first session (ShellDialogs); here the session was skipped.
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
    expect(dialog.textContent).toContain('LOGOUT');
    fireEvent.click(screen.getByRole('button', { name: 'LOGOUT' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /Logout/ })).toBeNull();
    stop();
  });

  it('shows the first screen before any store that arrives with other screens is loaded', async () => {
    // As on a fresh page: only the first screen's stores exist (stores/lazy-stores.ts).
    const { root, stop } = await renderKiosk('/demo', routes({}), new StoreClasses());
    expect(await screen.findByRole('heading', { name: 'WELCOME' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select a Space' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Logout/ })).toBeNull();
    expect(root.ifLoaded('rental')).toBeUndefined();
    stop();
  });

  it('shows "This page is not valid." for an unknown path', async () => {
    const { stop } = await renderKiosk('/a/b/c');
    expect(screen.getByRole('heading', { name: 'This page is not valid.' })).toBeTruthy();
    stop();
  });

  it("shows the out-of-service screen with the facility's last known phone when the operator cannot be reached", async () => {
    const { root, stop } = await renderKiosk('/demo', {
      'GET /api/facilities/demo/configuration/': { networkError: true },
      'GET /display/facility': {
        body: { facility_id: 'demo', name: 'Maple Street Self Storage', phone: '(217) 555-0182' },
      },
    });
    expect(
      await screen.findByRole('heading', {
        name: 'This kiosk is temporarily unavailable. Please see the Facility Manager or call (217) 555-0182.',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Maple Street Self Storage')).toBeTruthy();
    expect(screen.queryByText('Kiosk is not configured for this facility.')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    root.config.stopRetrying();
    stop();
  });

  it('says it is out of service without a phone when the daemon has none yet', async () => {
    const { root, stop } = await renderKiosk('/demo', {
      'GET /api/facilities/demo/configuration/': {
        status: 502,
        body: { statusCode: 502, error: 'Bad Gateway', message: 'down' },
      },
      'GET /display/facility': { body: { facility_id: 'demo', name: null, phone: null } },
    });
    expect(
      await screen.findByRole('heading', {
        name: 'This kiosk is temporarily unavailable. Please see the Facility Manager.',
      }),
    ).toBeTruthy();
    root.config.stopRetrying();
    stop();
  });

  it('shows the not-configured message when the configuration cannot be loaded', async () => {
    const { stop } = await renderKiosk('/demo', {});
    expect(await screen.findByRole('heading', { name: 'Kiosk is not configured for this facility.' })).toBeTruthy();
    stop();
  });
});
