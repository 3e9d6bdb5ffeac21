import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { expect, test, type Page } from '@playwright/test';
import {
  expectSection as section,
  reachIdentityStep,
  rentalSection,
  tapDone as done,
  walkToGateCode,
  answerNotBusiness,
} from './support/flows.js';
import { AS_KIOSK_PAGE, E2E_API_KEY, E2E_HEALTH_TOKEN, control, pageFetch, useKiosk } from './support/kiosk.js';

/**
 * Security checks against the real built daemon process (with its sandbox and card-reader
 * simulator) and the built UI (docs/performance.md: "card number, CVV, API key in any log,
 * spool, bundle or browser storage: never"). The daemon's unit tests (daemon/src/plugins/*.test.ts)
 * cover the same rules in-process; these make sure they hold in the shipped build.
 *
 * No bypassCSP here: the pages run under the daemon's real Content-Security-Policy, and a
 * violation while browsing fails the test.
 *
 * The support listener's rate limit is tested last: it shuts the listener for a minute.
 */

const UI_DIST = resolve(import.meta.dirname, '../../kiosk-ui/dist');
const SANDBOX_DEFAULT_KEY = 'sandbox-api-key';
const TEST_CARDS = ['4111111111111111', '378282246310005', '4000000000000002', '4000000000009995'];
const VISA = '4111111111111111';
const CVV = '738';
const TENANT = { email: 'tenant@example.com', password: 'Password!1' };

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader'] });

// ---- helpers -------------------------------------------------------------------------------------

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile());
}

/** '4111111111111111' -> '4111 1111 1111 1111' (how the card fields show it). */
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function expectNoCardData(text: string, where: string): void {
  for (const card of TEST_CARDS) {
    expect(text, `${where} holds the card number ${card}`).not.toContain(card);
    expect(text, `${where} holds the card number ${spaced(card)}`).not.toContain(spaced(card));
  }
  expect(text, `${where} holds the CVV`).not.toMatch(new RegExp(`(cvv|cvc|security.?code)[^,}\\n]{0,16}${CVV}`, 'i'));
  expect(text, `${where} holds the CVV as a value`).not.toContain(`"${CVV}"`);
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request with the path exactly as given (fetch would normalise `..` away) and an
 * optional body; resolves with the first response even if the server closes mid-upload.
 */
function raw(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: Buffer;
    /** Send the body in 64 KiB writes without a content-length. */
    chunked?: boolean;
    /** Send only the first 64 KiB of the body and wait for the answer (the headers declare it all). */
    partial?: boolean;
  } = {},
): Promise<RawResponse> {
  const base = new URL(kiosk.baseUrl);
  return new Promise((resolvePromise, reject) => {
    const request = httpRequest(
      // agent: false — a fresh connection each time: the refusals below close theirs.
      {
        host: base.hostname,
        port: base.port,
        method: options.method ?? 'GET',
        path,
        headers: { ...AS_KIOSK_PAGE, ...options.headers },
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolvePromise({ status: response.statusCode ?? 0, headers: response.headers, body });
          request.destroy();
        });
        response.on('error', reject);
      },
    );
    // The server may answer (413, 431) and close before the upload ends: that answer is the result.
    request.on('error', (error) => setTimeout(() => reject(error), 1000));
    if (options.body && options.partial) {
      // An early refusal closes the connection; a client still uploading would see EPIPE instead.
      request.write(options.body.subarray(0, 64 * 1024));
    } else if (options.body && options.chunked) {
      // Several chunks, no content-length: the daemon has to count what streams through.
      const size = 64 * 1024;
      for (let at = 0; at < options.body.length; at += size) request.write(options.body.subarray(at, at + size));
      request.end();
    } else {
      request.end(options.body);
    }
  });
}

/** Everything the browser keeps: both storages, cookies, IndexedDB contents, cache names. */
async function browserStorage(page: Page): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const dump = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').map((key) => [
          key,
          storage.getItem(key),
        ]),
      );
    const databases: Record<string, unknown[]> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => done(opening.result);
        opening.onerror = () => fail(opening.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        databases[`${name}/${store}`] = await new Promise<unknown[]>((done) => {
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => done(reading.result);
          reading.onerror = () => done([]);
        });
      }
      db.close();
    }
    return JSON.stringify({
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      documentCookie: document.cookie,
      indexedDB: databases,
      caches: 'caches' in window ? await caches.keys() : [],
    });
  });
  return `${inPage}\n${JSON.stringify(await page.context().cookies())}`;
}

/** Every log the daemon wrote or shipped to the logging app, and every spool file. */
async function everyLog(): Promise<string> {
  const shipped = await (await fetch(`${kiosk.sandboxUrl}/__sandbox/logs`)).text();
  const spooled = filesUnder(kiosk.spoolDir)
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  return `${kiosk.output()}\n${shipped}\n${spooled}`;
}

/** Collects Content-Security-Policy violations the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Kiosk menu' });

// ---- the built bundle ----------------------------------------------------------------------------

test('the built UI bundle holds no API key, no x-api-key value and no test card number', async () => {
  const files = filesUnder(UI_DIST);
  expect(files.some((path) => path.endsWith('index.html'))).toBe(true);
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const name = path.slice(UI_DIST.length + 1);
    expect(text, `${name} holds the kiosk's API key`).not.toContain(E2E_API_KEY);
    expect(text, `${name} holds the sandbox's default API key`).not.toContain(SANDBOX_DEFAULT_KEY);
    // The UI never sets the key header itself: no "x-api-key": "…" / ('x-api-key', '…') pair.
    expect(text, `${name} sets an x-api-key value`).not.toMatch(/x-api-key['"`]?\s*[:,=]\s*['"`][^'"`\s]{4,}/i);
    for (const card of TEST_CARDS) expect(text, `${name} holds the card number ${card}`).not.toContain(card);
  }
});

// ---- the daemon's answers --------------------------------------------------------------------------

test('no answer of the daemon carries the API key: pages, assets, /api, /device, /session, /time and the /events hello', async () => {
  const paths = [
    '/demo',
    '/',
    '/unknown/page',
    '/time/',
    '/device/card/health',
    '/device/card/simulate',
    '/session/holds',
  ];
  const html = await (await fetch(`${kiosk.baseUrl}/demo`)).text();
  const assets = filesUnder(join(UI_DIST, 'assets')).map((path) => `/assets/${path.split('/assets/')[1]}`);
  expect(assets.length).toBeGreaterThan(0);
  expect(html).toContain('<div id="root">');
  const api = [
    '/api/facilities/demo/configuration/',
    '/api/facilities/demo/?All=true&facility_id=demo',
    '/api/facilities/demo/spaces/',
    '/api/owners/demo-owner/website/facilities/demo/capabilities/',
    '/api/not/on/the/list/',
  ];
  const checked: string[] = [];
  for (const path of [...paths, ...assets, ...api]) {
    const response = await pageFetch(`${kiosk.baseUrl}${path}`, { headers: { accept: 'text/html,*/*' } });
    const headers: string[] = [];
    response.headers.forEach((value, name) => headers.push(`${name}: ${value}`));
    const text = `${headers.join('\n')}\n${await response.text()}`;
    expect(text, `${path} answered with the API key`).not.toContain(E2E_API_KEY);
    expect(response.headers.get('x-api-key'), `${path} answered an x-api-key header`).toBeNull();
    checked.push(path);
  }

  // A hold and its release, through the proxy.
  const hold = await pageFetch(`${kiosk.baseUrl}/api/facilities/demo/spaces/sp-a101/hold/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  const holdText = await hold.text();
  expect(holdText).not.toContain(E2E_API_KEY);
  const token = (JSON.parse(holdText) as { application_data: { result?: { token?: string } } }).application_data.result
    ?.token;
  expect(token).toBeTruthy();
  const release = await pageFetch(`${kiosk.baseUrl}/api/facilities/demo/release-space/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ facility_id: 'demo', space_id: 'sp-a101', hold_token: token ?? '' }).toString(),
  });
  expect(await release.text()).not.toContain(E2E_API_KEY);

  // The WebSocket's hello (and whatever follows within a moment).
  const socket = new WebSocket(`${kiosk.baseUrl.replace(/^http/, 'ws')}/events`, { origin: kiosk.baseUrl });
  const messages: string[] = [];
  socket.on('message', (data: Buffer) => messages.push(data.toString()));
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  await expect.poll(() => messages.length).toBeGreaterThan(0);
  socket.close();
  expect(JSON.parse(messages[0] ?? '{}')).toMatchObject({ type: 'hello' });
  expect(messages.join('\n')).not.toContain(E2E_API_KEY);

  expect(checked.length).toBe(paths.length + assets.length + api.length);
  expect(kiosk.output(), "the daemon's own log holds the API key").not.toContain(E2E_API_KEY);
});

// ---- browser storage after the flows --------------------------------------------------------------

test('browser storage holds no card number or CVV after browsing every section and paying a bill with a swiped card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cspViolations = await watchCsp(page);
  await page.goto(kiosk.url);
  await expect(page.getByRole('heading', { name: 'WELCOME', exact: true })).toBeVisible();

  // Every sidebar section once (sections that hide the sidebar offer Home). A tap paints its
  // answer before the section is built: each one is waited for by its own screen, not by whichever
  // heading is still there.
  const names = (await sidebar(page).getByRole('button').allInnerTexts()).map((name) => name.trim());
  for (const name of names.filter((item) => item !== 'Home' && item !== 'Logout')) {
    if (!(await sidebar(page).isVisible())) {
      await page.locator('main').getByRole('button', { name: 'Home', exact: true }).click();
      await expect(page.locator('main[data-section="home"]')).toBeVisible();
    }
    const item = sidebar(page).getByRole('button', { name, exact: true });
    const section = await item.getAttribute('data-nav-target');
    await item.click();
    await expect(page.locator(`main[data-section="${section}"] h1`).first()).toBeVisible();
  }
  if (!(await sidebar(page).isVisible()))
    await page.locator('main').getByRole('button', { name: 'Home', exact: true }).click();

  // Pay My Bill: log in, pay A102 with a swiped card, type the CVV.
  await sidebar(page).getByRole('button', { name: 'PAY MY BILL', exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill(TENANT.email);
  await page.getByLabel('Password', { exact: true }).fill(TENANT.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('article', { name: 'Unit A102' }).getByLabel('Pay my bill').check({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Make a payment', exact: true }).click();
  await expect(page.locator('.swipe-panel')).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${kiosk.simulatorUrl}/__simulator/state`)).json()).waiting)
    .toBe(true);
  await control(`${kiosk.baseUrl}/device/card/simulate`, { outcome: 'approve' });
  await expect(page.getByLabel('Card Number')).toHaveValue(spaced(VISA));
  await page.getByLabel('CVV').fill(CVV);

  // The card is on screen now, the most exposed moment: nothing of it may sit in storage.
  expectNoCardData(await browserStorage(page), 'browser storage (card form filled)');
  await page.getByRole('button', { name: 'Make a payment', exact: true }).click();
  await expect(page.getByLabel('Card Number')).toBeHidden({ timeout: 20_000 });
  expectNoCardData(await browserStorage(page), 'browser storage (after paying)');

  expect(await cspViolations()).toEqual([]);
  await page.waitForTimeout(2500); // the UI's log batch reaches the daemon and the logging app
  expectNoCardData(await everyLog(), 'the logs and the spool');
  expect(await everyLog()).not.toContain(E2E_API_KEY);
});

// The full rental flow through card entry and payment. Extend this as the rental screens grow.
test('browser storage holds no card number or CVV after a full rental through card entry', async ({ page }) => {
  test.setTimeout(180_000);
  const cspViolations = await watchCsp(page);
  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-10' });

  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await section(page, 'info');
  await page.getByLabel('Email', { exact: true }).fill('storage.check@example.com');
  await page.getByLabel('Cell Phone', { exact: true }).pressSequentially('2175550182');
  await page.getByLabel('First Name', { exact: true }).fill('Sam');
  await page.getByLabel('Last Name', { exact: true }).fill('Storage');
  await page.getByLabel('Address', { exact: true }).fill('1250 Maple Street');
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('Zip Code', { exact: true }).pressSequentially('62704');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('IL');
  await page.getByLabel('License Number', { exact: true }).fill('D1234567');
  await page.getByLabel('Issuing State', { exact: true }).selectOption('IL');
  await page.getByLabel('Expiration Date', { exact: true }).pressSequentially('12312030');
  await answerNotBusiness(page);
  await done(page);

  await walkToGateCode(page, '2468');
  await done(page);

  await section(page, 'swipe_scan');
  await expect
    .poll(async () => (await (await fetch(`${kiosk.simulatorUrl}/__simulator/state`)).json()).waiting)
    .toBe(true);
  await control(`${kiosk.baseUrl}/device/card/simulate`, { outcome: 'approve' });
  await section(page, 'card_details');
  await expect(page.getByLabel('Card number')).toHaveValue(spaced(VISA));
  await page.getByLabel('CVV').pressSequentially(CVV);
  expectNoCardData(await browserStorage(page), 'browser storage (card details filled)');
  await page.getByRole('button', { name: 'Complete Rental' }).click();

  await section(page, 'panda_fields');
  await page.getByLabel(/What will you store/).fill('Boxes and a bicycle');
  await page.getByRole('radio', { name: 'Personal use' }).check();
  await page.getByRole('checkbox', { name: /I will not store hazardous materials/ }).check();
  await done(page);
  await section(page, 'panda_agreements');
  // Sign every document the flow asks for, whatever the plan and options chose.
  for (let signed = 0; signed < 5; signed += 1) {
    if ((await rentalSection(page).getAttribute('data-rental-section')) !== 'panda_agreements') break;
    const title = await page.locator('iframe[title]').first().getAttribute('title', { timeout: 10_000 });
    const sign = page.frameLocator(`iframe[title="${title}"]`).getByRole('button', { name: 'Sign' });
    await sign.click();
    await expect(sign)
      .toBeHidden({ timeout: 10_000 })
      .catch(() => undefined);
  }
  await section(page, 'confirm_rental');
  await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();

  expectNoCardData(await browserStorage(page), 'browser storage (rental confirmed)');
  expect(await cspViolations()).toEqual([]);
  await page.waitForTimeout(2500);
  expectNoCardData(await everyLog(), 'the logs and the spool');
});

// ---- the proxy --------------------------------------------------------------------------------------

test('the proxy refuses calls off the allow-list and path traversal with 404, never reaching the upstream', async () => {
  const refused = [
    '/api/not/on/the/list/',
    '/api/facilities/demo/configuration', // the allow-list has the trailing slash
    '/api/..%2f..%2fetc/passwd',
    '/api/facilities/demo/../../x',
    '/api/facilities/demo/%2e%2e/%2e%2e/x',
    '/api/facilities%2fdemo/configuration/',
    '/api/facilities/demo%5c..%5c/configuration/',
    '/api//facilities/demo/configuration/',
  ];
  for (const path of refused) {
    const response = await raw(path);
    expect(response.status, path).toBe(404);
    expect(response.body, path).not.toContain('root:');
    expect(response.body, path).not.toContain('application_data');
  }
  const wrongMethod = await raw('/api/facilities/demo/configuration/', { method: 'DELETE' });
  expect(wrongMethod.status).toBe(404);
  expect(JSON.parse(wrongMethod.body)).toMatchObject({
    statusCode: 404,
    message: 'This call is not allowed from the kiosk.',
  });
  // The same call on the list goes through.
  expect((await raw('/api/facilities/demo/configuration/')).status).toBe(200);
});

test('the proxy refuses an oversize body with 413, declared or streamed, and an over-long header with 431', async () => {
  const limit = 1_048_576; // KIOSK_BODY_LIMIT_BYTES default
  const body = Buffer.alloc(limit + 64 * 1024, 'a');
  const path = '/api/facilities/demo/spaces/sp-a101/hold/';
  const declared = await raw(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
    body,
    partial: true,
  });
  expect(declared.status).toBe(413);
  const streamed = await raw(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
    body,
    chunked: true,
  });
  expect(streamed.status).toBe(413);

  const longHeader = await raw('/api/facilities/demo/configuration/', { headers: { 'x-filler': 'a'.repeat(20_000) } });
  expect(longHeader.status).toBe(431);
  // The daemon is still serving.
  expect((await raw('/api/facilities/demo/configuration/')).status).toBe(200);
});

// ---- the WebSocket ---------------------------------------------------------------------------------

test('the event stream refuses a foreign origin and a foreign Host, and accepts its own origin', async () => {
  const url = `${kiosk.baseUrl.replace(/^http/, 'ws')}/events`;
  const port = new URL(kiosk.baseUrl).port;
  const attempt = (headers: { origin: string; host?: string }) =>
    new Promise<number>((done) => {
      const socket = new WebSocket(url, {
        origin: headers.origin,
        ...(headers.host ? { headers: { host: headers.host } } : {}),
      });
      socket.once('open', () => {
        socket.close();
        done(101);
      });
      socket.once('unexpected-response', (_request, response) => {
        done(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('error', () => done(-1));
    });
  expect(await attempt({ origin: 'http://evil.example' })).toBe(403);
  expect(await attempt({ origin: `http://attacker.example:${port}` })).toBe(403);
  // DNS rebinding: a foreign name that resolves to the kiosk, with a matching Origin.
  expect(await attempt({ origin: `http://rebind.example:${port}`, host: `rebind.example:${port}` })).toBe(403);
  expect(await attempt({ origin: kiosk.baseUrl })).toBe(101);
});

// ---- UI response headers -----------------------------------------------------------------------------

test('UI responses carry the Content-Security-Policy and the usual security headers', async () => {
  // The page once the daemon has its first paint of the welcome (fetched at start).
  await expect.poll(async () => (await fetch(`${kiosk.baseUrl}/demo`)).text()).toContain('id="kiosk-first-paint"');
  const html = await (await fetch(`${kiosk.baseUrl}/demo`)).text();
  const entry = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  // The only inline script is the first paint's tap script: the policy allows it by its hash.
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code);
  expect(inline).toHaveLength(1);
  const tapScript = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
  for (const path of ['/demo', '/', '/no/such/page', '/time/', entry ?? '']) {
    const response = await fetch(`${kiosk.baseUrl}${path}`, { headers: { accept: 'text/html' } });
    expect(response.status, path).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('default-src'), path).toBe("default-src 'self'");
    expect(directive('script-src'), path).toBe(`script-src 'self' ${tapScript}`);
    expect(directive('object-src'), path).toBe("object-src 'none'");
    expect(directive('base-uri'), path).toBe("base-uri 'self'");
    expect(directive('frame-ancestors'), path).toBe("frame-ancestors 'self'");
    expect(directive('form-action'), path).toBe("form-action 'self'");
    expect(csp, path).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
    expect(response.headers.get('x-powered-by'), path).toBeNull();
  }
});

// ---- the support listener (last: its rate limit stays shut for a minute) ------------------------------

test('the support listener wants its bearer token and rate-limits a guesser', async () => {
  const support = kiosk.supportUrl;
  expect(support).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const missing = await fetch(`${support}/health/live`);
  expect(missing.status).toBe(401);
  expect(missing.headers.get('www-authenticate')).toContain('Bearer');
  expect((await fetch(`${support}/metrics`, { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
  expect((await fetch(`${support}/metrics`, { headers: { authorization: E2E_HEALTH_TOKEN } })).status).toBe(401);

  const metrics = await fetch(`${support}/metrics`, { headers: { authorization: `Bearer ${E2E_HEALTH_TOKEN}` } });
  expect(metrics.status).toBe(200);
  const text = await metrics.text();
  expect(text).toContain('kiosk_proxy_requests_total');
  expect(text).not.toContain(E2E_API_KEY);

  // A token guesser: within the window the listener starts answering 429 with Retry-After.
  let limited: Response | undefined;
  for (let i = 0; i < 100 && limited === undefined; i += 1) {
    const response = await fetch(`${support}/health/live`, { headers: { authorization: `Bearer guess-${i}` } });
    if (response.status === 429) limited = response;
    else expect(response.status).toBe(401);
  }
  expect(limited?.status).toBe(429);
  expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  // Even the right token waits out the window.
  expect(
    (await fetch(`${support}/health/live`, { headers: { authorization: `Bearer ${E2E_HEALTH_TOKEN}` } })).status,
  ).toBe(429);
});
