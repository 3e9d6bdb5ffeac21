import { chromium, expect, test, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.js';
import { expectAccessible } from './support/a11y.js';
import { reachIdentityStep } from './support/flows.js';
import { control, pageFetch, useKiosk, type RunningKiosk } from './support/kiosk.js';

/**
 * The kiosk session as a visitor lives it (shell spec §2 "Idle dialog", §4, §9): idle
 * warning and reset, logout, the on-screen keyboard, and a held space released after the browser
 * died. Time runs 20 times faster (KIOSK_TIME_SCALE=0.05): the 180 s expiry is 9 s, the warning
 * comes 7.5 s after the last touch, and the reset 3 s after the warning.
 *
 * The samples developer page (/{facId}?section=samples) provides fields of every keyboard layout
 * and a test login (sandbox user tenant@example.com / Password!1).
 */

const SCREENSHOTS = 'test-results/session';

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Kiosk menu' });
const idleDialog = (page: Page) => page.getByRole('alertdialog', { name: 'ARE YOU STILL HERE?' });
const keyboard = (page: Page) => page.getByRole('group', { name: 'On-screen keyboard' });
const keyboardKey = (page: Page, name: string): Locator => keyboard(page).getByRole('button', { name, exact: true });

async function openSamples(kiosk: RunningKiosk, page: Page): Promise<void> {
  await page.goto(`${kiosk.baseUrl}/demo?section=samples`);
  await expect(page.getByRole('heading', { name: 'Samples', exact: true })).toBeVisible();
}

async function tapKeys(page: Page, keys: string): Promise<void> {
  for (const character of keys) await keyboardKey(page, character).click();
}

/** The samples page's test login (sandbox user); fails with the form's error when it shows one. */
async function loginAsTenant(page: Page): Promise<void> {
  const login = page.getByRole('form', { name: 'Test login' });
  await login.getByLabel('Email').fill('tenant@example.com');
  await login.getByLabel('Password').fill('Password!1');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect
    .poll(async () => {
      const status = await login.getByRole('status').textContent();
      if (status) return status;
      const alert = login.getByRole('alert');
      return (await alert.count()) > 0 ? `error: ${await alert.textContent()}` : '';
    })
    .toBe('Logged in as tenant@example.com');
}

/** Every event the daemon pushed to this page, across reloads. */
function watchEvents(page: Page): { type: string; session?: Record<string, unknown> }[] {
  const events: { type: string; session?: Record<string, unknown> }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/events')) return;
    socket.on('framereceived', ({ payload }) => {
      try {
        events.push(JSON.parse(String(payload)) as { type: string });
      } catch {
        // not JSON: ignore
      }
    });
  });
  return events;
}

/** Undefined once the page was reloaded (the marker lives in the old page's memory only). */
async function markerAfterReload(page: Page): Promise<unknown> {
  try {
    return await page.evaluate(() => (window as unknown as { __beforeReset?: boolean }).__beforeReset);
  } catch {
    return 'navigating';
  }
}

/**
 * Route the page's /events socket through the test: the daemon's events pass until warn() pushes
 * a warning of the test's own and holds the daemon's updates back, so the dialog stays up while
 * it is checked; passThrough() lets them through again.
 */
async function warnOnDemand(page: Page): Promise<{ warn: () => void; passThrough: () => void }> {
  let holdBack = false;
  let toPage: ((message: string) => void) | undefined;
  await page.routeWebSocket(/\/events$/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (!holdBack) socket.send(message);
    });
    socket.onMessage((message) => server.send(message));
    toPage = (message) => socket.send(message);
  });
  return {
    warn: () => {
      holdBack = true;
      toPage?.(
        JSON.stringify({
          type: 'session-warning',
          session: { active: true, traceId: 'e2e', secondsLeft: 30, warning: true, resetSecondsLeft: 60 },
        }),
      );
    },
    passThrough: () => {
      holdBack = false;
    },
  };
}

/**
 * The live regions in Chromium's accessibility tree (what a screen reader is given), with their
 * text: a region hidden from assistive technology (aria-hidden, or cut off by a modal) is left out.
 */
async function liveRegionsExposed(page: Page): Promise<{ live: string; text: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const text = (id: string): string => {
      const node = byId.get(id);
      if (!node || node.ignored) return '';
      if (node.role?.value === 'StaticText') return String(node.name?.value ?? '');
      return (node.childIds ?? []).map(text).join('');
    };
    const liveOf = (id: string | undefined): string | undefined => {
      const live = byId.get(id ?? '')?.properties?.find((property) => property.name === 'live')?.value.value;
      return typeof live === 'string' && live !== 'off' ? live : undefined;
    };
    // A region's own node: live, under a parent that is not (its texts inherit the property).
    return nodes
      .filter((node) => !node.ignored && liveOf(node.nodeId) !== undefined && liveOf(node.parentId) === undefined)
      .map((node) => ({ live: liveOf(node.nodeId)!, text: text(node.nodeId).trim() }));
  } finally {
    await cdp.detach();
  }
}

test.describe('with time sped up (KIOSK_TIME_SCALE=0.05)', () => {
  const kiosk = useKiosk(test, { env: { KIOSK_TIME_SCALE: '0.05' } });

  test('the idle warning appears at 0:30 left and CONTINUE clears it', async ({ page }) => {
    const events = watchEvents(page);
    await openSamples(kiosk, page);
    // A touch away from home starts the session.
    await page.getByLabel('Full name').click();

    const dialog = idleDialog(page);
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const warning = events.find((event) => event.type === 'session-warning');
    expect(warning?.session).toMatchObject({ warning: true, secondsLeft: 30, resetSecondsLeft: 60 });
    await expect(dialog).toContainText('If you do not answer, the kiosk will return to the start screen.');
    await expect(dialog).toContainText(/\d+ seconds?/);

    const answeredAt = events.length;
    await dialog.getByRole('button', { name: 'I WANT TO CONTINUE' }).click();
    await expect(dialog).toBeHidden();
    // The daemon restarted the 180 s: the visitor stays where they were.
    await expect
      .poll(() =>
        events.slice(answeredAt).some((event) => event.type === 'session-state' && event.session?.warning === false),
      )
      .toBe(true);
    await expect(page.getByRole('heading', { name: 'Samples', exact: true })).toBeVisible();
    expect(events.some((event) => event.type === 'session-ended')).toBe(false);
  });

  test('without an answer the kiosk resets to home, reloads, and what was typed is gone', async ({ page }) => {
    await openSamples(kiosk, page);
    const name = page.getByLabel('Full name');
    await name.click();
    await tapKeys(page, 'Jo');
    await expect(name).toHaveValue('Jo');
    await page.evaluate(() => {
      (window as unknown as { __beforeReset?: boolean }).__beforeReset = true;
      localStorage.setItem('kiosk:draft', 'Jo');
      sessionStorage.setItem('kiosk:draft', 'Jo');
      localStorage.setItem('not-the-kiosks', 'kept');
    });

    await expect(idleDialog(page)).toBeVisible({ timeout: 20_000 });
    // No answer: 3 s later the session ends, the kiosk forgets the visitor and reloads.
    await expect.poll(() => markerAfterReload(page), { timeout: 20_000 }).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
    expect(page.url()).toBe(`${kiosk.baseUrl}/demo`);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('kiosk:draft'),
        sessionStorage.getItem('kiosk:draft'),
        localStorage.getItem('not-the-kiosks'),
      ]),
      // A session end wipes the origin's whole web storage, not only the kiosk's own keys.
    ).toEqual([null, null, null]);

    await openSamples(kiosk, page);
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });

  test('logged in: the Logout item asks first; the idle warning offers LOGOUT and CONTINUE', async ({ page }) => {
    await openSamples(kiosk, page);
    await loginAsTenant(page);
    const login = page.getByRole('form', { name: 'Test login' });

    const logoutItem = sidebar(page).getByRole('button', { name: /^Logout/ });
    await expect(logoutItem).toContainText(/\d\d:\d\d/);
    await logoutItem.click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    await expect(confirm.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(login.getByRole('status')).toHaveText('Logged in as tenant@example.com');

    // Left alone while logged in: the warning says the tenant will be logged out.
    const dialog = idleDialog(page);
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText('For your security, you will be logged out automatically.');
    await expect(dialog.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
    await dialog.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(dialog).toBeHidden();
    await expect(login.getByRole('status')).toHaveText('Logged in as tenant@example.com');

    await page.evaluate(() => ((window as unknown as { __beforeReset?: boolean }).__beforeReset = true));
    await logoutItem.click();
    await confirm.getByRole('button', { name: 'LOGOUT' }).click();
    await expect.poll(() => markerAfterReload(page), { timeout: 10_000 }).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('button', { name: /^Logout/ })).toHaveCount(0);
  });

  test('a browser killed after a hold: the daemon still releases the space at the sandbox', async () => {
    await control(`${kiosk.sandboxUrl}/__sandbox/reset`);
    const releases = async () =>
      (
        (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/releases`)).json()) as {
          releases: { space_id: string; hold_token: string; outcome: string }[];
        }
      ).releases;
    const daemonHolds = async () =>
      ((await (await pageFetch(`${kiosk.baseUrl}/session/holds`)).json()) as { holds: { space_id: string }[] }).holds;

    // A browser of its own, so it can be killed like a crash (no unload, no goodbye on the socket).
    const server = await chromium.launchServer({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      const browser = await chromium.connect(server.wsEndpoint());
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await reachIdentityStep(page, kiosk);
      await expect.poll(async () => (await daemonHolds()).length).toBe(1);
      const [held] = await daemonHolds();

      server.process().kill('SIGKILL');
      // A closed socket alone does not end the session: nothing is released on the spot...
      await new Promise((done) => setTimeout(done, 1000));
      expect((await releases()).filter((release) => release.space_id === held?.space_id)).toEqual([]);
      // ...but the session still expires without a browser (warning 7.5 s + 3 s), and its hold goes.
      await expect
        .poll(async () => (await releases()).filter((release) => release.space_id === held?.space_id), {
          timeout: 30_000,
        })
        .toEqual([expect.objectContaining({ space_id: held?.space_id, outcome: 'released' })]);
      expect(await daemonHolds()).toEqual([]);
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

test.describe('at normal speed', () => {
  const kiosk = useKiosk(test);

  test('typing a phone number on the on-screen keyboard yields (555) 123-4567', async ({ page }) => {
    await openSamples(kiosk, page);
    const phone = page.getByLabel('Phone');
    await phone.click();
    await expect(keyboard(page)).toBeVisible();
    await expect(keyboard(page).getByRole('button')).toHaveText(
      ['Hide keyboard', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '⌫'],
      { useInnerText: true },
    );
    await tapKeys(page, '5551234567');
    await expect(phone).toHaveValue('(555) 123-4567');
    // The caret is at the end of what was typed and the field kept the focus throughout.
    expect(await phone.evaluate((el: HTMLInputElement) => [el.selectionStart, document.activeElement === el])).toEqual([
      14,
      true,
    ]);
    await keyboardKey(page, 'Backspace').click();
    await expect(phone).toHaveValue('(555) 123-456');
    await page.screenshot({ path: `${SCREENSHOTS}/keyboard-phone.png` });
    await expectAccessible(page, 'shell/on-screen keyboard (phone)');
  });

  test('each field gets its layout; names start with a capital; the physical keyboard still types', async ({
    page,
  }) => {
    await openSamples(kiosk, page);
    const name = page.getByLabel('Full name');
    await name.click();
    await expect(keyboardKey(page, 'Shift')).toHaveAttribute('aria-pressed', 'true');
    await tapKeys(page, 'Jo');
    await keyboardKey(page, 'Space').click();
    await page.keyboard.type('Smith');
    await expect(name).toHaveValue('Jo Smith');
    await page.screenshot({ path: `${SCREENSHOTS}/keyboard-normal.png` });
    await expectAccessible(page, 'shell/on-screen keyboard (normal)');

    const email = page.getByLabel('Email').first();
    await email.click();
    await expect(keyboardKey(page, '.com')).toBeVisible();
    await expect(keyboardKey(page, 'Shift')).toHaveCount(0);
    await tapKeys(page, 'jo@example');
    await keyboardKey(page, '.com').click();
    await expect(email).toHaveValue('jo@example.com');
    await page.screenshot({ path: `${SCREENSHOTS}/keyboard-email.png` });

    // Submit layout: the Submit key submits the form.
    await page.getByLabel('Search').click();
    await tapKeys(page, 'Box');
    await keyboardKey(page, 'Submit').click();
    await expect(page.getByText('Submitted: Box')).toBeVisible();

    // Hide and show again; leaving the fields puts the keyboard away.
    await page.getByLabel('Search').click();
    await keyboard(page).getByRole('button', { name: 'Hide keyboard' }).click();
    await expect(keyboard(page)).toBeHidden();
    await page.getByRole('button', { name: 'Show keyboard' }).click();
    await expect(keyboard(page)).toBeVisible();
    await page.getByRole('heading', { name: 'Samples', exact: true }).click();
    await expect(keyboard(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show keyboard' })).toHaveCount(0);
  });

  test('on a touch screen, taps on keys type into the field', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await openSamples(kiosk, page);
    const phone = page.getByLabel('Phone');
    await phone.tap();
    for (const digit of '5551234567') await keyboardKey(page, digit).tap();
    await expect(phone).toHaveValue('(555) 123-4567');
    await context.close();
  });

  test('above 1920x1080 the keyboard sits at the bottom of the centred kiosk layout', async ({ page }) => {
    await page.setViewportSize({ width: 2560, height: 1440 });
    await openSamples(kiosk, page);
    await page.getByLabel('Full name').click();
    await expect(keyboard(page)).toBeVisible();
    const shell = await page.locator('.kiosk-shell').boundingBox();
    const keys = await keyboard(page).boundingBox();
    expect(shell).toMatchObject({ y: 180, height: 1080 });
    expect(Math.round((keys?.y ?? 0) + (keys?.height ?? 0))).toBe(180 + 1080);
  });

  test('the shell: the welcome video loops muted as configured; the rental flow hides the sidebar where the spec says', async ({
    page,
  }) => {
    await page.goto(kiosk.url);
    const video = page.locator('video.kiosk-background-video');
    await expect(video).toHaveAttribute('loop', '');
    // The demo configuration says mute_audio: true.
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    // Sharp: the demo's clip has at least the pixels it is drawn with (object-fit: cover), not a
    // small clip blown up to the screen.
    const drawn = await video.evaluate(async (element: HTMLVideoElement) => {
      if (element.readyState < 1) await new Promise((done) => element.addEventListener('loadedmetadata', done));
      const box = element.getBoundingClientRect();
      const scale = Math.max(box.width / element.videoWidth, box.height / element.videoHeight);
      return { width: element.videoWidth, height: element.videoHeight, scale };
    });
    expect(drawn).toMatchObject({ width: 1920, height: 1080 });
    expect(drawn.scale).toBeLessThanOrEqual(1);

    await sidebar(page).getByRole('button', { name: 'Select a Space', exact: true }).click();
    await expect(page.locator('[data-rental-section="detail_page"]')).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);

    await page.goto(kiosk.url);
    await sidebar(page).getByRole('button', { name: 'Find my reservation', exact: true }).click();
    await expect(page.locator('[data-rental-section="find_reservation"]')).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
  });

  test('navigation reaches the logging app as "Navigation {action}" with the session id', async ({ page }) => {
    type Entry = {
      event_name: string;
      log: { action: string; active_section: string; session_id: string | null; data?: unknown };
    };
    const entries = async () =>
      ((await (await fetch(`${kiosk.sandboxUrl}/__sandbox/logs`)).json()) as { entries: Entry[] }).entries;
    const before = (await entries()).length;
    await page.goto(kiosk.url);
    await sidebar(page).getByRole('button', { name: 'SIZE GUIDE', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'SIZE GUIDE', exact: true })).toBeVisible();

    await expect
      .poll(async () => (await entries()).slice(before).map((entry) => [entry.event_name, entry.log.active_section]), {
        timeout: 15_000,
      })
      .toEqual(
        expect.arrayContaining([
          ['Navigation sidebar', 'home'],
          ['Navigation kiosk_section', 'size_guide'],
        ]),
      );
    const sidebarEntry = (await entries()).slice(before).find((entry) => entry.event_name === 'Navigation sidebar');
    expect(sidebarEntry?.log.session_id).toMatch(/\S+/);
    // The data came through the navigation log's masking, a chunk of its own: not left out for want of it.
    // (Another test's entries may still arrive after `before`: this visit's is the size guide's.)
    const sectionEntry = (await entries())
      .slice(before)
      .find((entry) => entry.event_name === 'Navigation kiosk_section' && entry.log.active_section === 'size_guide');
    expect(sectionEntry?.log.data).toEqual({ kiosk_section: 'size_guide', from: 'home' });
  });

  test('the idle dialog, logged out and logged in, and the logout dialog pass the accessibility check', async ({
    page,
  }) => {
    const { warn, passThrough } = await warnOnDemand(page);
    await openSamples(kiosk, page);
    warn();
    const dialog = idleDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'I WANT TO CONTINUE' })).toBeFocused();
    await page.screenshot({ path: `${SCREENSHOTS}/idle-logged-out.png` });
    await expectAccessible(page, 'shell/idle dialog (logged out)');

    passThrough();
    await openSamples(kiosk, page);
    await loginAsTenant(page);
    await sidebar(page)
      .getByRole('button', { name: /^Logout/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    await expect(confirm.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
    await expectAccessible(page, 'shell/logout dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    warn();
    await expect(dialog.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'CONTINUE' })).toBeFocused();
    await page.screenshot({ path: `${SCREENSHOTS}/idle-logged-in.png` });
    await expectAccessible(page, 'shell/idle dialog (logged in)');
  });

  test('the idle warning is announced: a modal alertdialog, named and described, with the focus, said once', async ({
    page,
  }) => {
    const { warn } = await warnOnDemand(page);
    await openSamples(kiosk, page);
    await page.getByLabel('Full name').click();
    warn();

    // An alertdialog is announced when it opens: modal, named by its title, described by its text.
    const dialog = idleDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toHaveAccessibleName('ARE YOU STILL HERE?');
    await expect(dialog).toHaveAccessibleDescription(
      /^\d+ seconds? If you do not answer, the kiosk will return to the start screen\.$/,
    );
    // The focus left the field being typed in for the dialog's answer.
    await expect(dialog.getByRole('button', { name: 'I WANT TO CONTINUE' })).toBeFocused();

    // What will happen is said once, politely (after the dialog itself), in a live region that
    // stays exposed while the modal dialog is open.
    const region = page
      .locator('[aria-live]')
      .filter({ hasText: /^Are you still here\? The kiosk will return to the start screen in (60|59) seconds\.$/ });
    await expect(region).toHaveCount(1);
    const announcement = (await region.textContent()) ?? '';
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveAttribute('aria-atomic', 'true');
    await expect.poll(() => liveRegionsExposed(page)).toContainEqual({ live: 'polite', text: announcement });

    // The countdown ticks without being read out: it is a timer (not live), and the announcement
    // does not change with it.
    const countdown = dialog.getByRole('timer');
    await expect(countdown).not.toHaveAttribute('aria-live', /polite|assertive/);
    const shown = await countdown.textContent();
    await expect(countdown).not.toHaveText(shown ?? '', { timeout: 5_000 });
    await expect(region).toHaveText(announcement);
    await expect(
      page.locator('[aria-live="assertive"], [aria-live="polite"]').filter({ hasText: /\d+ seconds?$/ }),
    ).toHaveCount(0);
  });
});
