import type { FacilitySettings, NonInteractiveDocument } from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { createTestRoot, FakeSocket } from '../../test/fakes';

const lease: NonInteractiveDocument = { document_type: 'lease_non_interactive', name: 'Lease', location: '/lease.pdf' };
const brochure: NonInteractiveDocument = {
  document_type: 'insurance_brochure_non_interactive',
  name: 'Brochure',
  location: '/b.pdf',
};

function rootWith(facility: Partial<FacilitySettings>, documents: NonInteractiveDocument[] = []) {
  const test = createTestRoot();
  runInAction(() => {
    test.root.config.facility = { facility_map_url: null, external_paybill: null, ...facility } as FacilitySettings;
  });
  test.root.config.setNonInteractiveDocuments(documents);
  return test;
}

describe('ShellStore sidebar', () => {
  it('shows Rental Documents, Protection Brochure and Facility map when the facility has them', () => {
    const { root } = rootWith({ facility_map_url: 'https://maps.example/m.pdf' }, [lease, brochure]);
    expect(root.shell.sidebarSections).toEqual([
      'home',
      'rent',
      'find_reservation',
      'size_guide',
      'pay_bill',
      'autopay',
      'my_storage',
      'rental_docs',
      'insurance',
      'facility_map',
      'merchandise',
    ]);
  });

  it('opens MY STORAGE and its screens by their paths, marking MY STORAGE in the sidebar', () => {
    const { root } = rootWith({});
    expect(root.shell.openPath('/my-storage/move-out')).toBe(true);
    expect(root.shell.section).toBe('move_out');
    expect(root.shell.currentSidebarItem).toBe('my_storage');
    expect(root.shell.openPath('/my-storage/contact')).toBe(true);
    expect(root.shell.section).toBe('my_storage_contact');
    expect(root.shell.currentSidebarItem).toBe('my_storage');
    expect(root.shell.openPath('/merchandise')).toBe(true);
    expect(root.shell.currentSidebarItem).toBe('merchandise');
    expect(root.shell.openPath('/pay-bill')).toBe(true);
    expect(root.shell.currentSidebarItem).toBe('pay_bill');
    // A path no screen answers leaves the visitor where they are.
    expect(root.shell.openPath('/nowhere')).toBe(false);
    expect(root.shell.section).toBe('pay_bill');
  });

  it('shows Protection Brochure without Rental Documents when only insurance documents exist', () => {
    const { root } = rootWith({}, [brochure]);
    expect(root.shell.sidebarSections).toContain('insurance');
    expect(root.shell.sidebarSections).not.toContain('rental_docs');
    expect(root.shell.sidebarSections).not.toContain('facility_map');
  });

  it('hides PAY MY BILL and Setup autopay for a facility with an external pay-bill', () => {
    const { root } = rootWith({ external_paybill: 'https://pay.example/demo' });
    expect(root.shell.sidebarSections).not.toContain('pay_bill');
    expect(root.shell.sidebarSections).not.toContain('autopay');
  });

  it('shows Logout only while a user token exists', () => {
    const { root } = rootWith({});
    expect(root.shell.showLogout).toBe(false);
    root.account.setUserSession({ userToken: 'token-1', email: 'tenant@example.com' });
    expect(root.shell.showLogout).toBe(true);
    root.account.logout();
    expect(root.shell.showLogout).toBe(false);
  });

  it('hides the sidebar on the rental sections the spec lists, only inside the rental flow', () => {
    const { root } = rootWith({});
    expect(root.shell.sidebarHidden).toBe(false);
    root.shell.selectSection('rent');
    expect(root.shell.sidebarHidden).toBe(true);
    runInAction(() => {
      root.rental.section = 'info';
    });
    expect(root.shell.sidebarHidden).toBe(false);
    runInAction(() => {
      root.rental.section = 'panda_agreements';
    });
    expect(root.shell.sidebarHidden).toBe(true);
  });
});

describe('ShellStore logout', () => {
  it('LOGOUT clears the user, ends the session with the daemon and returns home', () => {
    FakeSocket.instances = [];
    const { root } = rootWith({});
    root.events.start();
    FakeSocket.latest().open();
    root.account.setUserSession({ userToken: 'token-1', email: 'tenant@example.com' });
    root.shell.selectSection('pay_bill');

    root.shell.openLogoutConfirm();
    expect(root.shell.logoutConfirmOpen).toBe(true);
    root.shell.confirmLogout();

    expect(root.shell.logoutConfirmOpen).toBe(false);
    expect(root.account.userToken).toBeNull();
    expect(root.account.loggedIn).toBe(false);
    expect(root.shell.section).toBe('home');
    expect(FakeSocket.latest().sent).toContainEqual({ type: 'end-session', reason: 'logout' });
    root.events.stop();
  });

  it('Cancel keeps the user logged in', () => {
    const { root } = rootWith({});
    root.account.setUserSession({ userToken: 'token-1', email: 'tenant@example.com' });
    root.shell.openLogoutConfirm();
    root.shell.cancelLogout();
    expect(root.shell.logoutConfirmOpen).toBe(false);
    expect(root.account.userToken).toBe('token-1');
  });
});

describe('ShellStore screen and routes', () => {
  it('switches to big-screen mode only on screens wider and taller than 1920x1080', () => {
    const { root, browser } = createTestRoot({ viewport: { width: 1920, height: 1080 } });
    const stop = root.shell.start();
    expect(root.shell.isBigScreen).toBe(false);
    browser.resize(2560, 1440);
    expect(root.shell.isBigScreen).toBe(true);
    browser.resize(1921, 1081);
    expect(root.shell.isBigScreen).toBe(true);
    stop();
  });

  it('keeps portrait and 4:3 screens out of big-screen mode', () => {
    const { root, browser } = createTestRoot({ viewport: { width: 1080, height: 1920 } });
    const stop = root.shell.start();
    expect(root.shell.isBigScreen).toBe(false);
    browser.resize(1920, 1200);
    expect(root.shell.isBigScreen).toBe(false);
    browser.resize(2560, 1080);
    expect(root.shell.isBigScreen).toBe(false);
    browser.resize(1280, 1024);
    expect(root.shell.isBigScreen).toBe(false);
    browser.resize(1366, 768);
    expect(root.shell.isBigScreen).toBe(false);
    stop();
  });

  it('reads the facility from the address and follows back/forward', () => {
    const { root, browser } = createTestRoot({ url: '/demo' });
    const stop = root.shell.start();
    expect(root.shell.facilityId).toBe('demo');
    root.shell.navigate({ name: 'time' });
    expect(browser.current).toBe('/time/');
    browser.back();
    expect(root.shell.route).toEqual({ name: 'kiosk', facilityId: 'demo' });
    stop();
  });
});

describe('ShellStore developer sections', () => {
  it('opens the samples page with ?section=samples and drops the flag from the address', () => {
    const { root, browser } = createTestRoot({ url: '/demo?section=samples' });
    expect(root.shell.section).toBe('samples');
    expect(root.shell.facilityId).toBe('demo');
    // A reload (session end) starts at home again.
    expect(browser.current).toBe('/demo');
  });

  it('opens no product section from the address', () => {
    const { root, browser } = createTestRoot({ url: '/demo?section=pay_bill' });
    expect(root.shell.section).toBe('home');
    expect(browser.current).toBe('/demo?section=pay_bill');
  });
});
