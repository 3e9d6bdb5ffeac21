import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.js';
import { TEST_USER, logIn, openPayBill, sidebar } from './support/account.js';
import { reachIdentityStep, rentalSection } from './support/flows.js';
import { control, useKiosk } from './support/kiosk.js';
import { POLICY_DIR, POLICY_FILE_PREFIX, removeStalePolicies } from './support/browser-policy.js';

/**
 * The kiosk browser as a kiosk PC runs it: Debian's Chromium with the managed policy that
 * `npm run browser-policy` generates for this kiosk's URL and content origin (the sandbox), and a
 * persistent profile on disk. The policy is installed in /etc/chromium/policies/managed/ for this
 * file only and removed after it, even when a test fails or the run is interrupted (every
 * Chromium on the machine reads that directory at launch; run it when no other browser
 * runs on the machine, as `npm test` does: its Playwright suite runs one file at a time).
 * The browser here is this file's own, launched after the policy is in place.
 *
 * Two settings of the generated policy are left out here, and the test says why:
 * - DeveloperToolsAvailability 2 also refuses the DevTools protocol that drives this browser;
 * - ClearBrowsingDataOnExitList wipes the profile when the browser exits, but a kiosk's browser
 *   runs for weeks: the profile must hold nothing of a visitor while it runs, which is what the
 *   search after the visits checks.
 *
 * Time runs 20 times faster (KIOSK_TIME_SCALE=0.05): the session expires 9 s after the last touch,
 * the idle warning comes at 7.5 s and the reset 3 s after it.
 */

const REPO = resolve(import.meta.dirname, '../..');
const POLICY_FILE = join(POLICY_DIR, `${POLICY_FILE_PREFIX}${process.pid}.json`);

/** What a visitor leaves behind when something is kept: none of it may be found in the profile. */
const TENANT = { email: TEST_USER.email, address: '18 Lincoln Avenue', gateCode: '2580' };
const WALK_IN = { email: 'casey.visitor@example.com', address: '100 Elm Street', licence: 'D400-1234-5678' };

let profileDir: string;
let context: BrowserContext | undefined;
let policy: Record<string, unknown>;

function generatedPolicy(): Record<string, unknown> {
  const output = execFileSync(
    process.execPath,
    [join(REPO, 'scripts/browser-policy.mjs'), '--url', kiosk.url, '--content-origin', kiosk.sandboxUrl],
    { encoding: 'utf8' },
  );
  return JSON.parse(output) as Record<string, unknown>;
}

function removePolicy(): void {
  rmSync(POLICY_FILE, { force: true });
}

async function launch(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    // Playwright turns Chromium's pop-up blocker off; the kiosk's browser has it on.
    ignoreDefaultArgs: ['--disable-popup-blocking'],
    viewport: { width: 1920, height: 1080 },
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  removeStalePolicies();
  process.once('exit', removePolicy);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      removePolicy();
      process.kill(process.pid, signal);
    });
  }
});

// Hooks run in the order they are declared: the browser is closed and the policy removed before the
// kiosk stops.
test.afterAll(async () => {
  await context?.close().catch(() => undefined);
  removePolicy();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

const kiosk = useKiosk(test, { env: { KIOSK_TIME_SCALE: '0.05' } });

test.beforeAll(async () => {
  policy = generatedPolicy();
  const installed = { ...policy };
  delete installed.DeveloperToolsAvailability;
  delete installed.ClearBrowsingDataOnExitList;
  mkdirSync(POLICY_DIR, { recursive: true });
  writeFileSync(POLICY_FILE, JSON.stringify(installed));
  profileDir = mkdtempSync(join(tmpdir(), 'kiosk-browser-profile-'));
  context = await launch();
});

test('the generated policy allows the kiosk and its content origin only, and switches the way-outs off', () => {
  const kioskPort = new URL(kiosk.url).port;
  expect(policy.URLBlocklist).toEqual(expect.arrayContaining(['*', 'file://*', 'chrome://*', 'view-source:*']));
  expect(policy.URLAllowlist).toEqual([
    `http://127.0.0.1:${kioskPort}`,
    `http://127.0.0.1:${new URL(kiosk.sandboxUrl).port}`,
    'about:blank',
  ]);
  expect(policy).toMatchObject({
    PasswordManagerEnabled: false,
    AutofillAddressEnabled: false,
    AutofillCreditCardEnabled: false,
    DownloadRestrictions: 3,
    PrintingEnabled: false,
    DeveloperToolsAvailability: 2,
    BrowserSignin: 0,
    SyncDisabled: true,
    BrowserGuestModeEnabled: false,
    IncognitoModeAvailability: 1,
    TranslateEnabled: false,
    SpellCheckServiceEnabled: false,
    SearchSuggestEnabled: false,
    DefaultPopupsSetting: 2,
    DefaultNotificationsSetting: 2,
    DefaultGeolocationSetting: 2,
    AudioCaptureAllowed: false,
    VideoCaptureAllowed: false,
  });
});

test('the kiosk loads; other hosts, the PC files, Chromium pages and the support listener are blocked', async () => {
  const page = await context!.newPage();
  await page.goto(kiosk.url);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  await page.close();

  const blocked = [
    'http://example.com/',
    'file:///etc/hostname',
    'chrome://settings/',
    `${kiosk.supportUrl}/health/live`,
    `view-source:${kiosk.url}`,
  ];
  const outcomes: Record<string, string> = {};
  for (const url of blocked) {
    // A page each: Chromium closes a tab whose blocked chrome:// page replaced another.
    const tab = await context!.newPage();
    outcomes[url] = await tab.goto(url).then(
      (response) => `loaded (${response?.status() ?? 'no answer'})`,
      (error: Error) => /net::[A-Z_]+/.exec(error.message)?.[0] ?? error.message,
    );
    await tab.close().catch(() => undefined);
  }
  console.log(
    `Blocked-URL table:\n${Object.entries(outcomes)
      .map(([url, outcome]) => `  ${url} -> ${outcome}`)
      .join('\n')}`,
  );
  expect(outcomes).toEqual(Object.fromEntries(blocked.map((url) => [url, 'net::ERR_BLOCKED_BY_ADMINISTRATOR'])));
});

test('window.open to another origin opens nothing', async () => {
  const page = await context!.newPage();
  await page.goto(kiosk.url);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  const pages = context!.pages().length;
  expect(await page.evaluate(() => window.open('http://example.com/') === null)).toBe(true);
  expect(await page.evaluate(() => window.open(`${location.protocol}//localhost:9/`, '_blank') === null)).toBe(true);
  // One round trip to the browser later, still no new page.
  await page.evaluate(() => document.title);
  expect(context!.pages()).toHaveLength(pages);
  await page.close();
});

test('a document frame shows its page but can open no window and cannot navigate the kiosk', async () => {
  const page = await context!.newPage();
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'Rental Documents', exact: true }).click();
  await page.getByRole('button', { name: 'Rental Agreement', exact: true }).click();
  const element = page.locator('iframe[title="Rental Agreement"]');
  await expect(
    page.frameLocator('iframe[title="Rental Agreement"]').getByRole('heading', { name: 'Rental Agreement' }),
  ).toBeVisible();
  const sandbox = (await element.getAttribute('sandbox')) ?? '';
  expect(sandbox.split(/\s+/)).not.toEqual(expect.arrayContaining(['allow-popups']));
  expect(sandbox).not.toContain('allow-top-navigation');

  const frame = (await element.elementHandle())!.contentFrame();
  const inside = await (await frame)!.evaluate(() => {
    const opened = window.open('http://example.com/') === null ? 'nothing opened' : 'a window opened';
    let top: string;
    try {
      window.top!.location.href = 'http://example.com/';
      top = 'navigated the kiosk';
    } catch {
      top = 'refused';
    }
    return { opened, top };
  });
  expect(inside).toEqual({ opened: 'nothing opened', top: 'refused' });
  await expect(page.getByRole('heading', { name: 'Rental Agreement' }).first()).toBeVisible();
  expect(page.url()).toBe(kiosk.url);
  await page.close();
});

// ---- a clean browser between visitors --------------------------------------------------------------

/** True until the page has been loaded afresh (the session end's start-over). */
async function stillTheVisit(page: Page): Promise<boolean> {
  try {
    return await page.evaluate(() => (window as unknown as { __visit?: boolean }).__visit === true);
  } catch {
    return true; // navigating
  }
}

async function expectStartedOver(page: Page): Promise<void> {
  await expect.poll(() => stillTheVisit(page), { timeout: 30_000 }).toBe(false);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();
  const storage = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookies: document.cookie,
    databases: (await indexedDB.databases()).length,
    caches: (await caches.keys()).length,
  }));
  expect(storage).toEqual({ local: 0, session: 0, cookies: '', databases: 0, caches: 0 });
}

async function markVisit(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __visit?: boolean }).__visit = true));
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillYourInformation(page: Page): Promise<void> {
  await control(`${kiosk.sandboxUrl}/__sandbox/reset`);
  await reachIdentityStep(page, kiosk);
  await page.getByRole('button', { name: 'Manually Verify ID' }).click();
  await expect(page.getByRole('heading', { name: 'Your information', exact: true })).toBeVisible();
  await field(page, 'License Number').fill(WALK_IN.licence);
  await field(page, 'Email').fill(WALK_IN.email);
  await field(page, 'First Name').fill('Casey');
  await field(page, 'Last Name').fill('Jordan');
  await field(page, 'Address').fill(WALK_IN.address);
  await field(page, 'City').fill('Springfield');
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'info');
}

/** Every file of the profile, read as bytes, searched for each text as UTF-8 and as UTF-16. */
function profileMatches(texts: Record<string, string | RegExp>): string[] {
  const found: string[] = [];
  const files = readdirSync(profileDir, { recursive: true })
    .map((name) => join(profileDir, String(name)))
    .filter((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    });
  for (const path of files) {
    const bytes = readFileSync(path);
    const views = [bytes.toString('latin1'), bytes.toString('utf16le'), bytes.subarray(1).toString('utf16le')];
    for (const [what, text] of Object.entries(texts)) {
      const hit = views.some((view) => (typeof text === 'string' ? view.includes(text) : text.test(view)));
      if (hit) found.push(`${relative(profileDir, path)}: ${what}`);
    }
  }
  return found;
}

test("a tenant's and two walk-ins' visits leave nothing in the page, its storage, its history or the profile", async () => {
  const page = await context!.newPage();

  // A tenant logs in on PAY MY BILL, sees their units, and logs out.
  await openPayBill(page, kiosk);
  await logIn(page, TEST_USER.email, TEST_USER.password);
  await expect(page.getByRole('heading', { name: 'PAY MY BILL', exact: true })).toBeVisible({ timeout: 15_000 });
  await markVisit(page);
  await sidebar(page)
    .getByRole('button', { name: /^Logout/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to logout?' })
    .getByRole('button', { name: 'LOGOUT' })
    .click();
  await expectStartedOver(page);
  // Back leads nowhere personal.
  await page.goBack().catch(() => undefined);
  await expect(page.locator('body')).not.toContainText(TENANT.email);
  await expect(page.locator('body')).not.toContainText(TENANT.address);

  // A walk-in fills in their information, then taps Home: the session ends when it expires.
  await page.goto(kiosk.url);
  await fillYourInformation(page);
  await markVisit(page);
  await sidebar(page).getByRole('button', { name: 'Home', exact: true }).click();
  await expectStartedOver(page);
  await expect(page.locator('body')).not.toContainText(WALK_IN.email);

  // Another fills it in and walks away: the idle warning, then the reset.
  await fillYourInformation(page);
  await markVisit(page);
  await expect(page.getByRole('alertdialog', { name: 'ARE YOU STILL HERE?' })).toBeVisible({ timeout: 20_000 });
  await expectStartedOver(page);
  await page.goBack().catch(() => undefined);
  await expect(page.locator('body')).not.toContainText(WALK_IN.email);
  await expect(page.locator('body')).not.toContainText(WALK_IN.licence);

  await context!.close();
  context = undefined;
  const found = profileMatches({
    'tenant e-mail': TENANT.email,
    'tenant address': TENANT.address,
    'tenant gate code': new RegExp(`(?<![0-9])${TENANT.gateCode}(?![0-9])`),
    'walk-in e-mail': WALK_IN.email,
    'walk-in address': WALK_IN.address,
    'walk-in licence number': WALK_IN.licence,
  });
  console.log(`Profile search (${profileDir}): ${found.length === 0 ? 'nothing found' : `\n  ${found.join('\n  ')}`}`);
  expect(found).toEqual([]);
});
