#!/usr/bin/env node
// npm run bench:licence-scan
//
// Taps and keystrokes a visitor makes on the identity step of a rental ("Manually Verify ID", the
// info form, Done), typing everything by hand against scanning the driver licence, in Chromium
// against the production build served by the built daemon (sandbox mode, licence-scan simulator).
// The bench performs each tap and key itself and counts them: a tap is a click (a select takes
// two: open, choose), a keystroke is one key typed into a field. Both walks must reach the next
// section, so a count for a form that did not submit is never printed. The rest of the rental is
// the same either way and not counted.
// Target (docs/id-scanner.md, "Figure"): the scan cuts the identity step's taps + keystrokes by at least 40 %.
/* global document */
import { launchChromium, VIEWPORT } from './lib/browser.mjs';
import { asKioskPage, requireBuilt, startKiosk } from './lib/kiosk.mjs';
import { fixed, record, runMain } from './lib/report.mjs';

const TARGET_CUT = 0.4;
/** The visitor of the sample licence (daemon/src/devices/id-scanner/aamva-fixtures.ts, 'valid'). */
const VISITOR = {
  email: 'jane.tenant@example.com',
  phone: '2175550182',
  first: 'Jane',
  last: 'Tenant',
  address: '1250 Maple Street',
  city: 'Springfield',
  zip: '62704',
  licence: 'T52071588017',
  state: 'IL',
  expiry: '11252030',
};

const field = (page, label) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

async function waitForSection(page, name) {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-rental-section]')?.getAttribute('data-rental-section') === wanted,
    name,
    { timeout: 20_000 },
  );
}

function counter(page) {
  const counts = { taps: 0, keys: 0 };
  return {
    counts,
    async tap(locator) {
      await page.evaluate(() => document.activeElement?.blur());
      await locator.click();
      counts.taps += 1;
    },
    async type(locator, text) {
      await locator.click();
      counts.taps += 1;
      await locator.pressSequentially(text);
      counts.keys += text.length;
    },
    async choose(locator, value) {
      await locator.selectOption(value);
      counts.taps += 2;
    },
  };
}

/** Select a Space → medium → door B-10 → the identity step (not counted: the same either way). */
async function reachIdentity(page, kiosk) {
  await page.goto(kiosk.url);
  await page
    .getByRole('navigation', { name: 'Kiosk menu' })
    .getByRole('button', { name: 'Select a Space', exact: true })
    .click();
  await waitForSection(page, 'detail_page');
  await page.locator('[data-group="medium"]').getByRole('button', { name: 'SELECT', exact: true }).click();
  const row = page.locator('#unit-group-panel [data-door="B-10"]');
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: /^SELECT/ }).click();
  await waitForSection(page, 'rent_this_space');
}

async function identityStep(page, kiosk, { scan }) {
  const { counts, tap, type, choose } = counter(page);
  await tap(page.getByRole('button', { name: /Manually Verify ID/ }));
  await waitForSection(page, 'info');
  await type(field(page, 'Email'), VISITOR.email);
  await type(field(page, 'Cell Phone'), VISITOR.phone);
  if (scan) {
    await tap(page.getByRole('button', { name: 'Scan your driver license' }));
    // The visitor holds the licence under the scanner: no tap, no key.
    const response = await fetch(`${kiosk.baseUrl}/device/id/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await asKioskPage()) },
      body: JSON.stringify({ fixture: 'valid' }),
    });
    if (!response.ok) throw new Error(`licence-scan simulator answered ${response.status}`);
    await page.getByText('Your details were filled in from your license.').waitFor();
  } else {
    await type(field(page, 'First Name'), VISITOR.first);
    await type(field(page, 'Last Name'), VISITOR.last);
    await type(field(page, 'Address'), VISITOR.address);
    await type(field(page, 'City'), VISITOR.city);
    await type(field(page, 'Zip Code'), VISITOR.zip);
    await page.waitForFunction(() => document.querySelector('select[name="mailing_state"]')?.value === 'IL');
    await type(field(page, 'License Number'), VISITOR.licence);
    await choose(field(page, 'Issuing State'), VISITOR.state);
    await type(field(page, 'Expiration Date'), VISITOR.expiry);
  }
  const business = page.getByRole('group', { name: /Business Rental\?/ });
  if (await business.isVisible()) await tap(business.getByText('No', { exact: true }));
  await tap(page.getByRole('button', { name: 'Done', exact: true }));
  await waitForSection(page, 'secondary_contact');
  return counts;
}

async function main() {
  requireBuilt();
  const kiosk = await startKiosk();
  const browser = await launchChromium();
  try {
    const results = {};
    for (const scan of [false, true]) {
      await fetch(`${kiosk.sandboxUrl}/__sandbox/reset`, { method: 'POST' });
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      await reachIdentity(page, kiosk);
      results[scan ? 'scan' : 'typed'] = await identityStep(page, kiosk, { scan });
      await context.close();
    }
    const total = (counts) => counts.taps + counts.keys;
    const cut = 1 - total(results.scan) / total(results.typed);
    console.log('Identity step of a rental (Manually Verify ID → info form → Done):');
    for (const [name, counts] of Object.entries(results)) {
      console.log(
        `  ${name === 'scan' ? 'with the licence scan' : 'typed by hand'}: ${counts.taps} taps + ${counts.keys} keystrokes = ${total(counts)}`,
      );
    }
    record({
      bench: 'licence-scan',
      metric: 'taps + keystrokes cut by the licence scan',
      value: `${fixed(cut * 100)} %`,
      target: `≥ ${TARGET_CUT * 100} %`,
      met: cut >= TARGET_CUT,
    });
  } finally {
    await browser.close();
    await kiosk.stop();
  }
}

await runMain('bench:licence-scan', main);
