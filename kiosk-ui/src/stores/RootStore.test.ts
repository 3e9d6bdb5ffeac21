import type { ClientEvent, KioskConfig, NonInteractiveDocument } from '@kiosk/shared-types';
import { runInAction, when } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRoot, FakeSocket, wrapped, type FakeRoutes } from '../test/fakes';
import { CheckoutStore } from '../areas/rental/CheckoutStore';
import { DocumentsStore } from '../areas/documents/DocumentsStore';
import { StoreClasses } from './lazy-stores';
import { TriviaStore } from '../areas/shell/TriviaStore';

// The first screen carries only the stores it needs (the first-screen budget, docs/performance.md); the others arrive with
// their screens. These tests give the root its own, empty StoreClasses, as on a fresh page.

const config: KioskConfig = {
  colors: {},
  title: 'Demo Self Storage',
  owner_id: 'demo-owner',
  logo: null,
  mute_audio: false,
  welcome: {},
};
const lease: NonInteractiveDocument = { document_type: 'lease_non_interactive', name: 'Lease', location: '/l.pdf' };

const routes: FakeRoutes = {
  'GET /api/facilities/demo/configuration/': { body: wrapped(config) },
  'GET /api/facilities/demo/': { body: wrapped({ facility_map_url: null, external_paybill: null }) },
  'GET /api/owners/demo-owner/website/facilities/demo/capabilities/': { body: { data: { capabilities: null } } },
  'GET /api/facilities/demo/pandadocs/non-interactive-agreements/': { body: wrapped({ agreements: [lease] }) },
};

/** A started root on /demo whose lazily loaded stores are not loaded yet. */
async function firstScreenRoot() {
  FakeSocket.instances = [];
  const classes = new StoreClasses();
  const test = createTestRoot({ url: '/demo', routes, storeClasses: classes });
  const stop = test.root.start();
  const socket = FakeSocket.latest();
  socket.open();
  await when(() => test.root.config.configuration.state === 'ready');
  const contexts = () =>
    socket.sent.filter((message): message is ClientEvent & { type: 'context' } => message.type === 'context');
  return { ...test, classes, stop, socket, contexts };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('RootStore: stores that arrive with their screens', () => {
  it('refuses a store whose code is not loaded yet, naming it', () => {
    const { root } = createTestRoot({ storeClasses: new StoreClasses() });
    expect(() => root.checkout).toThrow(/RootStore\.checkout .*loadStores\('checkout'\)/);
    expect(root.ifLoaded('checkout')).toBeUndefined();
  });

  it('builds the store on first use once its code is loaded, and keeps that one', async () => {
    const classes = new StoreClasses();
    const { root } = createTestRoot({ storeClasses: classes });
    await classes.load(['checkout']);
    const checkout = root.checkout;
    expect(checkout).toBeInstanceOf(CheckoutStore);
    expect(root.checkout).toBe(checkout);
    expect(root.ifLoaded('checkout')).toBe(checkout);
  });

  it('runs the first screen without them: configuration, sidebar, section changes, logout, session end', async () => {
    const { root, browser, socket, contexts, stop } = await firstScreenRoot();
    // The documents came with the configuration and decide the sidebar before DocumentsStore exists.
    expect(root.shell.sidebarSections).toContain('rental_docs');
    expect(root.shell.showLogout).toBe(false);

    root.shell.selectSection('rent');
    // Until the rental store arrives, the rental area rests on the space list (sidebar hidden).
    expect(root.shell.rentalSection).toBe('detail_page');
    expect(root.shell.sidebarHidden).toBe(true);
    expect(contexts().at(-1)).toEqual({
      type: 'context',
      section: 'detail_page',
      loggedIn: false,
      dossierPolling: false,
    });

    root.shell.openLogoutConfirm();
    root.shell.confirmLogout();
    expect(socket.sent).toContainEqual({ type: 'end-session', reason: 'logout' });
    expect(root.shell.section).toBe('home');

    socket.receive({ type: 'session-ended', reason: 'idle' });
    expect(browser.reloads).toBe(1);
    expect(root.ifLoaded('account')).toBeUndefined();
    stop();
  });

  it('reports dossier polling from an identity store that arrived after the session context was first sent', async () => {
    const { root, classes, contexts, stop } = await firstScreenRoot();
    root.shell.selectSection('rent');
    const sent = contexts().length;

    await classes.load(['identity']);
    expect(contexts()).toHaveLength(sent); // nothing changed for the daemon
    runInAction(() => {
      root.identity.handoff.dossierPolling = true;
    });
    expect(contexts().at(-1)).toMatchObject({ type: 'context', dossierPolling: true });
    stop();
  });

  it('starts the rental store where the visitor is when it arrives after Find my reservation was opened', async () => {
    const { root, classes, stop } = await firstScreenRoot();
    root.shell.selectSection('find_reservation');
    expect(root.shell.sidebarHidden).toBe(true);

    await classes.load(['rental', 'units', 'account']);
    expect(root.rental.section).toBe('find_reservation');
    expect(root.shell.activeSection).toBe('find_reservation');

    // From then on it follows the kiosk section as always.
    root.shell.selectSection('rent');
    expect(root.rental.section).toBe('detail_page');
    stop();
  });

  it('logs a kiosk section change with the rental section it leads to, also from a rental store that came later', async () => {
    const { root, classes, stop } = await firstScreenRoot();
    await classes.load(['rental', 'units', 'account']);
    root.shell.selectSection('find_reservation');
    const kioskSection = root.navigationLog.queued.find((event) => event.action === 'kiosk_section');
    expect(kioskSection).toMatchObject({ active_section: 'find_reservation' });
    stop();
  });

  it('shows the login state once the account store is here', async () => {
    const { root, classes, contexts, stop } = await firstScreenRoot();
    await classes.load(['account']);
    root.account.setUserSession({ userToken: 't', email: 'tenant@example.com' });
    expect(root.shell.showLogout).toBe(true);
    expect(root.session.loggedIn).toBe(true);
    expect(contexts().at(-1)).toMatchObject({ loggedIn: true });
    stop();
  });

  it('resets the stores that exist when a session ends, and builds none for it', async () => {
    const classes = new StoreClasses();
    const { root } = createTestRoot({ storeClasses: classes });
    await classes.load(['documents', 'trivia']);
    const documentsReset = vi.spyOn(DocumentsStore.prototype, 'reset');
    const triviaReset = vi.spyOn(TriviaStore.prototype, 'reset');

    root.documents.showDocument(lease);
    root.resetAll();
    expect(documentsReset).toHaveBeenCalledTimes(1);
    expect(root.documents.openDocument).toBeNull();
    expect(triviaReset).not.toHaveBeenCalled();
  });
});
