import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { TEST_USER, TEXT_CODE } from './support/account.js';
import { facilityUsDate } from './support/facility-calendar.js';
import { readMetrics, useKiosk } from './support/kiosk.js';

/**
 * Only the kiosk's page can call (docs/security.md): while a tenant is logged in, a page of
 * another origin open in the same browser (an operator's signing page, a media host, anything
 * the kiosk browser shows) fires the form posts the daemon would once have answered with the
 * operator's key — a no-cors fetch and an HTML form, neither of which asks the daemon's leave.
 * Nothing reaches the operator; the tenant's own taps still do.
 */

const kiosk = useKiosk(test, { reset: ['sandbox'] });

/** tenant@example.com at the demo facility: tenant t-5001, paid-up unit B-13 (docs/sandbox.md). */
const TENANT = { facility_id: 'demo', tenant_id: 't-5001', space_id: 'sp-b-13', door: 'B-13' };
const PHONE_ON_FILE = '+12175550147';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Kiosk menu' });

interface Texts {
  texts: { to: string; kind: string }[];
}
interface Mails {
  mails: { kind: string }[];
}

async function sandbox<T>(path: string): Promise<T> {
  return (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/${path}`)).json()) as T;
}

async function refusals(reason: string): Promise<number> {
  const series = [...(await readMetrics(kiosk))].find(
    ([name]) => name.startsWith('kiosk_request_refused_total{') && name.includes(`reason="${reason}"`),
  );
  if (series === undefined) throw new Error('the daemon has no kiosk_request_refused_total');
  return series[1];
}

/**
 * A page of another origin (127.0.0.2, another site to the browser) that, once opened, sends the
 * gate code by text and a move-out notice through the daemon, each as a no-cors fetch and as a
 * form posted into a frame, then says "done".
 */
function attackerPage(daemon: string, moveOutDate: string): string {
  const gateCode = new URLSearchParams({
    facility_id: TENANT.facility_id,
    tenant_id: TENANT.tenant_id,
    space_id: TENANT.space_id,
    unit_door_number: TENANT.door,
    phone_number: PHONE_ON_FILE,
  });
  const moveOut = new URLSearchParams({
    facility_id: TENANT.facility_id,
    tenant_id: TENANT.tenant_id,
    space_id: TENANT.space_id,
    move_out_date: moveOutDate,
  });
  const form = (name: string, action: string, fields: URLSearchParams) =>
    `<form id="${name}" method="post" action="${daemon}${action}" target="${name}-sink">` +
    [...fields].map(([field, value]) => `<input type="hidden" name="${field}" value="${value}">`).join('') +
    `</form><iframe name="${name}-sink" title="${name}"></iframe>`;
  return `<!doctype html><html><head><title>attacker</title></head><body>
${form('gate', '/api/text-gate-code/', gateCode)}
${form('moveout', '/api/move-out-notice/', moveOut)}
<script>
  const sent = (frame) => new Promise((done) => document.querySelector('iframe[name="' + frame + '"]').addEventListener('load', done, { once: true }));
  (async () => {
    await fetch(${JSON.stringify(`${daemon}/api/text-gate-code/`)}, { mode: 'no-cors', method: 'POST', body: new URLSearchParams(${JSON.stringify(gateCode.toString())}) });
    await fetch(${JSON.stringify(`${daemon}/api/move-out-notice/`)}, { mode: 'no-cors', method: 'POST', body: new URLSearchParams(${JSON.stringify(moveOut.toString())}) });
    const frames = [sent('gate-sink'), sent('moveout-sink')];
    document.getElementById('gate').submit();
    document.getElementById('moveout').submit();
    await Promise.all(frames);
    document.title = 'done';
  })();
</script></body></html>`;
}

async function serveOn127002(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("a page of another origin cannot send a logged-in tenant's gate code or move-out notice; the tenant still can", async ({
  page,
  context,
}) => {
  // A tenant logs in on the kiosk by a code sent to the phone on file.
  await page.goto(kiosk.url);
  await menu(page).getByRole('button', { name: 'MY STORAGE', exact: true }).click();
  await expect(page.getByLabel(/^Cell Phone/)).toBeFocused();
  await page.keyboard.type(TEST_USER.phone);
  await page.getByRole('button', { name: 'Send Code', exact: true }).click();
  await expect(page.getByLabel(/^Code/)).toBeFocused();
  await page.keyboard.type(TEXT_CODE);
  await expect(heading(page, 'Your units')).toBeVisible({ timeout: 15_000 });
  const textsBefore = (await sandbox<Texts>('texts')).texts.filter((text) => text.kind === 'gate-code');
  expect(textsBefore).toEqual([]);
  const refusedBefore = await refusals('cross-origin');

  // Meanwhile another origin's page in the same browser fires its posts at the daemon.
  const moveOutDate = facilityUsDate(30);
  const attacker = await serveOn127002(attackerPage(kiosk.baseUrl, moveOutDate));
  try {
    const other = await context.newPage();
    await other.goto(attacker.url);
    await expect(other).toHaveTitle('done');
    await other.close();
  } finally {
    await attacker.close();
  }

  // Each of the four reached the daemon and was refused there, before the operator heard of it.
  expect(await refusals('cross-origin')).toBe(refusedBefore + 4);
  expect((await sandbox<Texts>('texts')).texts.filter((text) => text.kind === 'gate-code')).toEqual([]);
  expect((await sandbox<Mails>('mails')).mails.filter((mail) => mail.kind === 'move-out')).toEqual([]);

  // The tenant's own taps on the kiosk page go through.
  const b13 = page.getByRole('article', { name: `Unit ${TENANT.door}` });
  await b13.getByRole('button', { name: 'My gate code' }).click();
  await expect(b13.getByRole('status')).toHaveText('message sent successfully to (•••) •••-0147');
  expect((await sandbox<Texts>('texts')).texts.filter((text) => text.kind === 'gate-code')).toEqual([
    expect.objectContaining({ to: PHONE_ON_FILE }),
  ]);

  await page.getByRole('button', { name: 'Move out', exact: true }).click();
  await expect(heading(page, 'Move out')).toBeVisible();
  await page.getByLabel(/^Unit/).selectOption({ label: `Unit ${TENANT.door}` });
  await page.getByLabel(/^Move-out date/).fill(moveOutDate);
  await page.getByRole('button', { name: 'Send my move-out notice' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your move-out notice for unit ${TENANT.door} is in.`);
  expect((await sandbox<Mails>('mails')).mails.filter((mail) => mail.kind === 'move-out')).toHaveLength(1);

  // Not one of the page's own calls was refused: the preloads, the log posts, every tap's call.
  expect(await refusals('not-kiosk-page')).toBe(0);
  expect(await refusals('foreign-host')).toBe(0);
});
